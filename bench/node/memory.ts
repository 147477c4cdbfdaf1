/**
 * Memory per pending request through the real client: `AgentSessions` in plain Node (caps raised for the
 * measurement), the benchmark agent holding N standard requests. Heap delta (after GC) over the N pending, / N.
 * Also the size of the snapshot message the view would get with those N cards.
 */
import { commandId, waitForResult } from "../agentLog";
import { sleep, summarize, type Summary } from "../stats";
import { BENCH_AGENT_NAME, createPlainClient } from "./clientEnv";
import { heapUsedAfterGc } from "./heap";
import { pageSnapshot, SNAPSHOT_PAGE_BYTES } from "../../src/core/snapshotPages";

export interface MemoryResult {
  pending: number;
  rounds: number;
  bytesPerPending: Summary;
  /** `{type: "snapshot", snapshot}` with N pending, serialized whole. */
  snapshotBytes: number;
  /** The largest message of that snapshot paged as the view sends it (`pageSnapshot`). */
  largestSnapshotMessageBytes: number;
  /** One `{type: "update", ops: [prompt op]}` message for a standard request. */
  promptMessageBytes: number;
}

export async function measureMemory(pending: number, rounds: number): Promise<MemoryResult> {
  const client = createPlainClient({
    limits: { perSession: pending + 10, perAgent: pending + 10, timeoutMs: 0 },
  });
  const { sessions } = client;
  let promptMessageBytes = 0;
  // A listener like the host's: it looks at each op and lets it go (the view's batcher holds ops for one frame only).
  sessions.onDidChange((ops) => {
    if (promptMessageBytes === 0) {
      const prompt = ops.find((op) => op.op === "prompt");
      if (prompt) promptMessageBytes = Buffer.byteLength(JSON.stringify({ type: "update", ops: [prompt] }));
    }
  });
  const perPending: number[] = [];
  let snapshotBytes = 0;
  let largestSnapshotMessageBytes = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const key = await sessions.startSession(BENCH_AGENT_NAME);
      await sleep(50);
      const before = await heapUsedAfterGc();
      const id = commandId("memory");
      void sessions.sendPrompt(key, JSON.stringify({ op: "hold", id, count: pending }));
      const deadline = Date.now() + 60_000;
      while (sessions.pending.size < pending) {
        if (Date.now() > deadline)
          throw new Error(`only ${sessions.pending.size} of ${pending} requests became pending`);
        await sleep(20);
      }
      const after = await heapUsedAfterGc();
      perPending.push((after - before) / pending);
      if (round === 0) {
        const snapshot = sessions.snapshot();
        snapshotBytes = Buffer.byteLength(JSON.stringify({ type: "snapshot", snapshot }));
        // What the view actually posts: the snapshot paged like SymposiumView pages it.
        const pages = pageSnapshot(snapshot, SNAPSHOT_PAGE_BYTES);
        largestSnapshotMessageBytes = Math.max(
          Buffer.byteLength(JSON.stringify({ type: "snapshot", snapshot: pages.snapshot })),
          ...pages.updates.map((ops) => Buffer.byteLength(JSON.stringify({ type: "update", ops }))),
        );
      }
      await sessions.stop(key);
      await waitForResult(client.logFile, id, 30_000);
      await sessions.closeSession(key);
    }
  } finally {
    await client.dispose();
  }
  return {
    pending,
    rounds,
    bytesPerPending: summarize(perPending),
    snapshotBytes,
    largestSnapshotMessageBytes,
    promptMessageBytes,
  };
}
