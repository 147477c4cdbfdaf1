/**
 * What real agents do outside the spec, reproduced by the wire-level quirky agent (`test/agents/quirkyAgent.ts`):
 * non-ACP methods without the `_` prefix and unknown notifications during a turn, and a `session/new` that fails
 * with a bare "Internal error" while the reason is on stderr.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ClientHarness, waitFor } from "../support/clientHarness";
import { readJsonLines } from "../../tools/jsonLines";

const QUIRKY_AGENT = join(__dirname, "..", "agents", "quirkyAgent.js");

describe("Agents' quirks", function () {
  this.timeout(30_000);
  let harness: ClientHarness;

  afterEach(async () => {
    await harness?.dispose();
  });

  function quirky(env: Record<string, string> = {}): ClientHarness {
    harness = new ClientHarness({ command: process.execPath, args: [QUIRKY_AGENT] });
    const log = join(harness.workspace, "quirky.jsonl");
    harness.agentsSetting = {
      Scripted: { command: process.execPath, args: [QUIRKY_AGENT], env: { QUIRKY_LOG: log, ...env } },
    };
    harness.sessions.reloadSettings();
    return harness;
  }

  function starts(h: ClientHarness): number {
    return readFileSync(join(h.workspace, "quirky.jsonl"), "utf8").split('{"start":').length - 1;
  }

  it("answers a non-ACP request with method-not-found and ignores unknown notifications, without disturbing the turn", async () => {
    const h = quirky();
    const key = await h.sessions.startSession("Scripted");
    await h.sessions.sendPrompt(key, "go");
    await waitFor(() => h.sessions.session(key)?.status === "ready", "the turn to end");
    const transcript = h.sessions.session(key)!.transcript();
    assert.ok(
      transcript.some(
        (item) => item.kind === "agent" && item.markdown.includes("Finished after the quirks."),
      ),
    );
    assert.deepEqual(
      transcript.filter((item) => item.kind === "notice"),
      [],
      "no error or warning in the transcript",
    );
    const received = readJsonLines<{ id?: number; error?: { code: number } }>(
      join(h.workspace, "quirky.jsonl"),
    );
    assert.equal(received.find((frame) => frame.id === 100)?.error?.code, -32601);
  });

  for (const protocol of ["v1", "v2"] as const)
    it(`says so when a ${protocol} turn ends without a reply (Claude Code's first prompt after a Stop), and only then`, async () => {
      harness = new ClientHarness({ protocol });
      const key = await harness.sessions.startSession("Scripted");
      const notices = () =>
        harness.sessions
          .session(key)!
          .transcript()
          .flatMap((item) => (item.kind === "notice" ? [item.text] : []));
      await harness.sessions.sendPrompt(key, "hello");
      await waitFor(() => harness.sessions.session(key)?.status === "ready", "the replied turn to end");
      assert.deepEqual(notices(), [], "a turn with a reply adds no notice");
      await harness.sessions.sendPrompt(key, JSON.stringify({ steps: [] }));
      await waitFor(() => notices().length > 0, "a notice about the empty turn");
      assert.deepEqual(notices(), [
        "Scripted ended the turn without a reply. To send your message again, press Up in the empty message box.",
      ]);
    });

  it("negotiates v1 on the one process it started", async () => {
    const h = quirky();
    const key = await h.sessions.startSession("Scripted");
    assert.equal(h.sessions.session(key)?.protocolVersion, 1);
    assert.equal(starts(h), 1);
  });

  it("restarts an agent that refuses a second initialize, and speaks v1 to it", async () => {
    const h = quirky({ QUIRKY_ONE_INITIALIZE: "1" });
    const key = await h.sessions.startSession("Scripted");
    assert.equal(h.sessions.session(key)?.protocolVersion, 1);
    assert.equal(starts(h), 2, "the refusal, then a fresh process");
    await h.sessions.sendPrompt(key, "go");
    await waitFor(() => h.sessions.session(key)?.status === "ready", "the turn to end");
  });

  it("shows the agent's stderr explanation when session/new fails with a bare internal error", async () => {
    const h = quirky({ QUIRKY_FAIL_NEW_SESSION: "1" });
    await assert.rejects(
      h.sessions.startSession("Scripted"),
      /Internal error.*cannot be used with root\/sudo privileges \(IS_SANDBOX=yes\)/,
    );
    const header = h.sessions.snapshot();
    assert.ok(JSON.stringify(header).includes("IS_SANDBOX=yes"), "the session's error shows the explanation");
    assert.ok(!JSON.stringify(header).includes("at startQuery"), "stack frames are left out");
  });
});
