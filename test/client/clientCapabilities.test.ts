/**
 * The v1 client capabilities as Symposium serves them to a real agent process: `fs/read_text_file`,
 * `fs/write_text_file` and `terminal/*`, called by the scripted agent's `call` step. What a user cares about: nothing
 * outside the workspace is read or written (bypass or not), protected files are written only after an explicit yes,
 * commands run without a shell and only after an approved tool call, and no process they start outlives its
 * terminal, its session or the extension.
 */
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { execFileSync } from "node:child_process";
import { MAX_OPEN_CLIENT_CALLS } from "../../src/acp/agentConnection";
import { FS_LIMITS } from "../../src/acp/clientFileSystem";
import { MAX_GIT_CALLS, revisionChanges } from "../../src/core/policy/gitChanges";
import { parsePermissionSettings } from "../../src/core/policy/ruleSettings";
import { TERMINAL_LIMITS } from "../../src/acp/clientTerminals";
import { isAlive, killLeftovers, pidsWritten } from "../../tools/processTree";
import { ClientHarness, waitFor, type HarnessOptions, type LogEntry } from "../support/clientHarness";
import { CountingGit } from "../support/countingGit";

const call = (method: string, params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  call: { method, params },
  ...extra,
});

/** A command the agent may run: node itself, so the tests need nothing else installed. */
const node = (code: string, extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: ["-e", code],
  ...extra,
});

let approvals = 0;

/** A permission request for an execute tool call whose command is what `terminal/create` then runs (argv, cwd). */
function approval(run: Record<string, unknown>): object {
  const argv = [run.command, ...((run.args as string[] | undefined) ?? [])];
  const cwd = typeof run.cwd === "string" ? { cwd: run.cwd } : {};
  const toolCallId = `run-${approvals++}`;
  return {
    request: { toolCall: { toolCallId, title: "Run", kind: "execute", rawInput: { command: argv, ...cwd } } },
  };
}

/** An approved tool call, then the `terminal/create` that runs its command. */
const approvedRun = (run: Record<string, unknown>, extra: Record<string, unknown> = {}): object[] => [
  approval(run),
  call("terminal/create", run, extra),
];

type CallResult = LogEntry & {
  method: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

/** How many times `text` occurs in the agent log, without parsing it (the log may hold frames of many MB). */
function logCount(harness: ClientHarness, text: string): number {
  return readFileSync(harness.logFile, "utf8").split(text).length - 1;
}

/** Sends `steps` as the next prompt of `sessionKey`, waits for the turn to end, and returns its call results. */
async function turn(
  harness: ClientHarness,
  sessionKey: string,
  steps: object[],
  timeoutMs = 10_000,
): Promise<CallResult[]> {
  await waitFor(() => harness.sessions.session(sessionKey)?.status === "ready", "the session to be ready");
  const turnsBefore = logCount(harness, '"kind":"turnEnd"');
  const callsBefore = logCount(harness, '"kind":"callResult"');
  harness.send(sessionKey, { steps });
  await waitFor(() => logCount(harness, '"kind":"turnEnd"') > turnsBefore, "the turn to end", timeoutMs, 25);
  return harness.callResults().slice(callsBefore) as CallResult[];
}

function assertError(result: CallResult | undefined, message?: RegExp): void {
  assert.ok(result, "a call result");
  assert.equal(
    result.result,
    undefined,
    `${result.method} should have failed but returned ${JSON.stringify(result.result)}`,
  );
  assert.equal(typeof result.error?.code, "number", `${result.method}: a JSON-RPC error`);
  if (message)
    assert.match(
      `${result.error!.message} ${JSON.stringify((result.error as { data?: unknown }).data ?? "")}`,
      message,
    );
}

function assertOk(result: CallResult | undefined): Record<string, unknown> {
  assert.ok(result, "a call result");
  assert.equal(result.error, undefined, `${result.method} failed: ${JSON.stringify(result.error)}`);
  return result.result!;
}

/** Pids of running processes whose command line is exactly `argv`. */
function pidsRunning(argv: readonly string[]): number[] {
  const wanted = `${argv.join("\0")}\0`;
  return readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return readFileSync(`/proc/${entry}/cmdline`, "utf8") === wanted && isAlive(Number(entry))
        ? [Number(entry)]
        : [];
    } catch {
      return [];
    }
  });
}

async function allGone(pids: readonly number[], what: string): Promise<void> {
  assert.ok(pids.length > 0, `no ${what} to check`);
  await waitFor(() => pids.every((pid) => !isAlive(pid)), `${what} (${pids.join(", ")}) to be gone`, 3_000);
}

/**
 * Node code for a command that forks: it starts a child (same process group, not detached) that sleeps, writes
 * "<its pid> <child pid>" to `pidFile`, and then keeps running, or exits at once leaving the child behind.
 */
function forkingCommand(pidFile: string, leaderExits = false): Record<string, unknown> {
  const code = [
    "const { spawn } = require('node:child_process');",
    "const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
    `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, process.pid + ' ' + child.pid);`,
    leaderExits ? "process.exit(0);" : "setInterval(() => {}, 1000);",
  ].join(" ");
  return node(code);
}

/**
 * Node code for a command whose descendants escape its process group: a child that calls `setsid` (Node's
 * `detached`), and a daemon started by a double fork (its parent exits, so it is reparented and in a session of its
 * own). Writes "<its pid> <setsid child pid> <daemon pid>" to `pidFile`.
 */
function escapingCommand(pidFile: string): Record<string, unknown> {
  const keepAlive = "setInterval(() => {}, 1000)";
  const daemon = [
    "const { spawn } = require('node:child_process');",
    `const d = spawn(process.execPath, ['-e', ${JSON.stringify(keepAlive)}], { detached: true, stdio: 'ignore' });`,
    "process.stdout.write(String(d.pid)); process.exit(0);",
  ].join(" ");
  const code = [
    "const { spawn, execFileSync } = require('node:child_process');",
    `const child = spawn(process.execPath, ['-e', ${JSON.stringify(keepAlive)}], { detached: true, stdio: 'ignore' });`,
    `const daemonPid = execFileSync(process.execPath, ['-e', ${JSON.stringify(daemon)}], { encoding: 'utf8' });`,
    `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, process.pid + ' ' + child.pid + ' ' + daemonPid);`,
    keepAlive,
  ].join(" ");
  return node(code);
}

describe("v1 client capabilities: fs/* and terminal/*", function () {
  this.timeout(20_000);
  let harness: ClientHarness;
  let outside: string;
  const leftovers: number[] = [];

  /** A v1 harness that goes straight to v1 (the version is remembered), with a session ready. */
  async function start(options: HarnessOptions = {}): Promise<string> {
    harness = new ClientHarness({ protocol: "v1", ...options });
    harness.versions.set("Scripted", 1);
    return harness.sessions.startSession("Scripted");
  }

  beforeEach(() => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), "symposium-outside-")));
    writeFileSync(join(outside, "secret.txt"), "top secret\n");
  });

  afterEach(async function () {
    // Every frame the client sent in the test, checked against the official v1 schema (before the log is removed).
    const wireErrors = this.currentTest?.state === "passed" ? harness.clientFrameErrors(1) : [];
    await harness?.dispose();
    killLeftovers(leftovers);
    rmSync(outside, { recursive: true, force: true });
    assert.deepEqual(wireErrors, [], "schema errors in what the client sent");
  });

  it("advertises fs.readTextFile, fs.writeTextFile, terminal, forms and links to a v1 agent, with schema-valid frames", async () => {
    harness = new ClientHarness({ protocol: "v1" });
    const key = await harness.sessions.startSession("Scripted");
    assert.equal(harness.sessions.session(key)?.protocolVersion, 1);
    const initialize = harness
      .agentLog()
      .filter((e) => e.kind === "frame" && e.direction === "received")
      .map((e) => e.frame as { method?: string; params?: Record<string, unknown> })
      .find((f) => f.method === "initialize" && f.params?.protocolVersion === 1);
    assert.deepEqual(initialize?.params?.clientCapabilities, {
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
      session: { configOptions: { boolean: {} } },
      elicitation: { form: {}, url: {} },
    });
    const [read] = await turn(harness, key, [
      call("fs/read_text_file", { path: join(harness.workspace, "README.md") }),
    ]);
    assert.deepEqual(assertOk(read), { content: "# Test workspace\n" });
    assert.deepEqual(harness.clientFrameErrors(1), []);
  });

  it("reads and writes inside the workspace, honouring line and limit", async () => {
    const key = await start();
    const ws = harness.workspace;
    writeFileSync(join(ws, "notes.txt"), "one\ntwo\nthree\nfour\n");
    mkdirSync(join(ws, "src"));
    const results = await turn(harness, key, [
      call("fs/read_text_file", { path: join(ws, "notes.txt") }),
      call("fs/read_text_file", { path: join(ws, "notes.txt"), line: 2, limit: 2 }),
      call("fs/read_text_file", { path: join(ws, "notes.txt"), line: 4 }),
      call("fs/read_text_file", { path: join(ws, "notes.txt"), limit: 1 }),
      call("fs/write_text_file", { path: join(ws, "src", "new.ts"), content: "export const é = '✓';\n" }),
      call("fs/read_text_file", { path: join(ws, "src", "new.ts") }),
      call("fs/read_text_file", { path: join(ws, "missing.txt") }),
    ]);
    assert.deepEqual(
      results.slice(0, 6).map((r) => assertOk(r)),
      [
        { content: "one\ntwo\nthree\nfour\n" },
        { content: "two\nthree" },
        { content: "four\n" },
        { content: "one" },
        {},
        { content: "export const é = '✓';\n" },
      ],
    );
    assert.equal(readFileSync(join(ws, "src", "new.ts"), "utf8"), "export const é = '✓';\n");
    // A missing file reads as empty (as in Zed), so agents that read before they create go on to write.
    assert.deepEqual(assertOk(results[6]), { content: "" });
    assert.deepEqual(harness.clientFrameErrors(1), []);
  });

  it("rejects reads and writes outside the workspace (.., absolute, symlinks, symlinked parent, NUL, relative), bypass on", async () => {
    const key = await start({ bypass: true });
    const ws = harness.workspace;
    writeFileSync(join(ws, "notes.txt"), "inside\n");
    symlinkSync(join(outside, "secret.txt"), join(ws, "link.txt"));
    symlinkSync(outside, join(ws, "linkdir"));
    const dotdot = `${ws}/../${basename(outside)}/secret.txt`;
    const reads = [
      dotdot,
      join(outside, "secret.txt"),
      join(ws, "link.txt"),
      join(ws, "linkdir", "secret.txt"),
      `${ws}/notes.txt\u0000.png`,
      "notes.txt",
      "../notes.txt",
    ];
    const writes = [
      dotdot,
      join(outside, "new.txt"),
      join(ws, "link.txt"),
      join(ws, "linkdir", "created.txt"),
      join(ws, "linkdir", "deeper", "created.txt"),
      `${ws}/nul\u0000.txt`,
      "relative.txt",
    ];
    const results = await turn(harness, key, [
      ...reads.map((path) => call("fs/read_text_file", { path })),
      ...writes.map((path) => call("fs/write_text_file", { path, content: "pwned\n" })),
      call("fs/read_text_file", { path: join(ws, "notes.txt"), sessionId: "no-such-session" }),
      call("fs/write_text_file", {
        path: join(ws, "notes.txt"),
        content: "pwned\n",
        sessionId: "no-such-session",
      }),
    ]);
    assert.equal(results.length, reads.length + writes.length + 2);
    results.forEach((result, i) => {
      assertError(result);
      assert.doesNotMatch(JSON.stringify(result), /top secret/, `call ${i} leaked the file outside`);
    });
    assert.equal(readFileSync(join(outside, "secret.txt"), "utf8"), "top secret\n");
    assert.deepEqual(readdirSync(outside).sort(), ["secret.txt"]);
    assert.equal(readFileSync(join(ws, "notes.txt"), "utf8"), "inside\n");
    assert.ok(!existsSync(join(ws, "relative.txt")) && !existsSync(join(process.cwd(), "relative.txt")));
    assert.equal(
      harness.ops.filter((op) => op.op === "prompt").length,
      0,
      "no card: these are refused, not asked",
    );
    assert.deepEqual(harness.clientFrameErrors(1), []);
  });

  it("reads and writes in an additional folder as in the workspace, bypass on", async () => {
    const key = await start({ bypass: true, additionalFolders: [outside] });
    const results = await turn(harness, key, [
      call("fs/read_text_file", { path: join(outside, "secret.txt") }),
      call("fs/write_text_file", { path: join(outside, "dev.log"), content: "listening\n" }),
    ]);
    assert.deepEqual(
      results.map((r) => assertOk(r)),
      [{ content: "top secret\n" }, {}],
    );
    assert.equal(readFileSync(join(outside, "dev.log"), "utf8"), "listening\n");
    assert.equal(harness.ops.filter((op) => op.op === "prompt").length, 0, "no card under Bypass");
  });

  it("honours deny and ask path rules for fs reads and writes, which the agent makes without a request", async () => {
    const { rules } = parsePermissionSettings(
      { deny: [{ path: "secrets/**" }], ask: [{ kind: "edit", path: "config/**" }] },
      "user",
    );
    const key = await start({ rules: () => rules });
    const ws = harness.workspace;
    mkdirSync(join(ws, "secrets"));
    mkdirSync(join(ws, "config"));
    writeFileSync(join(ws, "secrets", "key"), "top secret\n");
    writeFileSync(join(ws, "config", "app.json"), "{}\n");
    symlinkSync("secrets", join(ws, "alias"));
    const results = await turn(harness, key, [
      call("fs/read_text_file", { path: join(ws, "secrets", "key") }),
      call("fs/read_text_file", { path: join(ws, "alias", "key") }),
      call("fs/write_text_file", { path: join(ws, "secrets", "key"), content: "x" }),
      call("fs/read_text_file", { path: join(ws, "config", "app.json") }),
    ]);
    for (const result of results.slice(0, 3)) assertError(result, /Deny paths matching "secrets\/\*\*"/);
    assert.deepEqual(assertOk(results[3]), { content: "{}\n" }, "an edit rule does not hold back a read");
    assert.equal(readFileSync(join(ws, "secrets", "key"), "utf8"), "top secret\n");
    assert.equal(
      harness.ops.filter((op) => op.op === "prompt").length,
      0,
      "a deny rule refuses without a card",
    );
    // An ask rule: a card naming the rule, and the write waits for the person's answer.
    const before = harness.callResults().length;
    harness.send(key, {
      steps: [call("fs/write_text_file", { path: join(ws, "config", "app.json"), content: "x" })],
    });
    const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for the write");
    const view = harness.sessions.promptView(card);
    assert.match(view.description ?? "", /Held by rule: Ask for paths matching "config\/\*\*"/);
    assert.equal(harness.sessions.choose(card.key, "reject"), true);
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
    assertError(harness.callResults()[before] as CallResult | undefined, /did not allow/);
    assert.equal(readFileSync(join(ws, "config", "app.json"), "utf8"), "{}\n");
  });

  it("writes a protected file (.git/config, .env, a symlink to .git/config) only after an explicit yes, bypass on", async () => {
    const key = await start({ bypass: true });
    const ws = harness.workspace;
    mkdirSync(join(ws, ".git"));
    writeFileSync(join(ws, ".git", "config"), "[core]\n");
    symlinkSync(join(ws, ".git", "config"), join(ws, "harmless.txt"));
    const config = join(ws, ".git", "config");
    const attempts = [
      { path: config, answer: "reject", title: `Write the protected file ${config}?`, through: false },
      // A link is named for where it leads: the card is about .git/config, not a harmless text file.
      {
        path: join(ws, "harmless.txt"),
        answer: "reject",
        title: `Write the protected file ${config}?`,
        through: true,
      },
      {
        path: join(ws, ".env"),
        answer: "write",
        title: `Write the protected file ${join(ws, ".env")}?`,
        through: false,
      },
    ];
    for (const { path, answer, title, through } of attempts) {
      const before = harness.callResults().length;
      harness.send(key, {
        steps: [call("fs/write_text_file", { path, content: "[core]\n\thooksPath = /tmp/evil\n" })],
      });
      const card = await waitFor(() => harness.sessions.pending.list()[0], `a card for ${basename(path)}`);
      const view = harness.sessions.promptView(card);
      assert.equal(view.title, title);
      assert.equal(
        view.description?.includes(`through ${path}, which leads to it`),
        through,
        view.description,
      );
      assert.equal(view.canBypass, false);
      assert.match(view.bypassBlockedReason ?? "", /protected/);
      // The card shows what the write puts in the file: its text now against the agent's content.
      const subject = view.subject;
      assert.ok(subject.type === "tool_call", JSON.stringify(subject));
      assert.deepEqual(
        subject.diffs.map((diff) => [diff.path, diff.preview]),
        [
          [
            path === join(ws, ".env") ? path : config,
            path === join(ws, ".env")
              ? ["@@ -1,0 +1,2 @@", "+[core]", "+\thooksPath = /tmp/evil"]
              : ["@@ -1,1 +1,2 @@", " [core]", "+\thooksPath = /tmp/evil"],
          ],
        ],
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(harness.callResults().length, before, "the write waits for the person");
      assert.equal(harness.sessions.choose(card.key, answer), true);
      await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
      const [result] = harness.callResults().slice(before) as CallResult[];
      if (answer === "reject") assertError(result, /did not allow/);
      else assertOk(result);
      // The transcript keeps the write as a tool call, failed when refused, completed once written.
      const item = harness.sessions
        .session(key)!
        .transcript()
        .find((entry) => entry.kind === "tool_call" && entry.toolCallId === subject.toolCallId);
      assert.equal(item?.kind === "tool_call" && item.status, answer === "reject" ? "failed" : "completed");
    }
    assert.equal(
      readFileSync(join(ws, ".git", "config"), "utf8"),
      "[core]\n",
      "a rejected write changes nothing",
    );
    assert.equal(
      readFileSync(join(ws, ".env"), "utf8"),
      "[core]\n\thooksPath = /tmp/evil\n",
      "an allowed write is done",
    );
    assert.deepEqual(
      harness.ops.flatMap((op) => (op.op === "decided" ? [[op.record.provenance, op.record.optionId]] : [])),
      [
        ["user", "reject"],
        ["user", "reject"],
        ["user", "write"],
      ],
    );
    assert.deepEqual(harness.clientFrameErrors(1), []);
  });

  it("caps read and write sizes with a clear error; line and limit still read a big file", async function () {
    this.timeout(30_000);
    const key = await start();
    const ws = harness.workspace;
    const big = join(ws, "big.log");
    writeFileSync(big, `${"a".repeat(1023)}\n`.repeat(Math.ceil((FS_LIMITS.maxReadBytes + 1) / 1024)));
    const results = await turn(
      harness,
      key,
      [
        call("fs/read_text_file", { path: big }),
        call("fs/read_text_file", { path: big, line: 3, limit: 1 }),
        call("fs/write_text_file", {
          path: join(ws, "huge.txt"),
          content: "b".repeat(FS_LIMITS.maxWriteBytes + 1),
        }),
      ],
      25_000,
    );
    assertError(results[0], /larger than Symposium serves in one read; use line and limit/);
    assert.deepEqual(assertOk(results[1]), { content: "a".repeat(1023) });
    assertError(results[2], /too large to write/);
    assert.ok(!existsSync(join(ws, "huge.txt")));
  });

  it("creates a new file the way Gemini CLI does: a read of the missing file first, then the write", async () => {
    const key = await start();
    const path = join(harness.workspace, "docs", "HELLO.md");
    const results = await turn(harness, key, [
      call("fs/read_text_file", { path }),
      call("fs/write_text_file", { path, content: "hello\n" }),
    ]);
    // Gemini's bundled SDK turns an error reply into a plain object its "not found" check cannot read: any error
    // here made its write fail with "Error checking existing file".
    assert.deepEqual(assertOk(results[0]), { content: "" });
    assertOk(results[1]);
    assert.equal(readFileSync(path, "utf8"), "hello\n");
  });

  describe("an edit shown against one text, written over another", () => {
    let edits = 0;
    /** What Qwen Code and Gemini CLI send for an edit: a whole read, the diff on its tool call, the request, the write. */
    function editSteps(path: string, oldText: string, newText: string): object[] {
      const toolCallId = `edit-${edits++}`;
      return [
        call("fs/read_text_file", { path }),
        {
          update: {
            sessionUpdate: "tool_call",
            toolCallId,
            title: "Edit notes.md",
            kind: "edit",
            status: "pending",
            content: [{ type: "diff", path, oldText, newText }],
          },
        },
        { request: { toolCall: { toolCallId } } },
        call("fs/write_text_file", { path, content: newText }),
      ];
    }

    async function answerCard(key: string, steps: object[], meanwhile: () => void): Promise<CallResult[]> {
      const before = harness.callResults().length;
      harness.send(key, { steps });
      const card = await waitFor(() => harness.sessions.pending.list()[0], "the edit's card");
      meanwhile();
      assert.equal(harness.sessions.choose(card.key, "allow-once"), true);
      await waitFor(() => harness.callResults().length >= before + 2, "the read and the write");
      await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
      return harness.callResults().slice(before) as CallResult[];
    }

    it("refuses the write when the person saved the file while the card waited; the file keeps their text", async () => {
      const key = await start();
      const path = join(harness.workspace, "notes.md");
      writeFileSync(path, "one\n");
      const results = await answerCard(key, editSteps(path, "one\n", "one\nfrom the agent\n"), () =>
        writeFileSync(path, "one\nsaved by the person\n"),
      );
      assertOk(results[0]);
      assertError(results[1], /the file changed after the edit was shown.*read the file again/);
      assert.equal(readFileSync(path, "utf8"), "one\nsaved by the person\n");
      const notices = harness.ops.flatMap((op) =>
        op.op === "item" && op.item.kind === "notice" ? [op.item.text] : [],
      );
      assert.ok(
        notices.some((text) => text.includes(`did not let Scripted write ${path}: the file changed`)),
        `a notice says why: ${JSON.stringify(notices)}`,
      );
    });

    it("refuses the write when the file was removed, or created while a new file's card waited", async () => {
      const key = await start();
      const gone = join(harness.workspace, "gone.md");
      writeFileSync(gone, "one\n");
      const removed = await answerCard(key, editSteps(gone, "one\n", "two\n"), () => rmSync(gone));
      assertError(removed[1], /the file was removed after the edit was shown/);
      assert.equal(existsSync(gone), false);
      const made = join(harness.workspace, "made.md");
      const created = await answerCard(key, editSteps(made, "", "from the agent\n"), () =>
        writeFileSync(made, "the person's\n"),
      );
      assertError(created[1], /changed after the edit was shown/);
      assert.equal(readFileSync(made, "utf8"), "the person's\n");
    });

    it("writes when the file is as the edit showed it, its CRLF line endings and BOM aside", async () => {
      const key = await start();
      const path = join(harness.workspace, "notes.md");
      writeFileSync(path, "\uFEFFone\r\ntwo\r\n");
      // The agent's model sees LF text: the diff's old text is the file read, line endings normalised.
      const results = await answerCard(
        key,
        editSteps(path, "one\ntwo\n", "one\ntwo\nthree\n"),
        () => undefined,
      );
      assertOk(results[0]);
      assertOk(results[1]);
      assert.equal(readFileSync(path, "utf8"), "one\ntwo\nthree\n");
      const fresh = join(harness.workspace, "fresh.md");
      const created = await answerCard(key, editSteps(fresh, "", "new\n"), () => undefined);
      assertOk(created[1]);
      assert.equal(readFileSync(fresh, "utf8"), "new\n");
    });
  });

  it("never follows a dangling symlink committed in the workspace, for reads or writes", async () => {
    const key = await start({ bypass: true });
    const ws = harness.workspace;
    symlinkSync(join(outside, "planted.md"), join(ws, "notes.md"));
    symlinkSync(`../${basename(outside)}/planted2.md`, join(ws, "relative.md"));
    const results = await turn(harness, key, [
      call("fs/write_text_file", { path: join(ws, "notes.md"), content: "pwned\n" }),
      call("fs/write_text_file", { path: join(ws, "relative.md"), content: "pwned\n" }),
      call("fs/read_text_file", { path: join(ws, "notes.md") }),
    ]);
    results.forEach((result) => assertError(result));
    assert.deepEqual(readdirSync(outside).sort(), ["secret.txt"]);
  });

  it("answers a read of a 200 MiB file of newlines with an error or the lines asked for, without reading it all", async function () {
    this.timeout(60_000);
    const key = await start();
    const big = join(harness.workspace, "newlines.txt");
    const block = Buffer.alloc(16 * 1024 * 1024, 10);
    writeFileSync(big, "");
    for (let i = 0; i < 200 / 16; i++) writeFileSync(big, block, { flag: "a" });
    const results = await turn(
      harness,
      key,
      [
        call("fs/read_text_file", { path: big }),
        call("fs/read_text_file", { path: big, line: 1, limit: 3 }),
        call("fs/read_text_file", { path: big, line: 150_000_000, limit: 1 }),
        call("fs/read_text_file", { path: big, line: 2 }),
      ],
      50_000,
    );
    assertError(results[0], /larger than Symposium serves in one read/);
    assert.deepEqual(assertOk(results[1]), { content: "\n\n" });
    assertError(results[2], /does not scan that far/);
    assertError(results[3], /ask for fewer/);
    // The host process is still here and answering: a session starts.
    const next = await harness.sessions.startSession("Scripted");
    assert.equal(harness.sessions.session(next)?.status, "ready");
  });

  it("runs a terminal only for the command a tool call of this turn was approved for, in its cwd, once", async () => {
    const key = await start();
    mkdirSync(join(harness.workspace, "pkg"));
    const approved = node("console.log('approved')");
    const inPkg = node("console.log('in pkg')", { cwd: "pkg" });
    const rejected = node("console.log('after a rejection')");
    const pending = turn(harness, key, [
      call("terminal/create", approved),
      ...approvedRun(approved),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/output", { terminalId: "$result.terminalId" }),
      call("terminal/release", { terminalId: "$result.terminalId" }),
      call("terminal/create", approved), // the same command again
      approval(inPkg),
      call("terminal/create", node("console.log('another command')", { cwd: "pkg" })),
      call("terminal/create", node("console.log('in pkg')")), // the approved command, elsewhere
      call("terminal/create", { ...inPkg, cwd: join(harness.workspace, "pkg") }), // the same cwd, resolved
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      ...approvedRun(rejected),
    ]);
    const chosen = new Set<string>();
    for (const answer of ["allow-once", "allow-once", "reject-once"]) {
      const card = await waitFor(
        () => harness.sessions.pending.list().find((p) => !chosen.has(p.key)),
        `a card to answer ${answer}`,
      );
      chosen.add(card.key);
      harness.sessions.choose(card.key, answer);
    }
    const results = await pending;
    assert.deepEqual(
      results.map((r) => r.method),
      [
        "terminal/create",
        "terminal/create",
        "terminal/wait_for_exit",
        "terminal/output",
        "terminal/release",
        "terminal/create",
        "terminal/create",
        "terminal/create",
        "terminal/create",
        "terminal/wait_for_exit",
        "terminal/create",
      ],
    );
    const notApproved = /the command was not approved: no approved tool call of this turn runs/;
    assertError(results[0], notApproved);
    assert.equal(typeof assertOk(results[1]).terminalId, "string");
    assert.deepEqual(assertOk(results[3]), {
      output: "approved\n",
      truncated: false,
      exitStatus: { exitCode: 0, signal: null },
    });
    assertOk(results[4]);
    assertError(results[5], notApproved); // once
    assertError(results[6], notApproved); // another command
    assertError(results[7], notApproved); // another cwd
    assert.deepEqual(assertOk(results[9]), { exitCode: 0, signal: null });
    assertError(results[10], notApproved); // a rejection grants nothing
  });

  it("places an approved command's folder as the OS does: link/.. is where the link leads, not the root", async () => {
    const key = await start({ bypass: true });
    mkdirSync(join(harness.workspace, "vendor", "evil", "x"), { recursive: true });
    mkdirSync(join(harness.workspace, "pkg"), { recursive: true });
    symlinkSync(join(harness.workspace, "vendor", "evil", "x"), join(harness.workspace, "link"));
    // Approved in the workspace root (no cwd); each create names another spelling of a folder.
    const run = node("console.log(process.cwd())");
    const results = await turn(harness, key, [
      approval(run),
      call("terminal/create", { ...run, cwd: `${harness.workspace}/link/..` }),
      call("terminal/create", { ...run, cwd: "link/.." }),
      call("terminal/create", { ...run, cwd: `${harness.workspace}/pkg/..` }),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/output", { terminalId: "$result.terminalId" }),
    ]);
    const creates = results.filter((r) => r.method === "terminal/create");
    const notApproved = /the command was not approved/;
    assertError(creates[0], notApproved);
    assertError(creates[1], notApproved);
    // pkg/.. is the root itself: the approval, not used up by the refusals, runs there.
    assert.equal(typeof assertOk(creates[2]).terminalId, "string");
    const output = assertOk(results.find((r) => r.method === "terminal/output"));
    assert.equal(output.output, `${realpathSync(harness.workspace)}\n`);
  });

  it("refuses a terminal that sets environment variables the approval never showed (PATH, NODE_OPTIONS)", async () => {
    const key = await start({ bypass: true });
    const run = node("console.log('approved')");
    const results = await turn(harness, key, [
      approval(run),
      call("terminal/create", { ...run, env: [{ name: "PATH", value: harness.workspace }] }),
      call("terminal/create", { ...run, env: [{ name: "NODE_OPTIONS", value: "--require ./evil.js" }] }),
      call("terminal/create", run),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
    ]);
    const creates = results.filter((r) => r.method === "terminal/create");
    assertError(creates[0], /environment/);
    assertError(creates[1], /environment/);
    assert.equal(
      typeof assertOk(creates[2]).terminalId,
      "string",
      "the approval was not used up by the refusals",
    );
  });

  it("an approved shell script runs as its exact argv or as its simple command", async () => {
    const key = await start({ bypass: true });
    const script = `${process.execPath} -e 'console.log(7)'`;
    const shell = { command: "/bin/sh", args: ["-c", script] };
    const results = await turn(harness, key, [
      ...approvedRun(shell),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      approval(shell),
      call("terminal/create", node("console.log(7)")),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/create", node("console.log(8)")),
    ]);
    assert.deepEqual(assertOk(results[1]), { exitCode: 0, signal: null });
    assert.deepEqual(assertOk(results[3]), { exitCode: 0, signal: null });
    assertError(results[4], /the command was not approved/);
  });

  it("an approved line that changes folder grants its exact argv only, not its commands in the folder it started in", async () => {
    const key = await start({ bypass: true });
    mkdirSync(join(harness.workspace, "build"));
    const where = "console.log(process.cwd())";
    // Approved: `cd build && <where>`. Its second command alone, in the workspace root, is another command: a line's
    // `cd build && rm -rf src` must not let the agent run `rm -rf src` in the root.
    const shell = { command: "/bin/sh", args: ["-c", `cd build && ${process.execPath} -e '${where}'`] };
    const results = await turn(harness, key, [
      approval(shell),
      call("terminal/create", node(where)),
      call("terminal/create", shell),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/output", { terminalId: "$result.terminalId" }),
    ]);
    assertError(results[0], /the command was not approved/);
    assert.deepEqual(assertOk(results[2]), { exitCode: 0, signal: null });
    assert.equal(String(assertOk(results[3]).output).trim(), join(harness.workspace, "build"));
  });

  it("refuses an approved terminal whose names lead elsewhere by the time it runs (a link moved onto their way)", async () => {
    const key = await start({ bypass: true });
    // A repository's folder holding a link out; `cat x/away/secret.txt` names nothing there yet when approved.
    mkdirSync(join(harness.workspace, "src"));
    symlinkSync(outside, join(harness.workspace, "src", "away"));
    const move = { command: "/bin/mv", args: ["src", "x"] };
    const read = { command: "/bin/cat", args: ["x/away/secret.txt"] };
    const results = await turn(harness, key, [
      approval(read),
      approval(move),
      call("terminal/create", move),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/create", read),
      call("terminal/create", read),
    ]);
    assert.deepEqual(assertOk(results[1]), { exitCode: 0, signal: null }, "the move ran");
    assertError(results[2], /what it names has changed since: .*secret\.txt.*outside the workspace/);
    // Refused, the approval is used up: asking again shows the files as they are.
    assertError(results[3], /the command was not approved/);
  });

  /**
   * A repository in the workspace with one commit on `main` and `branches` at it; returns a runner that counts the git
   * processes the policy starts (`--no-optional-locks` first; the terminals' own git is not counted) while it runs.
   */
  function countPolicyGit(branches: string[]): (run: () => Promise<void>) => Promise<number> {
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: harness.workspace });
    git("init", "-q", "-b", "main");
    writeFileSync(join(harness.workspace, "a.txt"), "a\n");
    git("add", "a.txt");
    git("commit", "-qm", "a");
    for (const branch of branches) git("branch", branch);
    return async (run) => {
      const counted = new CountingGit({ policyOnly: true });
      try {
        await run();
        return counted.started;
      } finally {
        counted.dispose();
      }
    };
  }

  it("rechecks the terminals of one approval within one budget of git reads", async () => {
    // Each terminal/create decides the whole request again: a request of 8 lines, each a switch of branch, read git
    // its whole budget at each of its 8 terminals (64 processes each, 576 in all; a request of many lines, many times).
    const key = await start({ bypass: true, revisionChanges });
    const gitRuns = countPolicyGit(Array.from({ length: 8 }, (_, i) => `b${i}`));
    const lines = Array.from({ length: 8 }, (_, i) => `git checkout b${i}`);
    const request = {
      toolCall: {
        toolCallId: `run-${approvals++}`,
        title: "Run",
        kind: "execute",
        rawInput: { commands: lines },
      },
    };
    const started = await gitRuns(async () => {
      const pending = turn(harness, key, [
        { request },
        ...lines.map((_, i) => call("terminal/create", { command: "git", args: ["checkout", `b${i}`] })),
      ]);
      // Past what one request may read (each switch reads from every other's branch): a person approves it.
      const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for the request");
      assert.equal(harness.sessions.choose(card.key, "allow-once"), true);
      await pending;
    });
    assert.ok(started > 0, "the request read git");
    assert.ok(started <= 2 * MAX_GIT_CALLS, `${started} git processes`);
  });

  it("reads git for one agent's requests within one allowance, refilled over time", async function () {
    // A flood of requests that each read git their whole budget (64 processes, 2 s): nothing is kept from one to the
    // next, so ten held the extension host ten times as long.
    this.timeout(60_000);
    const key = await start({ bypass: true, revisionChanges });
    const gitRuns = countPolicyGit(["plain"]);
    const line = Array(50).fill("git checkout plain; git checkout main").join("; ");
    const started = await gitRuns(async () => {
      void turn(
        harness,
        key,
        Array.from({ length: 10 }, () => approval({ command: "/bin/sh", args: ["-c", line] })),
      ).catch(() => undefined);
      // The agent's requests come one after the other: each asks (past its budget) and is answered no.
      const answered = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const card = await waitFor(
          () => harness.sessions.pending.list().find((c) => !answered.has(c.key)),
          `a card for request ${i + 1}`,
          30_000,
        );
        answered.add(card.key);
        assert.equal(harness.sessions.choose(card.key, "reject-once"), true);
      }
    });
    assert.ok(started >= MAX_GIT_CALLS, `${started} git processes`);
    assert.ok(started <= 5 * MAX_GIT_CALLS, `${started} git processes`);
  });

  it("refuses a command a person approved once a name it uses leads elsewhere, whatever held it then", async () => {
    const key = await start({ bypass: true });
    mkdirSync(join(harness.workspace, "src"));
    symlinkSync(outside, join(harness.workspace, "src", "away"));
    // Held for a person (Symposium does not read `eval`'s words); `x` names nothing yet when it is approved.
    const read = { command: "/bin/sh", args: ["-c", "eval true; cat x/away/secret.txt"] };
    const move = { command: "/bin/mv", args: ["src", "x"] };
    const pending = turn(harness, key, [
      approval(read),
      approval(move),
      call("terminal/create", move),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/create", read),
    ]);
    const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for the held command");
    assert.equal(harness.sessions.choose(card.key, "allow-once"), true);
    const results = await pending;
    assert.deepEqual(assertOk(results[1]), { exitCode: 0, signal: null }, "the move ran");
    assertError(
      results[2],
      /what it names has changed since: a name it uses leads elsewhere now: .*x\/away\/secret\.txt leads to .*secret\.txt, outside the workspace/,
    );
  });

  it("a person's yes to the command a card shows runs no command the tool call stated before and no longer does", async () => {
    const key = await start();
    // The tool call first states one command; the request replaces it with another, which is all the card shows.
    const hidden = node("console.log('hidden')");
    const shown = node("console.log('shown')");
    const argv = (run: Record<string, unknown>) => [run.command, ...(run.args as string[])];
    const pending = turn(harness, key, [
      {
        update: {
          sessionUpdate: "tool_call",
          toolCallId: "swap-1",
          title: "Run",
          kind: "execute",
          status: "pending",
          rawInput: { command: argv(hidden) },
        },
      },
      { request: { toolCall: { toolCallId: "swap-1", rawInput: { command: argv(shown) } } } },
      call("terminal/create", hidden),
      call("terminal/create", shown),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
    ]);
    const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for the command");
    // What the person sees: the tool call, and so the card on it, states the second command only.
    const shownOnCard = harness.sessions.session(key)?.toolCall("swap-1")?.command;
    assert.match(shownOnCard ?? "", /'shown'/);
    assert.doesNotMatch(shownOnCard ?? "", /hidden/);
    assert.equal(harness.sessions.choose(card.key, "allow-once"), true);
    const results = await pending;
    assertError(results[0], /the command was not approved/);
    assert.equal(typeof assertOk(results[1]).terminalId, "string", "the command the card showed runs");
  });

  it("a tool call's field named __proto__ states no command: a yes to its card runs none", async () => {
    const key = await start();
    const hidden = node("console.log('hidden')");
    // As JSON.parse reads the agent's frame: an own key "__proto__" holding what would be the call's raw input.
    const update = JSON.parse(
      JSON.stringify({
        sessionUpdate: "tool_call",
        toolCallId: "proto-1",
        title: "Run the tests",
        kind: "execute",
      }).replace(
        /}$/,
        `,"__proto__":${JSON.stringify({ rawInput: { command: [hidden.command, ...hidden.args] } })}}`,
      ),
    ) as Record<string, unknown>;
    assert.ok(Object.hasOwn(update, "__proto__"));
    const pending = turn(harness, key, [
      {
        raw: {
          jsonrpc: "2.0",
          method: "session/update",
          params: { sessionId: "scripted-session-1", update },
        },
      },
      { request: { toolCall: { toolCallId: "proto-1" } } },
      call("terminal/create", hidden),
    ]);
    const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for the tool call");
    // What the person sees: a tool call that states no command.
    assert.equal(harness.sessions.session(key)?.toolCall("proto-1")?.command, undefined);
    assert.equal(harness.sessions.choose(card.key, "allow-once"), true);
    const [created] = await pending;
    assertError(created, /the command was not approved/);
  });

  it("a tool call field named __proto__ in both the update and the request grants nothing the card does not show", async () => {
    const key = await start();
    const hidden = node("console.log('hidden')");
    // As JSON.parse reads the agent's frames: an own key "__proto__" holding what would be the call's raw input.
    const smuggled = `"__proto__":${JSON.stringify({ rawInput: { command: [hidden.command, ...hidden.args] } })}`;
    const update = JSON.parse(
      `{"sessionUpdate":"tool_call","toolCallId":"proto-2","kind":"execute",${smuggled}}`,
    ) as object;
    const toolCall = JSON.parse(`{"toolCallId":"proto-2","title":"Run the tests",${smuggled}}`) as object;
    assert.ok(Object.hasOwn(update, "__proto__") && Object.hasOwn(toolCall, "__proto__"));
    const options = [{ optionId: "allow-once", name: "Allow once", kind: "allow_once" }];
    const sessionId = "scripted-session-1";
    const pending = turn(harness, key, [
      // Sent as written (the agent's SDK drops the key); the request after them holds the turn until all are answered.
      { raw: { jsonrpc: "2.0", method: "session/update", params: { sessionId, update } } },
      {
        raw: {
          jsonrpc: "2.0",
          id: "proto",
          method: "session/request_permission",
          params: { sessionId, toolCall, options },
        },
      },
      { request: {} },
      call("terminal/create", hidden),
    ]);
    const card = await waitFor(
      () => harness.sessions.pending.list().find((p) => p.title === "Run the tests"),
      "a card for the tool call",
    );
    assert.equal(
      harness.sessions.session(key)?.toolCall("proto-2")?.command,
      undefined,
      "the card shows no command",
    );
    assert.equal(harness.sessions.choose(card.key, "allow-once"), true);
    const next = await waitFor(
      () => harness.sessions.pending.list().find((p) => p.key !== card.key),
      "the request after it",
    );
    assert.equal(harness.sessions.choose(next.key, "reject-once"), true);
    const [created] = await pending;
    assertError(created, /the command was not approved/);
  });

  it("forgets a turn's approved commands when the turn ends", async () => {
    const key = await start({ bypass: true });
    const run = node("console.log('next turn')");
    await turn(harness, key, [approval(run)]);
    const [next] = await turn(harness, key, [call("terminal/create", run)]);
    assertError(next, /the command was not approved/);
  });

  it("runs commands without a shell: shell syntax in arguments and command stays literal", async () => {
    const key = await start({ bypass: true });
    const ws = harness.workspace;
    const tricks = [
      "$(touch pwned1)",
      "`touch pwned2`",
      "; touch pwned3",
      "&& touch pwned4",
      "| touch pwned5",
      "$HOME",
    ];
    const results = await turn(harness, key, [
      ...approvedRun({
        command: process.execPath,
        args: ["-e", "console.log(JSON.stringify(process.argv.slice(1)))", ...tricks],
      }),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/output", { terminalId: "$result.terminalId" }),
      ...approvedRun({ command: "touch pwned6", args: [] }),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
    ]);
    assert.deepEqual(JSON.parse(String(assertOk(results[2]).output)), tricks);
    // A command line is not split into a command and arguments: no program is named `touch pwned6`.
    assertError(results[3], /touch pwned6 was not found on PATH/);
    for (let i = 1; i <= 6; i++)
      assert.ok(
        !existsSync(join(ws, `pwned${i}`)) && !existsSync(join(process.cwd(), `pwned${i}`)),
        `pwned${i} was created`,
      );
  });

  it("runs a terminal only with a cwd inside the workspace, even when a person approved the command there", async () => {
    const key = await start();
    const ws = harness.workspace;
    mkdirSync(join(ws, "pkg"));
    symlinkSync(outside, join(ws, "escape"));
    const printCwd = "console.log(process.cwd())";
    const cwds = [outside, join(ws, "escape"), `${ws}/..`, "pkg", join(ws, "pkg")];
    const pending = turn(harness, key, [
      ...cwds.flatMap((cwd) => approvedRun(node(printCwd, { cwd }))),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/output", { terminalId: "$result.terminalId" }),
    ]);
    const chosen = new Set<string>();
    for (const cwd of cwds) {
      const card = await waitFor(
        () => harness.sessions.pending.list().find((p) => !chosen.has(p.key)),
        `the card for ${cwd}`,
      );
      chosen.add(card.key);
      harness.sessions.choose(card.key, "allow-once");
    }
    const results = await pending;
    for (const refused of results.slice(0, 3)) assertError(refused, /inside the workspace/);
    // A relative cwd is the session folder's, as its approval was matched: it runs there.
    assert.equal(typeof assertOk(results[3]).terminalId, "string");
    assert.equal(assertOk(results[6]).output, `${join(ws, "pkg")}\n`);
  });

  it("caps output at outputByteLimit on a UTF-8 character boundary and says it was truncated", async () => {
    const key = await start({ bypass: true });
    const cases = [
      { char: "é", limit: 101, kept: 50 },
      { char: "€", limit: 100, kept: 33 },
      { char: "😀", limit: 1_001, kept: 250 },
    ];
    const steps = cases.flatMap(({ char, limit }) => [
      ...approvedRun(
        node(`process.stdout.write(${JSON.stringify(char)}.repeat(5000))`, { outputByteLimit: limit }),
      ),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/output", { terminalId: "$result.terminalId" }),
    ]);
    const outputs = (await turn(harness, key, steps))
      .filter((r) => r.method === "terminal/output")
      .map((r) => assertOk(r));
    cases.forEach(({ char, limit, kept }, i) => {
      const { output, truncated } = outputs[i] as { output: string; truncated: boolean };
      assert.equal(truncated, true);
      assert.ok(Buffer.byteLength(output) <= limit);
      assert.ok(!output.includes("\uFFFD"), "no broken character");
      assert.equal(output, char.repeat(kept), `the tail of whole characters (${char})`);
    });
  });

  it("wait_for_exit returns the exit code, or the signal after terminal/kill", async () => {
    const key = await start({ bypass: true });
    const results = await turn(harness, key, [
      ...approvedRun(node("process.exit(3)")),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      ...approvedRun(node("setInterval(() => {}, 1000)")),
      call("terminal/kill", { terminalId: "$result.terminalId" }),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/release", { terminalId: "$result.terminalId" }),
      call("terminal/output", { terminalId: "$result.terminalId" }),
    ]);
    assert.deepEqual(assertOk(results[1]), { exitCode: 3, signal: null });
    assert.deepEqual(assertOk(results[4]), { exitCode: null, signal: "SIGKILL" });
    assertError(results[6], /no such terminal/);
  });

  it(`answers the agent's fs and terminal calls past ${MAX_OPEN_CLIENT_CALLS} unanswered with an error at once`, async function () {
    this.timeout(60_000);
    const key = await start({ bypass: true });
    const go = join(harness.workspace, "go");
    // Runs until the test lets it end; 200,000 waits on such a command held 870 MB of the host.
    const command = node(
      `setInterval(() => require('node:fs').existsSync(${JSON.stringify(go)}) && process.exit(0), 20)`,
    );
    const extra = 300;
    const wait = call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }, { wait: false });
    const flood = turn(harness, key, [
      ...approvedRun(command),
      { ...wait, repeat: MAX_OPEN_CLIENT_CALLS + extra },
    ]);
    const refusal = /more than \d+ of the agent's fs and terminal calls are unanswered/;
    const refused = () =>
      harness.callResults().filter((r) => refusal.test(JSON.stringify(r.error ?? ""))).length;
    // Before the command ends: the calls over the bound are not held until it does.
    await waitFor(() => refused() === extra, `${extra} waits to be refused`, 20_000);
    writeFileSync(go, "");
    const results = await flood;
    const exits = results.filter((r) => (r.result as { exitCode?: unknown } | undefined)?.exitCode === 0);
    assert.equal(
      exits.length,
      MAX_OPEN_CLIENT_CALLS,
      "the waits within the bound are answered when it exits",
    );
    assert.equal(refused(), extra);
    await turn(harness, key, [call("terminal/release", { terminalId: "$result.terminalId" })]);
  });

  it("answers a wait_for_exit the agent withdrew ($/cancel_request) with -32800, not once the command ends", async () => {
    const key = await start({ bypass: true });
    const results = await turn(harness, key, [
      ...approvedRun(node("setInterval(() => {}, 1000)")),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }, { wait: false }),
      { cancelLastCall: true },
      // Ends the command: a wait still held would now be answered with its SIGKILL.
      call("terminal/release", { terminalId: "$result.terminalId" }),
    ]);
    const wait = results.find((r) => r.method === "terminal/wait_for_exit");
    assert.equal(wait?.error?.code, -32800, `the withdrawn wait: ${JSON.stringify(wait)}`);
    assertOk(results.find((r) => r.method === "terminal/release"));
  });

  it("wait_for_exit returns when the command exits, even if a child it left behind holds its output open", async () => {
    const key = await start({ bypass: true });
    const pidFile = join(harness.workspace, "daemon.pid");
    const code = [
      "const { spawn } = require('node:child_process');",
      // Like a build that starts a daemon: the child inherits stdout and stderr and keeps them open.
      "const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });",
      `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, process.pid + ' ' + child.pid);`,
      "console.log('build done'); process.exit(0);",
    ].join(" ");
    const results = await turn(harness, key, [
      ...approvedRun(node(code)),
      call("terminal/wait_for_exit", { terminalId: "$result.terminalId" }),
      call("terminal/output", { terminalId: "$result.terminalId" }),
    ]);
    const pids = await pidsWritten(pidFile, 2);
    leftovers.push(...pids);
    assert.deepEqual(assertOk(results[1]), { exitCode: 0, signal: null });
    assert.deepEqual(assertOk(results[2]), {
      output: "build done\n",
      truncated: false,
      exitStatus: { exitCode: 0, signal: null },
    });
    assert.ok(isAlive(pids[1]!), "the daemon runs until the terminal is released");
    await turn(harness, key, [call("terminal/release", { terminalId: "$result.terminalId" })]);
    await allGone(pids, "the command and the daemon it left");
  });

  describe("no process outlives its terminal", () => {
    for (const how of [
      "terminal/kill",
      "terminal/release",
      "terminal/release after the command exited",
    ] as const) {
      it(`a command that forks leaves nothing behind after ${how}`, async () => {
        const key = await start({ bypass: true });
        const pidFile = join(harness.workspace, "pids.txt");
        const leaderExits = how.includes("exited");
        const [created] = await turn(harness, key, [...approvedRun(forkingCommand(pidFile, leaderExits))]);
        assertOk(created);
        const pids = await pidsWritten(pidFile, 2);
        leftovers.push(...pids);
        const [leader, child] = pids;
        if (leaderExits) await waitFor(() => !isAlive(leader!), "the command itself to exit");
        assert.ok(isAlive(child!), "the forked child runs");
        const method = how.startsWith("terminal/kill") ? "terminal/kill" : "terminal/release";
        assertOk((await turn(harness, key, [call(method, { terminalId: "$result.terminalId" })]))[0]);
        await allGone(pids, "the command and its child");
      });
    }

    for (const how of ["the session is closed", "the client is disposed", "the agent exits"] as const) {
      it(`running terminals are killed when ${how}`, async () => {
        const key = await start({ bypass: true });
        const pidFiles = [join(harness.workspace, "a.pid"), join(harness.workspace, "b.pid")];
        await turn(
          harness,
          key,
          pidFiles.flatMap((file) => approvedRun(forkingCommand(file))),
        );
        const pids = (await Promise.all(pidFiles.map((file) => pidsWritten(file, 2)))).flat();
        leftovers.push(...pids);
        assert.ok(pids.every(isAlive));
        if (how === "the session is closed") await harness.sessions.closeSession(key);
        else if (how === "the client is disposed") await harness.sessions.dispose();
        else harness.send(key, { steps: [{ exit: 1 }] });
        await allGone(pids, "the terminals' processes");
      });
    }

    for (const how of [
      "terminal/release",
      "terminal/kill",
      "the session is closed",
      "the client is disposed",
      "the agent exits",
    ] as const) {
      it(`descendants that call setsid or daemonise are gone after ${how}`, async () => {
        const key = await start({ bypass: true });
        const pidFile = join(harness.workspace, "escaped.pid");
        assertOk((await turn(harness, key, approvedRun(escapingCommand(pidFile))))[0]);
        const pids = await pidsWritten(pidFile, 3);
        leftovers.push(...pids);
        assert.ok(pids.every(isAlive), "the command, its setsid child and its daemon run");
        if (how === "terminal/release" || how === "terminal/kill")
          assertOk((await turn(harness, key, [call(how, { terminalId: "$result.terminalId" })]))[0]);
        else if (how === "the session is closed") await harness.sessions.closeSession(key);
        else if (how === "the client is disposed") await harness.sessions.dispose();
        else harness.send(key, { steps: [{ exit: 1 }] });
        await allGone(pids, "the command, its setsid child and its daemon");
      });
    }

    it(`keeps at most ${TERMINAL_LIMITS.perSession} terminals per session; closing the session kills them all`, async () => {
      const key = await start({ bypass: true });
      const argv = ["sleep", `${30 + Math.random()}`]; // a unique command line, to find these processes
      const results = await turn(
        harness,
        key,
        Array.from({ length: TERMINAL_LIMITS.perSession + 1 }, () => [
          ...approvedRun({ command: argv[0], args: [argv[1]] }),
        ]).flat(),
      );
      results.slice(0, -1).forEach((r) => assertOk(r));
      assertError(results.at(-1), new RegExp(`at most ${TERMINAL_LIMITS.perSession} terminals`));
      const pids = await waitFor(() => {
        const found = pidsRunning(argv);
        return found.length === TERMINAL_LIMITS.perSession && found;
      }, `${TERMINAL_LIMITS.perSession} sleeping terminals`);
      leftovers.push(...pids);
      await harness.sessions.closeSession(key);
      await allGone(pids, "the terminals");
    });
  });
  it("refuses a forged Bypass Permissions intent on a protected-write card", async () => {
    const key = await start();
    harness.send(key, {
      steps: [call("fs/write_text_file", { path: join(harness.workspace, ".env"), content: "TOKEN=x\n" })],
    });
    const card = await waitFor(() => harness.sessions.pending.list()[0], "the protected-write card");
    assert.equal(harness.sessions.promptView(card).canBypass, false, "the card offers no Bypass button");
    assert.equal(await harness.sessions.bypass(card.key), false, "a message naming it anyway is refused");
    assert.deepEqual(harness.bypassWrites, []);
    assert.equal(harness.sessions.isBypassed("Scripted"), false);
    assert.ok(harness.sessions.pending.get(card.key), "the card still waits for a person");
    harness.sessions.choose(card.key, "reject");
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
    assert.equal(existsSync(join(harness.workspace, ".env")), false);
  });

  it("keeps a session's terminals out of reach of the agent's other sessions", async () => {
    const first = await start();
    const created = turn(harness, first, [...approvedRun(node("setTimeout(() => {}, 5000)"))]);
    const card = await waitFor(() => harness.sessions.pending.list()[0], "the approval");
    harness.sessions.choose(card.key, "allow-once");
    const terminalId = assertOk((await created)[0]).terminalId as string;
    const second = await harness.sessions.startSession("Scripted");
    const results = await turn(harness, second, [
      call("terminal/output", { terminalId }),
      call("terminal/kill", { terminalId }),
      call("terminal/release", { terminalId }),
    ]);
    for (const result of results) assertError(result, /no such terminal/);
    const own = await turn(harness, first, [call("terminal/release", { terminalId })]);
    assertOk(own[0]);
  });
  it("says on an fs/* card for an everyday file that it asks because git could not be read", async () => {
    const cutOff = (): never => {
      throw Object.assign(new Error("timed out"), { signal: "SIGTERM" });
    };
    const key = await start({ bypass: true, hooksFolder: cutOff });
    harness.send(key, {
      steps: [call("fs/write_text_file", { path: join(harness.workspace, "a.ts"), content: "" })],
    });
    const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for the write");
    const view = harness.sessions.promptView(card);
    assert.match(view.description ?? "", /a protected file \(git could not be read, so every path asks\)\./);
    assert.match(view.bypassBlockedReason ?? "", /\(git could not be read, so every path asks\)$/);
    assert.equal(harness.sessions.choose(card.key, "reject"), true);
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
  });

  it("a protected write whose file is being read for its card when Stop or Close comes is refused, no card after", async () => {
    // The person's click lands while the client reads the file's text for the card's diff.
    let click: (() => void) | undefined;
    const openText = (path: string) => {
      if (path.endsWith(".env")) click?.();
      click = undefined;
      return undefined;
    };
    for (const how of ["stop", "close"] as const) {
      if (how === "close") await harness.dispose();
      const key = await start({ bypass: true, openText });
      const env = join(harness.workspace, ".env");
      // Large enough that the turn's end, sent right after the write, is read while the file is.
      const old = `SECRET=old\n${"#\n".repeat(1_000_000)}`;
      writeFileSync(env, old);
      // A second tab keeps the agent running when the first closes.
      const other = await harness.sessions.startSession("Scripted");
      const before = harness.callResults().length;
      click =
        how === "stop"
          ? () => void harness.sessions.stop(key)
          : () => void harness.sessions.closeSession(key);
      // Sent as the turn ends: the write is answered between turns.
      harness.send(key, {
        steps: [call("fs/write_text_file", { path: env, content: "SECRET=pwned\n" }, { wait: false })],
      });
      const [result] = await waitFor(
        () => (harness.callResults().length > before ? harness.callResults().slice(before) : undefined),
        `the write's answer after ${how}`,
      );
      assertError(result as CallResult, /did not allow/);
      assert.equal(harness.sessions.pending.size, 0, `no card after ${how}`);
      assert.ok(readFileSync(env, "utf8") === old, `.env kept after ${how}`);
      assert.ok(harness.sessions.session(other), "the other tab stays");
    }
  });

  it("reads a protected file (.env) only after an explicit yes, bypass on", async () => {
    const key = await start({ bypass: true });
    writeFileSync(join(harness.workspace, ".env"), "API_TOKEN=secret\n");
    for (const answer of ["reject", "read"]) {
      const before = harness.callResults().length;
      harness.send(key, { steps: [call("fs/read_text_file", { path: join(harness.workspace, ".env") })] });
      const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for the read");
      assert.match(card.title, /Read the protected file/);
      assert.equal(harness.sessions.choose(card.key, answer), true);
      await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
      const [result] = harness.callResults().slice(before) as CallResult[];
      if (answer === "reject") assertError(result, /did not allow/);
      else assert.deepEqual(assertOk(result), { content: "API_TOKEN=secret\n" });
    }
  });

  it("reads a CI pipeline without a card, and still asks before reading .git/config or writing the pipeline", async () => {
    const key = await start();
    const ws = harness.workspace;
    mkdirSync(join(ws, ".github", "workflows"), { recursive: true });
    mkdirSync(join(ws, ".git"), { recursive: true });
    writeFileSync(join(ws, ".github", "workflows", "ci.yml"), "on: push\n");
    writeFileSync(join(ws, ".git", "config"), "[remote]\n");
    // A name that reads freely leading to one that does not is judged where it leads.
    symlinkSync(join(ws, ".git", "config"), join(ws, ".github", "workflows", "leak.yml"));
    const [pipeline] = await turn(harness, key, [
      call("fs/read_text_file", { path: join(ws, ".github", "workflows", "ci.yml") }),
    ]);
    assert.deepEqual(assertOk(pipeline), { content: "on: push\n" });
    assert.equal(harness.sessions.pending.list().length, 0, "no card for reading the pipeline");
    for (const [path, access] of [
      [join(ws, ".git", "config"), "Read"],
      [join(ws, ".github", "workflows", "leak.yml"), "Read"],
      [join(ws, ".github", "workflows", "ci.yml"), "Write"],
    ] as const) {
      const before = harness.callResults().length;
      const method = access === "Read" ? "fs/read_text_file" : "fs/write_text_file";
      harness.send(key, { steps: [call(method, { path, ...(access === "Write" ? { content: "x" } : {}) })] });
      const card = await waitFor(() => harness.sessions.pending.list()[0], `a card for ${path}`);
      assert.match(card.title, new RegExp(`^${access} the protected file`));
      assert.equal(harness.sessions.choose(card.key, "reject"), true);
      await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
      assertError((harness.callResults().slice(before) as CallResult[])[0], /did not allow/);
    }
  });
});
