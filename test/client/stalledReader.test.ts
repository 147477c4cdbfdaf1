/**
 * An agent that asks for large answers and stops reading its input: the host paces those answers instead of
 * building and holding every one (a hundred 8 MiB reads held 1.7 GB), and still ends the connection cleanly.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../tools/paths";
import { ClientHarness } from "../support/clientHarness";

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
});
