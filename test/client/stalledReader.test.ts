/**
 * An agent that asks for large answers and stops reading its input: the host paces those answers instead of
 * building and holding every one (a hundred 8 MiB reads held 1.7 GB), and still ends the connection cleanly.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../tools/paths";
import { AgentProcess } from "../../src/acp/agentProcess";
import { UNREAD_CAP, type AgentEndpoint } from "../../src/acp/agentConnection";
import { ClientHarness, waitFor } from "../support/clientHarness";

const stalledReader = join(repoRoot, "out", "test", "agents", "stalledReaderAgent.js");

describe("an agent that stops reading its input", function () {
  this.timeout(60_000);
  let harness: ClientHarness | undefined;

  afterEach(async () => {
    await harness?.dispose();
    harness = undefined;
  });

  it("does not make the host hold the answers to a hundred 8 MiB reads", async () => {
    harness = new ClientHarness({
      protocol: "v1",
      command: process.execPath,
      args: [stalledReader],
      agentEnv: { STALLED_READS: "100" },
    });
    harness.versions.set("Scripted", 1);
    // Just under the most one read serves.
    writeFileSync(join(harness.workspace, "big.txt"), Buffer.alloc(8 * 1024 * 1024 - 16, 97));
    const key = await harness.sessions.startSession("Scripted");
    const before = process.memoryUsage();
    harness.send(key, "go");
    let most = 0;
    for (let i = 0; i < 30; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = process.memoryUsage();
      most = Math.max(most, now.arrayBuffers - before.arrayBuffers + (now.heapUsed - before.heapUsed));
    }
    // Four answers in the making and one being written are about 90 MiB; all hundred were 800 MiB and more.
    assert.ok(most < 250 * 1024 * 1024, `the host grew ${(most / 1024 / 1024).toFixed(0)} MiB`);
  });

  it("stops reading an agent that floods requests while it leaves the answers unread, and Stop still ends it", async () => {
    let agent: AgentEndpoint | undefined;
    harness = new ClientHarness({
      protocol: "v1",
      command: process.execPath,
      args: [stalledReader],
      agentEnv: { STALLED_FLOOD: "100000" },
      timeouts: { stopGraceMs: 500 },
      startAgent: async (launch) => (agent = await AgentProcess.start(launch)),
    });
    harness.versions.set("Scripted", 1);
    const key = await harness.sessions.startSession("Scripted");
    const before = process.memoryUsage().heapUsed;
    harness.send(key, "go");
    // The answers wait as bytes in the agent's input, where the host sees them (they queued out of sight as the SDK's
    // objects: 400,000 small ones held 1.2 GB), and past the cap the host reads no more of its requests.
    await waitFor(
      () => agent!.stdin.writableLength > UNREAD_CAP,
      "the answers to back up in the agent's input",
      30_000,
    );
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Only the frames read before the cap was passed are still answered (the pipe's queue: a few MiB of answers).
      assert.ok(agent!.stdin.writableLength <= 2 * UNREAD_CAP, "answered frames read past the cap");
    }
    const grown = process.memoryUsage().heapUsed - before;
    assert.ok(grown < 200 * 1024 * 1024, `the host grew ${(grown / 1024 / 1024).toFixed(0)} MiB`);
    await harness.sessions.stop(key);
    await waitFor(() => harness!.sessions.session(key)?.status === "ended", "Stop's kill");
    assert.match(harness.sessions.session(key)?.error ?? "", /did not stop within/);
  });
});
