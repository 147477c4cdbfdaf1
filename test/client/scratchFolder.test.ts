/**
 * The window's scratch folder as agents meet it: their processes and the terminals they ask for start with it as
 * TMPDIR (unless the agent's settings set TMPDIR), a line writing to `$TMPDIR` passes under Bypass where that is the
 * scratch folder and asks where it is not, a terminal cannot be given another TMPDIR, and the folder is gone once the
 * client is disposed and its owner releases it.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClientHarness, waitFor, type HarnessOptions, type LogEntry } from "../support/clientHarness";

const OPTIONS = [
  { optionId: "once", name: "Allow once", kind: "allow_once" },
  { optionId: "no", name: "Reject", kind: "reject_once" },
];

const call = (method: string, params: Record<string, unknown>) => ({ call: { method, params } });

/** A v1 execute tool call's request for `argv`, which a `terminal/create` of the same turn may then run. */
const approval = (id: string, argv: string[]) => ({
  request: { toolCall: { toolCallId: id, title: "Run", kind: "execute", rawInput: { command: argv } } },
});

/** A v2 request to run `line` in the workspace. */
const lineRequest = (harness: ClientHarness, line: string) => ({
  request: {
    title: "Run",
    subject: { type: "command", command: line, cwd: harness.workspace },
    options: OPTIONS,
  },
});

const PRINT_TMPDIR = [process.execPath, "-e", "process.stdout.write(String(process.env.TMPDIR))"];

describe("the scratch folder in the client", function () {
  this.timeout(30_000);
  let harness: ClientHarness | undefined;

  afterEach(async () => {
    await harness?.dispose();
    harness = undefined;
  });

  /** A client whose editor environment has `TMPDIR` as `editorTmpdir` says (the client reads it when made). */
  const start = (options: HarnessOptions, editorTmpdir?: string): ClientHarness => {
    const saved = process.env.TMPDIR;
    if (editorTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = editorTmpdir;
    try {
      return (harness = new ClientHarness({ scratchFolder: true, ...options }));
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  };

  const startEntry = (h: ClientHarness): LogEntry =>
    h.agentLog().find((e) => e.kind === "start") ?? assert.fail("the agent started");

  it("starts agents and their terminals with TMPDIR set to it, and it is removed after the client", async () => {
    const h = start({ protocol: "v1", bypass: true });
    const scratch = h.scratch!.path;
    assert.equal(statSync(scratch).mode & 0o777, 0o700);
    await h.run({
      steps: [
        approval("t1", PRINT_TMPDIR),
        call("terminal/create", { command: PRINT_TMPDIR[0], args: PRINT_TMPDIR.slice(1) }),
        call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
        call("terminal/output", { terminalId: "$result.terminalId" }),
      ],
    });
    await waitFor(() => h.agentLog().find((e) => e.kind === "turnEnd"), "the turn to end");
    assert.equal(startEntry(h).tmpdir, scratch, "the agent's TMPDIR");
    const output = h.callResults().find((r) => r.method === "terminal/output");
    assert.equal(
      (output?.result as { output?: string } | undefined)?.output,
      scratch,
      "the terminal's TMPDIR",
    );
    await h.dispose();
    harness = undefined;
    assert.equal(existsSync(scratch), false, "removed after the client is disposed");
  });

  it("refuses a terminal that would set TMPDIR elsewhere (/etc)", async () => {
    const h = start({ protocol: "v1", bypass: true });
    await h.run({
      steps: [
        approval("t1", PRINT_TMPDIR),
        call("terminal/create", {
          command: PRINT_TMPDIR[0],
          args: PRINT_TMPDIR.slice(1),
          env: [{ name: "TMPDIR", value: "/etc" }],
        }),
      ],
    });
    await waitFor(() => h.agentLog().find((e) => e.kind === "turnEnd"), "the turn to end");
    const created = h.callResults().find((r) => r.method === "terminal/create");
    assert.match(String((created?.error as { message?: string } | undefined)?.message), /environment/);
  });

  it("approves a write to $TMPDIR under Bypass where it is the scratch folder", async () => {
    const h = start({ protocol: "v2", bypass: true });
    await h.run({ steps: [lineRequest(h, 'npm test > "$TMPDIR/test.log" 2>&1')] });
    const outcome = await waitFor(() => h.outcomes()[0], "the agent's answer");
    assert.deepEqual(outcome.outcome, { outcome: "selected", optionId: "once" });
  });

  it("asks for a write to $TMPDIR where the editor's environment sets TMPDIR (the person's shell may set it again)", async () => {
    // A login shell of the agent's that runs the person's `export TMPDIR=~/tmp` writes there, not in the scratch
    // folder.
    const h = start({ protocol: "v2", bypass: true }, tmpdir());
    await h.run({ steps: [lineRequest(h, 'npm test > "$TMPDIR/test.log" 2>&1')] });
    await waitFor(() => h.sessions.pending.list()[0], "a card for the write");
    assert.equal(startEntry(h).tmpdir, h.scratch!.path, "the agent still starts with the scratch folder");
    assert.deepEqual(h.outcomes(), [], "nothing was answered without a person");
  });

  it("keeps the TMPDIR an agent's settings set, and a write to $TMPDIR there asks", async () => {
    const own = realpathSync(mkdtempSync(join(tmpdir(), "symposium-own-tmp-")));
    try {
      const h = start({ protocol: "v2", bypass: true, agentEnv: { TMPDIR: own } });
      await h.run({ steps: [lineRequest(h, 'npm test > "$TMPDIR/test.log" 2>&1')] });
      await waitFor(() => h.sessions.pending.list()[0], "a card for the write");
      assert.equal(startEntry(h).tmpdir, own);
      assert.deepEqual(h.outcomes(), [], "nothing was answered without a person");
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
