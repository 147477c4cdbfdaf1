/**
 * The ACP client (`AgentSessions`) against real agent processes over stdio: what the agent receives, on every path.
 * Every test also checks that each frame the client sent is valid under the official schema of the negotiated version.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AgentProcess } from "../../src/acp/agentProcess";
import { parsePermissionSettings } from "../../src/core/policy/ruleSettings";
import { ClientHarness, isAlive, waitFor, type LogEntry } from "../support/clientHarness";
import type { DecisionRecord } from "../../src/shared/protocol";

const v2Command = { type: "command", command: "npm test -- --watch=false", cwd: "" };

/**
 * Sends `first`, then `second` under the same JSON-RPC id (raw frames of the scripted agent): the card of the first
 * appears, the duplicate withdraws it and it can no longer be approved with `optionId`. Returns the two answers the
 * agent got under the id.
 */
async function sentTwiceUnderOneId(
  harness: ClientHarness,
  key: string,
  first: { id: string },
  second: { id: string },
  optionId: string,
): Promise<LogEntry[]> {
  void harness.sessions.sendPrompt(
    key,
    JSON.stringify({ steps: [{ raw: first }, { sleep: 300 }, { raw: second }, { sleep: 300 }] }),
  );
  await waitFor(() => harness.sessions.pending.size === 1, "the first request's card");
  const card = harness.sessions.pending.list()[0]!;
  await waitFor(() => harness.sessions.pending.size === 0, "the card withdrawn by the duplicate");
  assert.equal(harness.sessions.choose(card.key, optionId), false, "the card can no longer be approved");
  return waitFor(() => {
    const responses = harness
      .agentLog()
      .filter(
        (e) =>
          e.kind === "frame" && e.direction === "received" && (e.frame as { id?: unknown }).id === first.id,
      );
    return responses.length === 2 && responses;
  }, "two responses");
}

/** Both permission requests sent under one id are answered `cancelled`, and the first's card cannot be approved. */
async function assertBothRefused(
  harness: ClientHarness,
  key: string,
  first: { id: string },
  second: { id: string },
): Promise<void> {
  for (const answer of await sentTwiceUnderOneId(harness, key, first, second, "y"))
    assert.deepEqual(
      (answer.frame as { result: unknown }).result,
      { outcome: { outcome: "cancelled" } },
      "no yes goes out under the id of the card",
    );
}

describe("ACP client against real agents", function () {
  this.timeout(30_000);
  let harness: ClientHarness;

  afterEach(async function () {
    // Every frame the client sent, in every test, must be valid under the schema of the version it negotiated.
    const version = harness.versions.get("Scripted");
    let errors: unknown[];
    try {
      errors = version ? harness.clientFrameErrors(version) : [];
    } finally {
      await harness?.dispose();
    }
    if (this.currentTest?.state === "passed")
      assert.deepEqual(errors, [], "client frames violate the ACP schema");
  });

  function outcomesOf(entries: LogEntry[]) {
    return entries.map((e) => e.outcome ?? e.error);
  }

  it("negotiates v2, shows a v2 request as a prompt and delivers the person's choice", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const request = {
      title: "Run the test suite?",
      description: "Runs npm test in the project",
      subject: { ...v2Command, cwd: harness.workspace },
      options: [
        { optionId: "ok", name: "Run it", kind: "allow_once" },
        { optionId: "always", name: "Always", kind: "allow_always" },
        { optionId: "no", name: "Don't", kind: "reject_once" },
        { optionId: "ask", name: "Ask my lead", kind: "_escalate" },
      ],
    };
    const key = await harness.run({ steps: [{ request }] });
    assert.equal(harness.sessions.session(key)?.protocolVersion, 2);
    const prompt = await waitFor(() => harness.sessions.pending.list()[0], "a pending prompt");
    assert.equal(prompt.title, "Run the test suite?");
    assert.equal(prompt.description, "Runs npm test in the project");
    assert.deepEqual(prompt.subject, {
      type: "command",
      command: "npm test -- --watch=false",
      cwd: harness.workspace,
      cwdDisplay: harness.workspace.split("/").pop(),
      cwdInWorkspace: true,
    });
    assert.deepEqual(
      prompt.options.map((o) => o.kindClass),
      // Allow once first, lasting options ("always") last.
      ["allow", "reject", "neutral", "allow"],
    );
    assert.equal(harness.sessions.choose(prompt.key, "ask"), true);
    const [outcome] = await waitFor(
      () => harness.outcomes().length === 1 && harness.outcomes(),
      "the agent to get the outcome",
    );
    assert.deepEqual(outcome!.outcome, { outcome: "selected", optionId: "ask" });
    assert.deepEqual(harness.clientFrameErrors(2), []);
  });

  it("falls back to v1 on the same process for a v1-only agent, and remembers it for the next start", async () => {
    harness = new ClientHarness({ protocol: "v1" });
    const key = await harness.run({
      steps: [{ request: { toolCall: { toolCallId: "c1", title: "cat README.md", kind: "read" } } }],
    });
    assert.equal(harness.sessions.session(key)?.protocolVersion, 1);
    assert.equal(harness.versions.get("Scripted"), 1);
    const starts = () => harness.agentLog().filter((e) => e.kind === "start").length;
    assert.equal(starts(), 1, "one process: the v1 client took over from the v2 attempt");
    const prompt = await waitFor(() => harness.sessions.pending.list()[0], "the v1 prompt");
    assert.equal(prompt.title, "Read: cat README.md");
    assert.equal(prompt.subject.type, "tool_call");
    harness.sessions.choose(prompt.key, "allow-once");
    await waitFor(() => harness.outcomes().length === 1, "the outcome");
    await harness.sessions.closeSession(key);
    const second = await harness.sessions.startSession("Scripted");
    assert.equal(harness.sessions.session(second)?.protocolVersion, 1);
    assert.equal(starts(), 2, "the remembered version goes straight to v1");
    assert.deepEqual(harness.clientFrameErrors(1), []);
  });

  it("negotiates afresh when the remembered v1 is stale (another agent under the name now), and remembers v2", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    harness.versions.set("Scripted", 1);
    const key = await harness.sessions.startSession("Scripted");
    assert.equal(harness.sessions.session(key)?.protocolVersion, 2);
    assert.equal(harness.versions.get("Scripted"), 2);
    const starts = harness.agentLog().filter((e) => e.kind === "start").length;
    assert.equal(starts, 2, "the refused v1 start, then a fresh process negotiating from v2");
    assert.deepEqual(harness.clientFrameErrors(2), []);
  });

  it("answers cancelled to each of 3 pending requests when the person presses Stop", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({ steps: [{ request: {}, wait: false, repeat: 3 }, { waitAll: true }] });
    await waitFor(() => harness.sessions.pending.size === 3, "3 pending prompts");
    await harness.sessions.stop(key);
    assert.equal(harness.sessions.pending.size, 0);
    const outcomes = await waitFor(() => harness.outcomes().length === 3 && harness.outcomes(), "3 outcomes");
    assert.deepEqual(outcomesOf(outcomes), [
      { outcome: "cancelled" },
      { outcome: "cancelled" },
      { outcome: "cancelled" },
    ]);
    const received = harness
      .agentLog()
      .filter((e) => e.kind === "frame" && e.direction === "received")
      .map((e) => (e.frame as { method?: string }).method);
    assert.ok(received.indexOf("session/cancel") >= 0, "session/cancel was sent");
    await waitFor(
      () => harness.agentLog().some((e) => e.kind === "turnEnd" && e.stopReason === "cancelled"),
      "the turn to end cancelled",
    );
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the session to be ready again");
    assert.deepEqual(harness.clientFrameErrors(2), []);
  });

  it("names the session's tab by the title the agent sends, while the turn runs", async () => {
    harness = new ClientHarness({ protocol: "v1" });
    const key = await harness.sessions.startSession("Scripted");
    harness.send(key, {
      steps: [
        { update: { sessionUpdate: "session_info_update", title: "Fix the flaky test" } },
        { request: { toolCall: { toolCallId: "t1", title: "ls", kind: "read" } } },
      ],
    });
    await waitFor(() => harness.sessions.pending.size === 1, "a pending prompt");
    const titles = harness.ops.flatMap((op) => (op.op === "session" ? [op.header.title] : []));
    assert.equal(titles.at(-1), "Fix the flaky test", "the view was told the new title");
    await harness.sessions.stop(key);
  });

  it("removes the prompt when the agent withdraws it with $/cancel_request", async () => {
    harness = new ClientHarness({ protocol: "dual" });
    await harness.run({
      steps: [{ request: {}, wait: false }, { sleep: 200 }, { cancelLast: true }, { waitAll: true }],
    });
    await waitFor(() => harness.sessions.pending.size === 1, "a pending prompt");
    await waitFor(() => harness.sessions.pending.size === 0, "the prompt to be withdrawn");
    const [outcome] = await waitFor(
      () => harness.outcomes().length === 1 && harness.outcomes(),
      "the answer",
    );
    assert.deepEqual(outcome!.outcome, { outcome: "cancelled" });
    assert.ok(harness.ops.some((op) => op.op === "decided" && op.record.provenance === "agent_cancel"));
  });

  it("settles every prompt and kills the whole process group when the agent dies", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({
      steps: [
        { spawnChild: { ignoreSigterm: true } },
        { request: {}, wait: false, repeat: 2 },
        { sleep: 300 },
        { stderr: "fatal: out of tokens" },
        { exit: 7 },
      ],
    });
    await waitFor(() => harness.sessions.pending.size === 2, "2 pending prompts");
    const child = harness.agentLog().find((e) => e.kind === "child")!.pid as number;
    assert.ok(isAlive(child), `child ${child} is alive before the agent dies`);
    const settledAt = await waitFor(
      () => harness.sessions.pending.size === 0 && Date.now(),
      "the prompts to settle",
    );
    const exitAt = harness.agentLog().find((e) => e.kind === "exit");
    assert.ok(exitAt, "the agent logged its exit");
    const decided = harness.ops.filter((op) => op.op === "decided");
    assert.equal(decided.length, 2);
    assert.ok(
      decided.every(
        (op) =>
          op.op === "decided" && op.record.provenance === "agent_exit" && op.record.outcome === "cancelled",
      ),
    );
    const session = harness.sessions.session(key)!;
    await waitFor(() => session.status === "ended", "the session to be marked ended", 1_000);
    assert.match(session.error ?? "", /exited with code 7[\s\S]*fatal: out of tokens/);
    await waitFor(() => !isAlive(child), "the child that ignores SIGTERM to be killed", 5_000);
    assert.ok(settledAt > 0);
  });

  for (const protocol of ["v1", "v2"] as const) {
    it(`takes a session whose agent dies during a turn from working to ended, never through ready (${protocol})`, async () => {
      harness = new ClientHarness({ protocol });
      const key = await harness.run({ steps: [{ sleep: 200 }, { exit: 3 }] });
      const session = harness.sessions.session(key)!;
      await waitFor(() => session.status === "ended", "the session to be marked ended", 5_000);
      const statuses = harness.ops.flatMap((op) =>
        op.op === "session" && op.header.key === key ? [op.header.status] : [],
      );
      const working = statuses.indexOf("running");
      assert.ok(working >= 0, `the turn ran: ${statuses.join(", ")}`);
      // A moment of "ready" would read as a finished turn (and tell a person elsewhere so).
      assert.deepEqual([...new Set(statuses.slice(working))], ["running", "ended"]);
      assert.match(session.error ?? "", /exited with code 3/);
    });
  }

  for (const how of ["exits with code 0 mid-turn", "ignores Stop and is shut down"] as const) {
    it(`shows no tool call still running once its agent ${how}`, async () => {
      harness = new ClientHarness({ protocol: "v1", timeouts: { stopGraceMs: 300 } });
      const running = { toolCallId: "run-1", title: "Run the tests", kind: "execute", status: "in_progress" };
      const end = how === "exits with code 0 mid-turn" ? { exit: 0 } : { hang: true };
      const key = await harness.run({ steps: [{ update: { sessionUpdate: "tool_call", ...running } }, end] });
      const toolCall = () => harness.sessions.session(key)?.toolCall("run-1");
      // The agent that exits may be gone, and its tool call settled, before a poll sees it running.
      await waitFor(() => toolCall() !== undefined, "the tool call to arrive");
      if (how === "ignores Stop and is shut down") {
        assert.equal(toolCall()?.status, "in_progress");
        await harness.sessions.stop(key);
      }
      await waitFor(() => harness.sessions.session(key)?.status === "ended", "the session to end");
      assert.equal(toolCall()?.status, "cancelled", "shown as stopped: nothing runs it any more");
      const shown = harness.ops.flatMap((op) =>
        op.op === "item" && op.item.kind === "tool_call" && op.item.toolCallId === "run-1"
          ? [op.item.status]
          : [],
      );
      assert.equal(shown.at(-1), "cancelled", "and the view was told");
    });
  }

  it("keeps a flood of 20,000 requests within the caps and bounded memory", async function () {
    this.timeout(60_000);
    harness = new ClientHarness({ protocol: "v2", limits: { perSession: 64, perAgent: 256, timeoutMs: 0 } });
    const heapBefore = process.memoryUsage().heapUsed;
    const key = await harness.run({
      steps: [{ request: {}, wait: false, repeat: 20_000 }, { waitAll: true }],
    });
    await waitFor(
      () => harness.outcomeCount() >= 20_000 - 64,
      "every request over the cap to be answered",
      45_000,
      250,
    );
    assert.equal(harness.sessions.pending.size, 64);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    assert.ok(heapGrowth < 150 * 1024 * 1024, `heap grew ${Math.round(heapGrowth / 1024 / 1024)} MiB`);
    const outcomes = harness.outcomes();
    assert.ok(
      outcomes.every((e) => (e.outcome as { optionId?: string }).optionId === "reject-once"),
      "over the cap: the reject option",
    );
    const promptOps = harness.ops.filter((op) => op.op === "prompt").length;
    assert.equal(promptOps, 64, "no card for requests over the cap");
    await harness.sessions.stop(key);
    await waitFor(() => harness.outcomeCount() === 20_000, "the 64 held to be cancelled", 10_000, 100);
  });

  it("never shows two approvable prompts for a duplicated JSON-RPC id", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.sessions.startSession("Scripted");
    const sessionId = "scripted-session-1";
    const frame = {
      jsonrpc: "2.0",
      id: "dup-7",
      method: "session/request_permission",
      params: {
        sessionId,
        title: "Delete build/",
        options: [{ optionId: "y", name: "Yes", kind: "allow_once" }],
      },
    };
    await assertBothRefused(harness, key, frame, frame);
  });

  it("never leaves an approvable card behind two protected writes sent under one JSON-RPC id", async () => {
    harness = new ClientHarness({ protocol: "v1" });
    harness.versions.set("Scripted", 1);
    const key = await harness.sessions.startSession("Scripted");
    const env = join(harness.workspace, ".env");
    writeFileSync(env, "SECRET=old\n");
    const write = (content: string) => ({
      jsonrpc: "2.0",
      id: "dup-fs",
      method: "fs/write_text_file",
      params: { sessionId: "scripted-session-1", path: env, content },
    });
    const answers = await sentTwiceUnderOneId(harness, key, write("A\n"), write("B\n"), "write");
    for (const answer of answers)
      assert.equal(
        (answer.frame as { result?: unknown }).result,
        undefined,
        "no write goes out under the id",
      );
    assert.equal(readFileSync(env, "utf8"), "SECRET=old\n");
  });

  it("refuses a duplicated JSON-RPC id a rule would approve, and the card waiting under it", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      rules: () => parsePermissionSettings({ allow: [{ kind: "read" }] }, "user").rules,
    });
    const key = await harness.sessions.startSession("Scripted");
    const request = (title: string, subject: object) => ({
      jsonrpc: "2.0",
      id: "dup-8",
      method: "session/request_permission",
      params: {
        sessionId: "scripted-session-1",
        title,
        subject,
        options: [
          { optionId: "y", name: "Yes", kind: "allow_once" },
          { optionId: "n", name: "No", kind: "reject_once" },
        ],
      },
    });
    const card = request("Delete everything", {
      type: "command",
      command: "rm -rf ~",
      cwd: harness.workspace,
    });
    const read = request("Read the readme", {
      type: "tool_call",
      toolCall: {
        toolCallId: "r",
        title: "Read README.md",
        kind: "read",
        locations: [{ path: `${harness.workspace}/README.md` }],
      },
    });
    await assertBothRefused(harness, key, card, read);
  });

  it("answers a bypassed agent's request with allow_once and shows no prompt", async () => {
    harness = new ClientHarness({ protocol: "v2", bypass: true });
    const request = (path: string) => ({
      title: "Edit a file",
      subject: {
        type: "tool_call",
        toolCall: { toolCallId: `t-${path}`, kind: "edit", locations: [{ path }] },
      },
      options: [
        { optionId: "always", name: "Always", kind: "allow_always" },
        { optionId: "once", name: "Once", kind: "allow_once" },
        { optionId: "no", name: "No", kind: "reject_once" },
      ],
    });
    const decided: DecisionRecord[] = [];
    harness.sessions.onDidDecide((_prompt, record) => decided.push(record));
    const key = await harness.run({ steps: [{ request: request(`${harness.workspace}/src/a.ts`) }] });
    const [outcome] = await waitFor(
      () => harness.outcomes().length === 1 && harness.outcomes(),
      "the automatic answer",
    );
    assert.deepEqual(outcome!.outcome, { outcome: "selected", optionId: "once" });
    assert.equal(harness.ops.filter((op) => op.op === "prompt").length, 0, "no card");
    // The transcript and the history name the reason; the log line is for a person who turned on debug logging.
    assert.ok(
      harness.logLines.some((line) =>
        /^debug Approved .* without a card \(once\): Bypass Permissions is on/.test(line),
      ),
      "logged at debug level with its reason",
    );
    assert.ok(!harness.logLines.some((line) => /^info Approved/.test(line)), "not at info level");
    // What a person reads instead: the history's record and the transcript's decision item, with title and reason.
    assert.equal(decided.length, 1);
    assert.equal(decided[0]!.title, "Edit a file");
    assert.equal(decided[0]!.provenance, "bypass");
    assert.match(decided[0]!.summary, /Bypass Permissions is on/);
    const items = harness.sessions.session(key)!.transcript();
    assert.ok(
      items.some((item) => item.kind === "decision" && /Bypass Permissions is on/.test(item.record.summary)),
      "the transcript shows the decision and its reason",
    );
  });

  it("shows a card for a bypassed agent's request outside the workspace, saying why", async () => {
    harness = new ClientHarness({ protocol: "v2", bypass: true });
    await harness.run({
      steps: [
        {
          request: {
            title: "Read SSH key",
            subject: {
              type: "tool_call",
              toolCall: { toolCallId: "k", kind: "read", locations: [{ path: "/root/.ssh/id_ed25519" }] },
            },
          },
        },
      ],
    });
    const prompt = await waitFor(() => harness.sessions.pending.list()[0], "a card");
    assert.match(harness.sessions.promptView(prompt).bypassBlockedReason ?? "", /outside the workspace/);
  });

  it("turns bypass on with the Bypass Permissions action: this request allow_once, the next one automatic", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const ls = { subject: { type: "command", command: "ls", cwd: harness.workspace } };
    await harness.run({ steps: [{ request: ls }, { request: ls }] });
    const first = await waitFor(() => harness.sessions.pending.list()[0], "the first card");
    assert.equal(harness.sessions.promptView(first).canBypass, true);
    assert.equal(await harness.sessions.bypass(first.key), true);
    assert.deepEqual(harness.bypassWrites, [{ agent: "Scripted", value: true }]);
    const outcomes = await waitFor(
      () => harness.outcomes().length === 2 && harness.outcomes(),
      "both answers",
    );
    assert.deepEqual(outcomesOf(outcomes), [
      { outcome: "selected", optionId: "allow-once" },
      { outcome: "selected", optionId: "allow-once" },
    ]);
    assert.equal(
      harness.ops.filter((op) => op.op === "prompt").length,
      1,
      "only the first request had a card",
    );
  });

  it("says clearly which setting to fix when the agent's command does not exist", async () => {
    harness = new ClientHarness({ command: "/nonexistent/bin/acp-agent" });
    await assert.rejects(
      harness.sessions.startSession("Scripted"),
      /"\/nonexistent\/bin\/acp-agent" was not found[\s\S]*symposium\.agents/,
    );
  });

  it("says how an agent that dies while starting ended, with its last stderr lines, not that a connection closed", async () => {
    // As an agent without its API key does: a line on stderr, then exit, before it answers initialize.
    // First from v2 (nothing remembered), then from v1 (remembered from an earlier start).
    for (const remembered of [undefined, 1] as const) {
      await harness?.dispose();
      harness = new ClientHarness({
        command: process.execPath,
        args: ["-e", "console.error('fatal: no API key set (ANTHROPIC_API_KEY)'); process.exit(3)"],
      });
      if (remembered) harness.versions.set("Scripted", remembered);
      await assert.rejects(harness.sessions.startSession("Scripted"), (error: Error) => {
        assert.equal(
          error.message,
          "Scripted exited with code 3. Last output:\nfatal: no API key set (ANTHROPIC_API_KEY)",
          `starting from v${remembered ?? 2}`,
        );
        return true;
      });
    }
  });

  it("says how an agent that dies on session/new ended, with its last stderr line", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_EXIT_NEW_SESSION: "Error: not logged in. Run `agent login` first." },
    });
    await assert.rejects(harness.sessions.startSession("Scripted"), (error: Error) => {
      assert.equal(
        error.message,
        "Scripted exited with code 2. Last output:\nError: not logged in. Run `agent login` first.",
      );
      return true;
    });
    const [header] = harness.ops.flatMap((op) => (op.op === "session" ? [op.header] : [])).slice(-1);
    assert.equal(header?.status, "error");
    assert.match(header?.error ?? "", /not logged in/, "the session's error bar says it too");
  });

  it("times out an agent that never answers initialize, and kills it", async () => {
    // The timeout window opens once the agent runs (its own `start` line): on a loaded machine Node alone can take
    // longer than the timeout to start, and an agent killed before it reads anything says nothing about initialize.
    const agent = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_HANG_INITIALIZE: "1" },
      timeouts: { initializeMs: 500 },
      startAgent: async (launch) => {
        const started = await AgentProcess.start(launch);
        await waitFor(() => agent.agentPids().includes(started.pid!), "the agent to start", 30_000);
        return started;
      },
    });
    harness = agent;
    await assert.rejects(harness.sessions.startSession("Scripted"), /did not answer initialize within 1 s/);
    const received = harness
      .agentLog()
      .flatMap((e) => (e.kind === "frame" && e.direction === "received" ? [e.frame] : []));
    assert.equal((received[0] as { method?: string } | undefined)?.method, "initialize", "the agent got it");
    const [pid] = harness.agentPids();
    await waitFor(() => !isAlive(pid!), "the agent to be killed", 5_000);
  });

  it("times out session/new with a clear error", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_HANG_NEW_SESSION: "1" },
      timeouts: { newSessionMs: 500 },
    });
    await assert.rejects(harness.sessions.startSession("Scripted"), /did not answer session\/new/);
  });

  it("kills an agent that ignores Stop after the grace period", async () => {
    harness = new ClientHarness({ protocol: "v2", timeouts: { stopGraceMs: 300 } });
    const key = await harness.run({ steps: [{ ignoreSigterm: true }, { hang: true }] });
    await waitFor(() => harness.agentLog().some((e) => e.kind === "hang"), "the agent to hang");
    const pid = harness.agentLog().find((e) => e.kind === "start")!.pid as number;
    await harness.sessions.stop(key);
    await waitFor(() => harness.sessions.session(key)?.status === "ended", "the session to end");
    assert.match(harness.sessions.session(key)?.error ?? "", /did not stop within 0 s|did not stop/);
    await waitFor(() => !isAlive(pid), "the agent to be killed", 5_000);
  });

  it("ends an agent that ignores Stop after the grace period of the first press, however often Stop is pressed again", async () => {
    harness = new ClientHarness({ protocol: "v2", timeouts: { stopGraceMs: 1_000 } });
    const key = await harness.run({ steps: [{ ignoreSigterm: true }, { hang: true }] });
    await waitFor(() => harness.agentLog().some((e) => e.kind === "hang"), "the agent to hang");
    await harness.sessions.stop(key);
    // Pressed again and again for three times the grace period: each press used to start the grace anew.
    for (let press = 0; press < 15 && harness.sessions.session(key)?.status !== "ended"; press++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await harness.sessions.stop(key);
    }
    assert.equal(harness.sessions.session(key)?.status, "ended", "ended while Stop was still being pressed");
    assert.match(harness.sessions.session(key)?.error ?? "", /did not stop within 1 s after Stop/);
  });

  it("routes by sessionId: a request for an unknown session gets no card and is cancelled", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    await harness.run({ steps: [{ request: { sessionId: "someone-elses" } }] });
    const [outcome] = await waitFor(
      () => harness.outcomes().length === 1 && harness.outcomes(),
      "the answer",
    );
    assert.deepEqual(outcome!.outcome, { outcome: "cancelled" });
    assert.equal(harness.ops.filter((op) => op.op === "prompt").length, 0);
  });
  it("logs a flood of requests for unknown sessions in a few lines", async () => {
    harness = new ClientHarness({ protocol: "v1" });
    const steps = Array.from({ length: 1_000 }, () => ({ request: { sessionId: "nope" }, wait: false }));
    await harness.run({ steps: [...steps, { waitAll: true }] });
    await waitFor(() => harness.outcomes().length === 1_000, "the answers", 20_000);
    const lines = harness.logLines.filter((line) => line.includes("for an unknown session"));
    assert.deepEqual(
      lines.map((line) => /\((\d+) so far\)/.exec(line)?.[1]),
      ["1", "2", "3", "10", "100", "1000"],
    );
  });

  it("offers Bypass Permissions only on requests bypass would approve", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const inside = { subject: { type: "command", command: "ls", cwd: harness.workspace } };
    const outside = { subject: { type: "command", command: "ls", cwd: "/" } };
    const unknown = { subject: { type: "_teleport", to: "mars" } };
    await harness.run({
      steps: [
        { request: inside, wait: false },
        { request: outside, wait: false },
        { request: unknown, wait: false },
        { request: {}, wait: false },
        { waitAll: true },
      ],
    });
    const cards = await waitFor(
      () => harness.sessions.pending.size === 4 && harness.sessions.pending.list(),
      "four cards",
    );
    assert.deepEqual(
      cards.map((card) => harness.sessions.promptView(card).canBypass),
      [true, false, false, false],
      "inside the workspace: yes; outside, unknown type, no subject: no",
    );
    assert.equal(
      await harness.sessions.bypass(cards[1]!.key),
      false,
      "the intent is refused where the button is not offered",
    );
    await harness.sessions.stop(harness.sessions.sessionKeys()[0]!);
  });
  it("bypasses for this window only without writing settings, and revoking brings the card back", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const ls = { subject: { type: "command", command: "ls", cwd: harness.workspace } };
    harness.sessions.setWindowOnlyBypass("Scripted", true);
    const key = await harness.run({ steps: [{ request: ls }] });
    const [auto] = await waitFor(
      () => harness.outcomes().length === 1 && harness.outcomes(),
      "the automatic answer",
    );
    assert.deepEqual(auto!.outcome, { outcome: "selected", optionId: "allow-once" });
    assert.deepEqual(harness.bypassWrites, [], "nothing written to settings");
    assert.equal(harness.ops.filter((op) => op.op === "prompt").length, 0);
    await harness.sessions.setBypass("Scripted", false);
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
    void harness.sessions.sendPrompt(key, JSON.stringify({ steps: [{ request: ls }] }));
    const card = await waitFor(() => harness.sessions.pending.list()[0], "a card once revoked");
    harness.sessions.choose(card.key, "reject-once");
  });
});
