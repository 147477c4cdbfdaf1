// A session holding a hundred tool calls of 8 MB each (raw input and diff text) stays under a heap bound: the model
// keeps capped views plus a bounded cache of full texts. Measured in a child started with --expose-gc, so the number
// is the live heap after a full collection, not whatever garbage the runner left behind.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { SessionModel } from "../../src/core/sessionModel";

const TOOL_CALLS = 100;
const BYTES_PER_CALL = 8 * 1024 * 1024;
/** The stated bound: capped views and the full-text cache, far below the 800 MB the tool calls were sent with. */
const HEAP_BOUND_MB = 150;

function fill(model: SessionModel): void {
  for (let i = 0; i < TOOL_CALLS; i++) {
    // Distinct texts per call (one shared string would be counted once).
    const line = `${String(i).padStart(4, "0")} ${"x".repeat(75)}\n`;
    const text = line.repeat(Math.ceil(BYTES_PER_CALL / 2 / line.length));
    model.applyUpdate({
      sessionUpdate: "tool_call",
      toolCallId: `big-${i}`,
      title: `Edit big-${i}.txt`,
      kind: "edit",
      rawInput: { file_path: `/work/big-${i}.txt`, content: text },
      content: [{ type: "diff", path: `/work/big-${i}.txt`, oldText: null, newText: text.toUpperCase() }],
    });
  }
}

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with --expose-gc");
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

if (process.argv.includes("--measure-session-memory")) {
  const before = heapAfterGc();
  const model = new SessionModel("key", "Agent", (path) => ({
    inside: path.startsWith("/work/"),
    display: path,
  }));
  fill(model);
  const held = heapAfterGc() - before;
  // Keep the model alive through the measurement.
  process.stdout.write(JSON.stringify({ heldMb: held / 1024 / 1024, items: model.transcript().length }));
} else {
  describe("Session memory", function () {
    this.timeout(120_000);

    it("keeps a diff's whole texts for the diff editor, and frees them with the budget", () => {
      const model = new SessionModel("key", "Agent", (path) => ({
        inside: path.startsWith("/work/"),
        display: path,
      }));
      const big = "y".repeat(1024 * 1024);
      model.applyUpdate({
        sessionUpdate: "tool_call",
        toolCallId: "t",
        title: "Edit",
        kind: "edit",
        content: [{ type: "diff", path: "/work/a.txt", oldText: "old", newText: big }],
      });
      assert.deepEqual(model.fullDiff("t", 0), {
        type: "diff",
        path: "/work/a.txt",
        oldText: "old",
        newText: big,
      });
      for (let i = 0; i < 40; i++)
        model.applyUpdate({
          sessionUpdate: "tool_call",
          toolCallId: `later-${i}`,
          title: "Edit",
          kind: "edit",
          content: [{ type: "diff", path: "/work/b.txt", oldText: null, newText: `${i}${big}` }],
        });
      assert.equal(model.fullDiff("t", 0), undefined, "the oldest full text went first");
      const item = model.transcript().find((i) => i.kind === "tool_call" && i.toolCallId === "t");
      assert.ok(item?.kind === "tool_call" && item.content[0]?.type === "diff", "its capped preview stays");
    });

    it(`holds ${TOOL_CALLS} tool calls of 8 MB under ${HEAP_BOUND_MB} MB of heap`, () => {
      const child = spawnSync(process.execPath, ["--expose-gc", __filename, "--measure-session-memory"], {
        encoding: "utf8",
        maxBuffer: 1024 * 1024,
      });
      assert.equal(child.status, 0, child.stderr);
      const { heldMb, items } = JSON.parse(child.stdout) as { heldMb: number; items: number };
      assert.equal(items, TOOL_CALLS, "every tool call is still in the transcript");
      assert.ok(heldMb < HEAP_BOUND_MB, `the session holds ${heldMb.toFixed(0)} MB`);
    });
  });
}
