/**
 * A hostile or broken agent against the real client (`AgentSessions`) over real stdio: crashes, half-closed pipes,
 * garbage, oversized lines, duplicate ids, floods, hangs and huge fields (the "Faults and attacks" list of
 * docs/safety.md). For every scenario the same three things hold:
 *   - the client stays responsive: afterwards a fresh session with a new agent process works, or the same agent
 *     still answers;
 *   - everything pending is settled exactly once: each request's answer appears once in the agent's log, or the
 *     agent is dead and the client's pending map is empty;
 *   - no agent process, nor a child it started in its process group, is left behind.
 */
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { LIMITS, type DecisionRecord, type ViewOp } from "../../src/shared/protocol";
import { isAlive } from "../../tools/processTree";
import { AgentProcess } from "../../src/acp/agentProcess";
import { SHUTDOWN_MS } from "../../src/acp/agentSessions";
import { ClientHarness, waitFor, type LogEntry } from "../support/clientHarness";

const MiB = 1024 * 1024;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** Heap still in use after a full garbage collection: what the client retains, not what it churned through. */
function retainedHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** Asserts the client retains less than `limit` bytes more than at `before` (the harness's op log cleared first). */
function assertRetainedLess(harness: ClientHarness, before: number, limit: number): void {
  harness.ops.length = 0;
  const growth = retainedHeap() - before;
  assert.ok(growth < limit, `the client retains ${Math.round(growth / MiB)} MiB more after the flood`);
}

/** Waits (3 s at most) until none of these processes is alive (a zombie waiting to be reaped counts as gone). */
async function allGone(pids: readonly number[], what = "agent processes"): Promise<void> {
  assert.ok(pids.length > 0, `no ${what} to check`);
  await waitFor(() => pids.every((pid) => !isAlive(pid)), `${what} ${pids.join(", ")} to be gone`, 3_000);
}

function decisions(harness: ClientHarness): DecisionRecord[] {
  return harness.ops.flatMap((op) => (op.op === "decided" ? [op.record] : []));
}

function cards(harness: ClientHarness): number {
  return harness.ops.filter((op) => op.op === "prompt").length;
}

function transcriptText(harness: ClientHarness, sessionKey: string): string {
  return (harness.sessions.session(sessionKey)?.transcript() ?? [])
    .map((item) =>
      item.kind === "agent"
        ? item.markdown
        : item.kind === "thought" || item.kind === "notice"
          ? item.text
          : "",
    )
    .join("\n");
}

function received(harness: ClientHarness): Record<string, unknown>[] {
  return harness
    .agentLog()
    .filter((e) => e.kind === "frame" && e.direction === "received" && e.frame)
    .map((e) => e.frame as Record<string, unknown>);
}

/** No request got two answers; the ones listed as `exactlyOnceFor` (agent pids that lived on) got exactly one. */
function assertAnsweredOnce(harness: ClientHarness, exactlyOnceFor: readonly number[] = []): void {
  for (const [request, count] of harness.answerCounts()) {
    assert.ok(count <= 1, `request ${request} was answered ${count} times`);
    if (exactlyOnceFor.some((pid) => request.startsWith(`${pid}:`)))
      assert.equal(count, 1, `request ${request} was never answered`);
  }
}

/** The client's own handle on the agent process (private state: read only to time what the client observed). */
async function agentChild(harness: ClientHarness, agentName = "Scripted"): Promise<ChildProcess> {
  const internals = harness.sessions as unknown as {
    pool: { scopes: Map<string, Promise<{ connection: { process: { child: ChildProcess } } }>> };
  };
  const scope = await internals.pool.scopes.get(agentName);
  assert.ok(scope, `a connection to ${agentName}`);
  return scope.connection.process.child;
}

/** A fresh session (a new agent process) shows a card, delivers the person's choice once, and streams text. */
async function freshSessionWorks(harness: ClientHarness): Promise<void> {
  const before = new Set(harness.agentPids());
  const key = await harness.sessions.startSession("Scripted");
  harness.send(key, { steps: [{ request: {} }, { say: "fresh session works" }] });
  const prompt = await waitFor(
    () => harness.sessions.pending.list().find((p) => p.sessionKey === key),
    "a card in the fresh session",
  );
  assert.equal(harness.sessions.choose(prompt.key, "allow-once"), true);
  await waitFor(
    () => transcriptText(harness, key).includes("fresh session works"),
    "the fresh session's reply",
  );
  const pid = harness.agentPids().find((p) => !before.has(p));
  assert.ok(pid, "the fresh session runs in a new agent process");
  const answers = [...harness.answerCounts()].filter(([request]) => request.startsWith(`${pid}:`));
  assert.deepEqual(
    answers.map(([, count]) => count),
    [1],
  );
}

/** The same agent process still answers: a card in `sessionKey` (its turn must have ended) and a reply. */
async function sameAgentWorks(harness: ClientHarness, sessionKey: string): Promise<void> {
  await waitFor(() => harness.sessions.session(sessionKey)?.status === "ready", "the turn to end");
  harness.send(sessionKey, { steps: [{ request: {} }, { say: "same agent works" }] });
  const prompt = await waitFor(
    () => harness.sessions.pending.list().find((p) => p.sessionKey === sessionKey),
    "a new card",
  );
  assert.equal(harness.sessions.choose(prompt.key, "allow-once"), true);
  await waitFor(() => transcriptText(harness, sessionKey).includes("same agent works"), "the reply");
}

describe("ACP client against a hostile agent", function () {
  this.timeout(20_000);
  let harness: ClientHarness;

  afterEach(async () => {
    if (!harness) return;
    let pids: number[] = [];
    try {
      pids = [...harness.agentPids(), ...harness.childPids()];
    } catch {
      // The log is gone: dispose already ran.
    }
    await harness.dispose();
    if (pids.length > 0) await allGone(pids, "processes left after dispose:");
  });

  describe("agent crashes with requests pending", () => {
    const variants = [
      {
        how: "exits",
        protocol: "v2",
        step: { exit: 9 },
        logKind: "exit",
        error: /Scripted exited with code 9/,
      },
      {
        how: "is killed with SIGKILL",
        protocol: "v1",
        step: { kill: "SIGKILL" },
        logKind: "kill",
        error: /Scripted was stopped by SIGKILL/,
      },
    ] as const;
    for (const variant of variants) {
      it(`${variant.how} (${variant.protocol}): every card settles cancelled as agent_exit within 100 ms, nothing approved`, async () => {
        harness = new ClientHarness({ protocol: variant.protocol });
        if (variant.protocol === "v1") harness.versions.set("Scripted", 1);
        const decidedAt: number[] = [];
        harness.sessions.onDidChange((ops: ViewOp[]) => {
          for (const op of ops) if (op.op === "decided") decidedAt.push(Date.now());
        });
        const holder = await harness.run({
          steps: [{ spawnChild: {} }, { request: {}, wait: false, repeat: 3 }, { waitAll: true }],
        });
        await waitFor(() => harness.sessions.pending.size === 3, "3 cards");
        const keys = harness.sessions.pending.list().map((p) => p.key);
        const [agentPid] = harness.agentPids();
        const [child] = harness.childPids();
        assert.ok(agentPid && child && isAlive(child));
        // When the client sees the death: its end of the agent's stdout closes, or the exit is reported.
        const observed: number[] = [];
        const agent = await agentChild(harness);
        agent.stdout?.once("end", () => observed.push(Date.now()));
        agent.once("exit", () => observed.push(Date.now()));
        // A second session of the same agent makes it die, so the cards surely exist first.
        const killer = await harness.run({ steps: [variant.step] });
        await waitFor(() => harness.sessions.pending.size === 0, "the cards to settle", 3_000);
        assert.ok(
          harness.agentLog().some((e) => e.kind === variant.logKind),
          "the agent died the scripted way",
        );
        await waitFor(() => observed.length > 0, "the client to see the agent die");
        const late = Math.max(...decidedAt) - Math.min(...observed);
        assert.ok(
          late < 100,
          `the last card settled ${Math.round(late)} ms after the client saw the agent die`,
        );

        const records = decisions(harness);
        assert.equal(records.length, 3);
        for (const record of records) {
          assert.equal(record.provenance, "agent_exit");
          assert.equal(record.outcome, "cancelled");
          assert.match(record.summary, /Agent exited/);
        }
        for (const key of keys)
          assert.equal(
            harness.sessions.choose(key, "allow-once"),
            false,
            "a settled card cannot be approved",
          );
        assert.ok(
          !harness
            .outcomes()
            .some((e) => (e.outcome as { optionId?: string } | undefined)?.optionId === "allow-once"),
        );
        for (const sessionKey of [holder, killer]) {
          const session = harness.sessions.session(sessionKey)!;
          await waitFor(() => session.status === "ended", "the session to be marked ended", 1_000);
          // The client waits 200 ms after the pipe closes for the exit status; on a machine starved of CPU the
          // exit can be reported later than that, and the reason then only says the connection closed.
          assert.match(
            session.error ?? "",
            new RegExp(`${variant.error.source}|Scripted closed its connection`),
          );
        }
        await allGone([agentPid, child]);
        await freshSessionWorks(harness);
        assertAnsweredOnce(harness);
      });
    }
  });

  describe("agent exits with its last lines still in the pipe", () => {
    const sessionId = "scripted-session-1";
    const options = [
      { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
      { optionId: "reject-once", name: "Reject", kind: "reject_once" },
    ];
    for (const protocol of ["v2", "v1"] as const) {
      it(`reads every line written before the exit (${protocol}): its last words are shown, its last request settles as agent_exit`, async () => {
        harness = new ClientHarness({ protocol });
        if (protocol === "v1") harness.versions.set("Scripted", 1);
        const lastRequest =
          protocol === "v2"
            ? { sessionId, title: "Last request", options }
            : { sessionId, toolCall: { toolCallId: "last-call", title: "Last request" }, options };
        // A thought: a message chunk would join the big line's message, which is shown cut.
        const message = (text: string) => ({
          sessionUpdate: "agent_thought_chunk",
          ...(protocol === "v2" ? { messageId: "last-message" } : {}),
          content: { type: "text", text },
        });
        const key = await harness.run({
          steps: [
            { request: {}, wait: false },
            // Far more than a pipe holds, so the exit comes while the client still has lines to read. Raw lines are
            // in the pipe before the next step starts (the SDK's own writes might not be, at an exit).
            ...Array.from({ length: 4 }, () => ({ bigLine: 1_000_000 })),
            {
              raw: {
                jsonrpc: "2.0",
                method: "session/update",
                params: { sessionId, update: message("last words") },
              },
            },
            {
              raw: { jsonrpc: "2.0", id: "last", method: "session/request_permission", params: lastRequest },
            },
            { exit: 9 },
          ],
        });
        const session = harness.sessions.session(key)!;
        await waitFor(() => session.status === "ended", "the session to be marked ended", 5_000);
        await waitFor(() => harness.sessions.pending.size === 0, "the cards to settle", 3_000);
        assert.match(transcriptText(harness, key), /last words/);
        const records = decisions(harness);
        assert.deepEqual(
          records.map((r) => [r.provenance, r.outcome]),
          [
            ["agent_exit", "cancelled"],
            ["agent_exit", "cancelled"],
          ],
          "both requests were read and settled as the agent's exit",
        );
        assert.match(records[1]!.title, /Last request/);
        assert.match(session.error ?? "", /Scripted exited with code 9|Scripted closed its connection/);
        assertAnsweredOnce(harness);
      });
    }
  });

  describe("agent closes stdout but lives on", () => {
    for (const ignoreSigterm of [false, true]) {
      it(`closes the connection, says so, and kills the process group${ignoreSigterm ? " (TERM ignored: KILL after the grace period)" : ""}`, async () => {
        harness = new ClientHarness({ protocol: "v2" });
        const holder = await harness.run({
          steps: [{ spawnChild: { ignoreSigterm } }, { request: {}, wait: false }, { waitAll: true }],
        });
        await waitFor(() => harness.sessions.pending.size === 1, "a card");
        const [agentPid] = harness.agentPids();
        const [child] = harness.childPids();
        await harness.run({
          steps: [...(ignoreSigterm ? [{ ignoreSigterm: true }] : []), { closeStdout: true }],
        });
        await waitFor(
          () => harness.agentLog().some((e) => e.kind === "stdoutClosed"),
          "the agent to close its stdout",
        );
        const session = harness.sessions.session(holder)!;
        await waitFor(() => session.status === "ended", "the session to end", 3_000);
        assert.match(session.error ?? "", /Scripted closed its connection/);
        assert.equal(harness.sessions.pending.size, 0);
        assert.deepEqual(
          decisions(harness).map((r) => [r.provenance, r.outcome]),
          [["agent_exit", "cancelled"]],
        );
        await allGone([agentPid!, child!]);
        if (ignoreSigterm) {
          assert.ok(
            harness
              .agentLog()
              .some((e) => e.kind === "signal" && e.signal === "SIGTERM" && e.ignored === true),
            "SIGTERM came first (and was ignored)",
          );
        }
        assertAnsweredOnce(harness);
        await freshSessionWorks(harness);
      });
    }
  });

  describe("garbage on stdout", () => {
    const sessionId = "scripted-session-1";
    /** Each of these makes the SDK answer with an `id: null` -32700/-32600 error: a malformed frame. */
    const malformed = [
      { rawLine: "{not json" },
      { rawLine: "Traceback (most recent call last):" },
      { rawLine: '{"jsonrpc":"2.0","method":' },
      { rawBase64: Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a]).toString("base64") }, // invalid UTF-8, not JSON
      { raw: [1, 2, 3] },
      { raw: [] },
      { raw: 42 },
      { raw: "a string" },
      { raw: null },
      { raw: true },
      { raw: { hello: "world" } },
    ];
    /** Answers to requests never sent, or to no id: unanswered (an answer gets none), counted as malformed. */
    const unmatched = [
      { raw: { jsonrpc: "2.0", id: 987_654, result: { outcome: "selected" } } },
      { raw: { jsonrpc: "2.0", id: 987_655, error: { code: -32000, message: "answer to nothing" } } },
      { raw: { jsonrpc: "2.0", result: { outcome: "selected" } } },
    ];
    /** Well-formed JSON-RPC the client must answer or ignore without counting it as garbage. */
    const odd = [
      { raw: { jsonrpc: "2.0", id: "u1", method: "no/such_method", params: {} } },
      { raw: { jsonrpc: "2.0", method: "_unknown/notification", params: {} } },
      // The private name the client routes updates by is no way in for the agent: an unknown method, as any other.
      {
        raw: {
          jsonrpc: "2.0",
          method: "_symposium/session_update",
          params: {
            sessionId,
            update: {
              sessionUpdate: "agent_message_chunk",
              messageId: "routed",
              content: { type: "text", text: "routed by the agent" },
            },
          },
        },
      },
      { raw: { jsonrpc: "2.0", id: "u2", method: "_symposium/session_update", params: {} } },
      {
        raw: {
          jsonrpc: "2.0",
          id: "u3",
          method: "_symposium/request_permission",
          params: {
            sessionId,
            title: "Routed by the agent",
            options: [{ optionId: "o", name: "O", kind: "allow_once" }],
          },
        },
      },
      { raw: { jsonrpc: "2.0", method: "session/update", params: ["not", "an", "object"] } },
      { rawLine: "" },
      // Invalid UTF-8 inside an otherwise valid update: shown with replacement characters, not a crash.
      {
        rawBase64: Buffer.concat([
          Buffer.from(
            `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"${sessionId}","update":{"sessionUpdate":"agent_message_chunk","messageId":"bad-bytes","content":{"type":"text","text":"bad `,
          ),
          Buffer.from([0xff, 0xfe]),
          Buffer.from(' bytes"}}}}\n'),
        ]).toString("base64"),
      },
    ];

    it("below the threshold: no crash, every kind answered as JSON-RPC says, and the session still works", async () => {
      harness = new ClientHarness({ protocol: "v2" });
      const key = await harness.run({
        steps: [...malformed, ...unmatched, ...odd, { say: "after the garbage" }],
      });
      await waitFor(
        () => transcriptText(harness, key).includes("after the garbage"),
        "the text after the garbage",
      );
      await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
      const nullIdErrors = () =>
        received(harness).filter(
          (f) => f.id === null && [-32700, -32600].includes((f.error as { code?: number })?.code ?? 0),
        );
      await waitFor(() => nullIdErrors().length === malformed.length, `${malformed.length} id:null errors`);
      const methodNotFound = await waitFor(
        () => received(harness).find((f) => f.id === "u1"),
        "the answer to the unknown method",
      );
      assert.equal(
        (methodNotFound.error as { code?: number })?.code,
        -32601,
        "an unknown method gets -32601",
      );
      const privateName = await waitFor(
        () => received(harness).find((f) => f.id === "u2"),
        "the answer to the private method name",
      );
      assert.equal((privateName.error as { code?: number })?.code, -32601);
      const privateRequest = await waitFor(
        () => received(harness).find((f) => f.id === "u3"),
        "the answer to the private request name",
      );
      assert.equal((privateRequest.error as { code?: number })?.code, -32601);
      assert.equal(cards(harness), 0, "no card for it");
      assert.doesNotMatch(transcriptText(harness, key), /routed by the agent/);
      assert.match(transcriptText(harness, key), /bad \uFFFD+ bytes/);
      const [pid] = harness.agentPids();
      assert.ok(isAlive(pid!), "the agent was not stopped");
      assert.equal(harness.sessions.session(key)?.error, undefined);
      await sameAgentWorks(harness, key);
      assertAnsweredOnce(harness, [pid!]);
      assert.equal(harness.agentPids().length, 1);
    });

    it("above the threshold (more than 20 malformed frames): the agent is stopped and the reason says why", async () => {
      harness = new ClientHarness({ protocol: "v2" });
      const holder = await harness.run({
        steps: [{ spawnChild: {} }, { request: {}, wait: false }, { waitAll: true }],
      });
      await waitFor(() => harness.sessions.pending.size === 1, "a card");
      const [agentPid] = harness.agentPids();
      const [child] = harness.childPids();
      await harness.run({
        steps: [{ rawLine: "garbage", repeat: 25 }, { stayAlive: true }, { sleep: 20_000 }],
      });
      const session = harness.sessions.session(holder)!;
      await waitFor(() => session.status === "ended", "the session to end", 3_000);
      assert.match(session.error ?? "", /Scripted sent more than 20 malformed messages and was stopped/);
      assert.equal(harness.sessions.pending.size, 0);
      assert.deepEqual(
        decisions(harness).map((r) => [r.provenance, r.outcome]),
        [["agent_exit", "cancelled"]],
      );
      await allGone([agentPid!, child!]);
      assertAnsweredOnce(harness);
      await freshSessionWorks(harness);
    });
  });

  it("answers to requests never sent count as malformed: past the threshold the agent is stopped, none is logged", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const holder = await harness.run({ steps: [{ request: {}, wait: false }, { waitAll: true }] });
    await waitFor(() => harness.sessions.pending.size === 1, "a card");
    const [agentPid] = harness.agentPids();
    // The SDK logs each answer it cannot match with console.error: 100,000 of them were as many lines.
    const logged: unknown[][] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await harness.run({
        steps: [
          { raw: { jsonrpc: "2.0", id: 987_654, result: { outcome: "selected" } }, repeat: 9 },
          { raw: { jsonrpc: "2.0", result: {} }, repeat: 9 },
          { raw: { jsonrpc: "2.0", error: { code: -32000, message: "answer to nothing" } }, repeat: 9 },
          { stayAlive: true },
          { sleep: 20_000 },
        ],
      });
      const session = harness.sessions.session(holder)!;
      await waitFor(() => session.status === "ended", "the session to end", 3_000);
      assert.match(session.error ?? "", /Scripted sent more than 20 malformed messages and was stopped/);
    } finally {
      console.error = consoleError;
    }
    assert.deepEqual(logged, []);
    assert.equal(harness.sessions.pending.size, 0);
    await allGone([agentPid!]);
  });

  it("session/update notifications whose params are refused count as malformed: past the threshold the agent is stopped", async () => {
    harness = new ClientHarness({ protocol: "v1" });
    const holder = await harness.run({ steps: [{ request: {}, wait: false }, { waitAll: true }] });
    await waitFor(() => harness.sessions.pending.size === 1, "a card");
    await harness.run({
      steps: [
        { raw: { jsonrpc: "2.0", method: "session/update", params: ["not", "an", "object"] }, repeat: 21 },
        { stayAlive: true },
        { sleep: 20_000 },
      ],
    });
    const session = harness.sessions.session(holder)!;
    await waitFor(() => session.status === "ended", "the session to end", 3_000);
    assert.match(session.error ?? "", /Scripted sent more than 20 malformed messages and was stopped/);
  });

  it("a line over the message limit closes the connection, says why, kills the agent and settles its requests", async () => {
    harness = new ClientHarness({ protocol: "v2", maxMessageBytes: 8 * MiB });
    const holder = await harness.run({
      steps: [{ spawnChild: {} }, { request: {}, wait: false }, { waitAll: true }],
    });
    await waitFor(() => harness.sessions.pending.size === 1, "a card");
    const [agentPid] = harness.agentPids();
    const [child] = harness.childPids();
    const big = await harness.run({
      steps: [{ stayAlive: true }, { bigLine: 9 * MiB }, { say: "never shown" }],
    });
    const session = harness.sessions.session(holder)!;
    await waitFor(() => session.status === "ended", "the session to end", 5_000);
    assert.match(
      session.error ?? "",
      /Scripted sent a message larger than 8 MiB; the connection was closed and the agent stopped/,
    );
    assert.equal(harness.sessions.session(big)?.error, session.error);
    assert.equal(harness.sessions.pending.size, 0);
    assert.deepEqual(
      decisions(harness).map((r) => [r.provenance, r.outcome]),
      [["agent_exit", "cancelled"]],
    );
    assert.doesNotMatch(transcriptText(harness, big), /never shown/);
    await allGone([agentPid!, child!]);
    assertAnsweredOnce(harness);
    await freshSessionWorks(harness);
  });

  it("a JSON-RPC id reused after its first request was answered is a fresh request: one answer each", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.sessions.startSession("Scripted");
    const frame = {
      jsonrpc: "2.0",
      id: "dup-9",
      method: "session/request_permission",
      params: {
        sessionId: "scripted-session-1",
        title: "Delete build/",
        options: [
          { optionId: "y", name: "Yes", kind: "allow_once" },
          { optionId: "n", name: "No", kind: "reject_once" },
        ],
      },
    };
    const answers = () => received(harness).filter((f) => f.id === "dup-9");
    harness.send(key, { steps: [{ raw: frame }] });
    const first = await waitFor(() => harness.sessions.pending.list()[0], "the first card");
    assert.equal(harness.sessions.choose(first.key, "y"), true);
    await waitFor(() => answers().length === 1, "the first answer");
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the first turn to end");
    harness.send(key, { steps: [{ raw: frame }] });
    const second = await waitFor(() => harness.sessions.pending.list()[0], "a second card");
    assert.notEqual(second.key, first.key);
    assert.equal(harness.sessions.choose(first.key, "y"), false, "the first card stays answered");
    assert.equal(
      harness.sessions.choose(second.key, "n"),
      true,
      "the second is a fresh request a person can answer",
    );
    await waitFor(() => answers().length === 2, "the second answer");
    await delay(200);
    assert.deepEqual(
      answers().map((f) => f.result),
      [
        { outcome: { outcome: "selected", optionId: "y" } },
        { outcome: { outcome: "selected", optionId: "n" } },
      ],
    );
    assert.deepEqual(
      decisions(harness).map((r) => r.provenance),
      ["user", "user"],
    );
    assert.equal(cards(harness), 2);
  });

  it("a flood of requests from several sessions of one agent stays within the per-session and per-agent caps", async () => {
    const limits = { perSession: 30, perAgent: 50, timeoutMs: 0 };
    harness = new ClientHarness({ protocol: "v2", limits });
    let mostPending = 0;
    const perSession = new Map<string, number>();
    harness.sessions.onDidChange(() => {
      mostPending = Math.max(mostPending, harness.sessions.pending.size);
      for (const prompt of harness.sessions.pending.list()) {
        perSession.set(
          prompt.sessionKey,
          Math.max(
            perSession.get(prompt.sessionKey) ?? 0,
            harness.sessions.pending.list().filter((p) => p.sessionKey === prompt.sessionKey).length,
          ),
        );
      }
    });
    const keys: string[] = [];
    for (let i = 0; i < 3; i++)
      keys.push(await harness.run({ steps: [{ request: {}, wait: false, repeat: 40 }, { waitAll: true }] }));
    await waitFor(
      () => harness.outcomeCount() === 120 - limits.perAgent,
      "every request over a cap to be answered",
      10_000,
      50,
    );
    assert.equal(harness.sessions.pending.size, limits.perAgent);
    assert.ok(mostPending <= limits.perAgent, `${mostPending} pending at once`);
    for (const [, most] of perSession) assert.ok(most <= limits.perSession, `${most} pending in one session`);
    assert.equal(cards(harness), limits.perAgent, "no card for a request over a cap");
    assert.ok(
      harness.outcomes().every((e) => (e.outcome as { optionId?: string }).optionId === "reject-once"),
      "over a cap: the reject option, never an approval",
    );
    for (const key of keys) await harness.sessions.stop(key);
    await waitFor(() => harness.outcomeCount() === 120, "the held requests to be cancelled", 5_000, 50);
    await delay(100);
    const [pid] = harness.agentPids();
    assertAnsweredOnce(harness, [pid!]);
    assert.equal(harness.answerCounts().size, 120);
    await sameAgentWorks(harness, keys[0]!);
  });

  describe("an agent that never answers", () => {
    it("session/new: dispose() (no Stop) ends the start with an error and kills the agent", async () => {
      harness = new ClientHarness({
        protocol: "v2",
        agentEnv: { SCRIPTED_AGENT_HANG_NEW_SESSION: "1" },
        timeouts: { newSessionMs: 60_000 },
      });
      const starting = harness.sessions.startSession("Scripted").then(
        () => "started",
        (error: Error) => error.message,
      );
      await waitFor(
        () => received(harness).some((f) => f.method === "session/new"),
        "session/new to reach the agent",
      );
      const [pid] = harness.agentPids();
      const disposing = harness.sessions.dispose();
      await allGone([pid!]);
      await disposing;
      assert.notEqual(await starting, "started");
    });

    it("initialize: dispose() does not wait for the initialize timeout; the agent is killed", async () => {
      harness = new ClientHarness({
        protocol: "v2",
        agentEnv: { SCRIPTED_AGENT_HANG_INITIALIZE: "1" },
        timeouts: { initializeMs: 60_000 },
      });
      const starting = harness.sessions.startSession("Scripted").then(
        () => "started",
        (error: Error) => error.message,
      );
      await waitFor(
        () => received(harness).some((f) => f.method === "initialize"),
        "initialize to reach the agent",
      );
      const [pid] = harness.agentPids();
      const disposing = harness.sessions.dispose();
      await allGone([pid!]);
      await disposing;
      assert.notEqual(await starting, "started");
    });
  });

  it("huge fields (100k-char title, 10,000 options, ~7 MB rawInput, 10,000 locations, 150 diffs) are capped before they reach the view", async () => {
    harness = new ClientHarness({ protocol: "v2", maxMessageBytes: 8 * MiB });
    const ws = harness.workspace;
    const options = Array.from({ length: 10_000 }, (_, i) => ({
      optionId: `o${i}`,
      name: `Option ${i} ${"n".repeat(300)}`,
      kind: i % 2 === 0 ? "allow_once" : "reject_once",
    }));
    const requests = [
      { title: "T".repeat(100_000), description: "D".repeat(1_000_000), options },
      {
        title: "Run a command",
        subject: {
          type: "tool_call",
          toolCall: {
            toolCallId: "huge-raw",
            title: "t".repeat(100_000),
            kind: "execute",
            rawInput: { command: "rm -rf ~", padding: "x".repeat(7_000_000) },
          },
        },
        options: options.slice(0, 2),
      },
      {
        title: "Edit everything",
        subject: {
          type: "tool_call",
          toolCall: {
            toolCallId: "huge-locations",
            kind: "edit",
            locations: Array.from({ length: 10_000 }, (_, i) => ({
              path: `${ws}/${"p".repeat(300)}-${i}.ts`,
              line: i,
            })),
          },
        },
        options: options.slice(0, 2),
      },
      {
        title: "Edit 150 files",
        subject: {
          type: "tool_call",
          toolCall: {
            toolCallId: "huge-diffs",
            kind: "edit",
            // 150 diffs of 200 long lines each: every one fits a preview's caps, all of them together do not.
            content: Array.from({ length: 150 }, (_, i) => ({
              type: "diff",
              changes: [{ operation: "modify", path: `${ws}/f${i}.ts` }],
              patch: {
                format: "git_patch",
                text: `diff --git ${ws}/f${i}.ts ${ws}/f${i}.ts\n${`+${"y".repeat(250)}\n`.repeat(200)}`,
              },
            })),
          },
        },
        options: options.slice(0, 2),
      },
      {
        title: "Unknown kind",
        subject: { type: "_vendor/unknown", payload: "u".repeat(7_000_000) },
        options: options.slice(0, 2),
      },
    ];
    // One request per prompt: a v2 agent echoes the prompt back (user_message), and that echo must fit the limit too.
    const key = await harness.sessions.startSession("Scripted");
    for (let i = 0; i < requests.length; i++) {
      await waitFor(
        () => harness.sessions.session(key)?.status === "ready",
        "the previous turn to end",
        10_000,
      );
      harness.send(key, { steps: [{ request: requests[i] }, { say: `done ${i}` }] });
      const prompt = await waitFor(() => harness.sessions.pending.list()[0], `card ${i}`, 10_000);
      // How fast a card is built is the benchmark's (row 5, build a card); here, what it holds.
      const json = JSON.stringify(harness.sessions.promptView(prompt));
      assert.ok(json.length < 512 * 1024, `card ${i}: ${json.length} characters`);
      const sent = harness.ops.filter((op) => op.op === "prompt" && op.prompt.key === prompt.key);
      assert.equal(sent.length, 1);
      assert.ok(JSON.stringify(sent[0]).length < 512 * 1024, `card ${i} as sent to the view`);
      assert.ok(prompt.title.length <= LIMITS.titleChars + 1);
      assert.ok((prompt.description ?? "").length <= LIMITS.descriptionChars + 1);
      assert.ok(prompt.options.length <= LIMITS.optionsPerRequest);
      if (prompt.subject.type === "tool_call" && prompt.subject.rawInput !== undefined) {
        assert.ok(prompt.subject.rawInput.length <= LIMITS.rawInputChars);
        assert.equal(prompt.subject.rawInputTruncated, true);
        assert.match(
          prompt.subject.rawInput,
          /"command": "rm -rf ~"/,
          "the dangerous part of the input is shown",
        );
      }
      assert.equal(harness.sessions.choose(prompt.key, "o0"), true);
      await waitFor(() => transcriptText(harness, key).includes(`done ${i}`), `turn ${i} to finish`, 10_000);
    }
    const snapshot = JSON.stringify(harness.sessions.snapshot());
    assert.ok(snapshot.length < 2 * MiB, `the snapshot a view gets is ${snapshot.length} characters`);
    for (const op of harness.ops)
      assert.ok(JSON.stringify(op).length < 512 * 1024, `a ${op.op} op is too large for the view`);
    assert.deepEqual(
      harness.outcomes().map((e) => e.outcome),
      requests.map(() => ({ outcome: "selected", optionId: "o0" })),
    );
  });

  it("a tool call, terminal or message id over LIMITS.toolCallIdChars is refused: nothing shown, a request naming one is answered with an error", async () => {
    // A refused update is dropped before the SDK, which logged each with console.error.
    const logged: unknown[][] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      harness = new ClientHarness({ protocol: "v2" });
      const long = "i".repeat(LIMITS.toolCallIdChars + 1);
      const fits = "f".repeat(LIMITS.toolCallIdChars);
      const options = [
        { optionId: "yes", name: "Allow", kind: "allow_once" },
        { optionId: "no", name: "Reject", kind: "reject_once" },
      ];
      const ws = harness.workspace;
      const key = await harness.run({
        steps: [
          { update: { sessionUpdate: "tool_call", toolCallId: long, title: "Long id", kind: "edit" } },
          { update: { sessionUpdate: "tool_call_update", toolCallId: long, title: "Long id again" } },
          {
            update: {
              sessionUpdate: "tool_call",
              toolCallId: "with-terminal",
              title: "Terminal",
              kind: "execute",
              content: [{ type: "terminal", terminalId: long }],
            },
          },
          {
            update: {
              sessionUpdate: "agent_message_chunk",
              messageId: long,
              content: { type: "text", text: "Long message id" },
            },
          },
          { update: { sessionUpdate: "tool_call", toolCallId: fits, title: "Fits", kind: "read" } },
          {
            request: {
              title: "Tool call",
              subject: { type: "tool_call", toolCall: { toolCallId: long, title: "Edit", kind: "edit" } },
              options,
            },
          },
          {
            request: {
              title: "Command",
              subject: { type: "command", command: "ls", cwd: ws, toolCallId: long },
              options,
            },
          },
          {
            request: {
              title: "Command in a terminal",
              subject: { type: "command", command: "ls", cwd: ws, terminalId: long },
              options,
            },
          },
          {
            request: {
              title: "Fits",
              subject: { type: "tool_call", toolCall: { toolCallId: fits } },
              options,
            },
          },
          { say: "done" },
        ],
      });
      const card = await waitFor(() => harness.sessions.pending.list()[0], "the card whose id fits");
      assert.equal(card.title, "Fits");
      assert.equal(harness.sessions.choose(card.key, "no"), true);
      await waitFor(() => transcriptText(harness, key).includes("done"), "the turn to finish");
      const answers = harness.outcomes();
      assert.deepEqual(
        answers.map((entry) => (entry.error as { code?: number } | undefined)?.code ?? entry.outcome),
        [-32602, -32602, -32602, { outcome: "selected", optionId: "no" }],
        "each request naming a long id is answered with invalid params, never shown or approved",
      );
      const items = harness.sessions.session(key)!.transcript();
      assert.deepEqual(
        items.flatMap((item) => (item.kind === "tool_call" ? [item.title] : [])),
        ["Fits"],
        "no tool call with a long id or one holding a long terminal id is shown",
      );
      assert.doesNotMatch(transcriptText(harness, key), /Long message id/, "nor a message with a long id");
      // The script itself is the person's message here, so its item holds the id as text.
      for (const op of harness.ops.filter((op) => op.op !== "item" || op.item.kind !== "user"))
        assert.ok(!JSON.stringify(op).includes(long), `a ${op.op} op carries the id`);
      assert.equal(harness.sessions.session(key)?.error, undefined, "the session goes on");
    } finally {
      console.error = consoleError;
    }
    assert.deepEqual(logged, [], "nothing logged");
  });

  it("v2: work the agent says it does after saying idle is a turn: messages wait for it and Stop cancels it", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({
      steps: [
        { update: { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" } },
        { update: { sessionUpdate: "state_update", state: "running" } },
        { say: "working on" },
        { sleep: 20_000 },
      ],
    });
    await waitFor(() => transcriptText(harness, key).includes("working on"), "the work after the idle");
    assert.equal(harness.sessions.session(key)?.status, "running");
    void harness.sessions.sendPrompt(key, "a follow-up");
    const header = () => harness.sessions.snapshot().sessions.find((s) => s.header.key === key)?.header;
    await waitFor(() => header()?.queued === 1, "the person's message waiting for the agent's work");
    await harness.sessions.stop(key);
    await waitFor(
      () => received(harness).some((frame) => frame.method === "session/cancel"),
      "session/cancel for the agent's own work",
    );
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the work's end after the cancel");
    assert.equal(header()?.queued, undefined, "the waiting message went back to the message box");
  });

  it("v2: text a turn the agent starts itself sends under the last turn's message id is a new message", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const text = (messageId: string, words: string) => ({
      update: { sessionUpdate: "agent_message", messageId, content: [{ type: "text", text: words }] },
    });
    const key = await harness.run({
      steps: [
        text("m1", "I will delete only ./build."),
        { update: { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" } },
        { sleep: 200 },
        // No message of the person's between: the agent starts work of its own and rewrites what was read.
        { update: { sessionUpdate: "state_update", state: "running" } },
        text("m1", "I will delete your home folder."),
        { update: { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" } },
        { sleep: 200 },
        // Nor after that turn ended.
        text("m1", "Done."),
        { say: "the end" },
      ],
    });
    await waitFor(() => transcriptText(harness, key).includes("the end"), "the agent's text");
    const replies = (harness.sessions.session(key)?.transcript() ?? []).flatMap((item) =>
      item.kind === "agent" ? [item.markdown] : [],
    );
    assert.deepEqual(replies.slice(0, 3), [
      "I will delete only ./build.",
      "I will delete your home folder.",
      "Done.",
    ]);
  });

  it("v2: a tool call left open when the turn ends, or opened between turns, shows as not finished, not running", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({
      steps: [
        {
          update: {
            sessionUpdate: "tool_call",
            toolCallId: "t1",
            title: "Build",
            kind: "execute",
            status: "in_progress",
          },
        },
        {
          update: {
            sessionUpdate: "tool_call",
            toolCallId: "t2",
            title: "Wait",
            kind: "other",
            status: "paused",
          },
        },
        { update: { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" } },
        { sleep: 300 },
        // Between turns: the agent says it runs again, and opens another.
        { update: { sessionUpdate: "tool_call_update", toolCallId: "t1", status: "in_progress" } },
        {
          update: {
            sessionUpdate: "tool_call",
            toolCallId: "t3",
            title: "Deploy",
            kind: "execute",
            status: "in_progress",
          },
        },
        // What it says finished stands.
        { update: { sessionUpdate: "tool_call_update", toolCallId: "t2", status: "completed" } },
        { say: "between turns" },
        { sleep: 20_000 },
      ],
    });
    await waitFor(() => transcriptText(harness, key).includes("between turns"), "the updates between turns");
    const statuses = () =>
      (harness.sessions.session(key)?.transcript() ?? []).flatMap((item) =>
        item.kind === "tool_call" ? [[item.toolCallId, item.status]] : [],
      );
    assert.deepEqual(statuses(), [
      ["t1", "unfinished"],
      ["t2", "completed"],
      ["t3", "unfinished"],
    ]);
    assert.equal(harness.sessions.session(key)?.status, "ready");
  });

  it("a stale or unknown sessionId gets no card and no transcript entry; it is answered cancelled", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const first = await harness.sessions.startSession("Scripted");
    const second = await harness.sessions.startSession("Scripted");
    await harness.sessions.closeSession(first); // scripted-session-1 is now stale; the agent lives on for the second
    harness.send(second, {
      steps: [
        {
          update: {
            sessionUpdate: "agent_message_chunk",
            messageId: "ghost",
            content: { type: "text", text: "ghost text" },
          },
          sessionId: "scripted-session-1",
        },
        { request: { sessionId: "scripted-session-1", title: "Stale card" } },
        { request: { sessionId: "no-such-session", title: "Unknown card" } },
        { say: "still routed" },
      ],
    });
    await waitFor(() => transcriptText(harness, second).includes("still routed"), "the real session's text");
    assert.deepEqual(
      harness.outcomes().map((e) => e.outcome),
      [{ outcome: "cancelled" }, { outcome: "cancelled" }],
    );
    assert.equal(cards(harness), 0);
    assert.doesNotMatch(transcriptText(harness, second), /ghost text/);
    assert.equal(harness.sessions.session(first), undefined);
    await sameAgentWorks(harness, second);
  });

  for (const protocol of ["v2", "v1"] as const) {
    it(`${protocol}: a request without what its version requires is refused as invalid params, with no card; the rest is read leniently`, async () => {
      harness = new ClientHarness({ protocol });
      if (protocol === "v1") harness.versions.set("Scripted", 1);
      const option = (kind: string) => ({ optionId: "o", name: "O", kind });
      const invalid =
        protocol === "v2"
          ? [
              { options: [] },
              { title: 5 },
              { sessionId: 7 },
              { options: [{ optionId: "o", kind: "allow_once" }] },
            ]
          : [{ options: [option("allow_forever")] }, { toolCall: { title: "no id" } }, { sessionId: 7 }];
      // Fields the SDK's schema would have dropped or cut: shown as far as they can be read, the rest left out.
      const lenient =
        protocol === "v2"
          ? {
              title: "Lenient",
              description: 42,
              subject: { type: "tool_call", toolCall: { toolCallId: "x", kind: 3 } },
            }
          : { toolCall: { toolCallId: "x", title: "Lenient", kind: 3, locations: "nowhere" } };
      const key = await harness.run({
        steps: [...invalid.map((request) => ({ request, wait: false })), { request: lenient, wait: false }],
      });
      await waitFor(() => harness.outcomes().length === invalid.length, "an answer to each invalid request");
      for (const entry of harness.outcomes())
        assert.equal((entry.error as { code?: number } | undefined)?.code, -32602, JSON.stringify(entry));
      const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for the lenient request");
      assert.equal(harness.sessions.pending.size, 1);
      assert.match(card.title, /Lenient/);
      assert.ok(harness.sessions.choose(card.key, "allow-once"));
      await waitFor(() => harness.outcomes().length === invalid.length + 1, "the lenient request answered");
      await sameAgentWorks(harness, key);
    });
  }

  it("a flood of 50,000 session/update chunks keeps the transcript within LIMITS and memory bounded", async function () {
    this.timeout(40_000);
    harness = new ClientHarness({ protocol: "v1" });
    harness.versions.set("Scripted", 1);
    const steps: object[] = [{ say: `${"x".repeat(99)}\n`, repeat: 50_000 }];
    // v1 chunks have no message id: alternating thought and message makes a new transcript item each time.
    for (let i = 0; i < 1_100; i++) steps.push({ think: `thought ${i}` }, { say: `message ${i}` });
    steps.push({ say: " the end" });
    // The harness keeps every op (the real view coalesces them per frame); count what matters, keep the rest small.
    let cappedMessageOps = 0;
    harness.sessions.onDidChange((ops) => {
      for (const op of ops)
        if (op.op === "item" && op.item.kind === "agent" && op.item.markdown.length >= LIMITS.messageChars)
          cappedMessageOps++;
      if (harness.ops.length > 10_000) harness.ops.length = 0;
    });
    const heapBefore = retainedHeap();
    const key = await harness.run({ steps });
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the flood to end", 35_000, 100);
    const transcript = harness.sessions.session(key)!.transcript();
    assert.ok(transcript.length <= LIMITS.transcriptItems, `${transcript.length} transcript items`);
    for (const item of transcript) {
      const text =
        item.kind === "agent"
          ? item.markdown
          : item.kind === "thought" || item.kind === "user" || item.kind === "notice"
            ? item.text
            : "";
      assert.ok(text.length <= LIMITS.messageChars, `an item of ${text.length} characters`);
    }
    assert.equal(
      (transcript.at(-1) as { markdown?: string }).markdown,
      "message 1099 the end",
      "the newest text is kept",
    );
    assert.ok(cappedMessageOps <= 1, `a message at its cap was sent to the view ${cappedMessageOps} times`);
    assertRetainedLess(harness, heapBefore, 32 * MiB);
    await sameAgentWorks(harness, key);
  });

  it("1,000 terminals of 64 KB output and 100 of 1 MB keep memory bounded; the newest terminal's output is whole", async function () {
    this.timeout(40_000);
    harness = new ClientHarness({ protocol: "v2" });
    const output = (fill: string) => Buffer.from(fill.repeat(LIMITS.terminalOutputChars)).toString("base64");
    const steps = [
      {
        update: { sessionUpdate: "terminal_update", terminalId: "flood-{n}", output: { data: output("x") } },
        repeat: 1_000,
      },
      // Longer than a terminal's tail: what is kept must not hold the whole decoded output alive.
      {
        update: {
          sessionUpdate: "terminal_update",
          terminalId: "long-{n}",
          output: { data: Buffer.from("z".repeat(MiB)).toString("base64") },
        },
        repeat: 100,
      },
      {
        update: {
          sessionUpdate: "tool_call",
          toolCallId: "shown",
          title: "Build",
          kind: "execute",
          content: [{ type: "terminal", terminalId: "last" }],
        },
      },
      { update: { sessionUpdate: "terminal_update", terminalId: "last", output: { data: output("y") } } },
      { say: "the end" },
    ];
    harness.sessions.onDidChange(() => {
      if (harness.ops.length > 1_000) harness.ops.length = 0;
    });
    const heapBefore = retainedHeap();
    const key = await harness.run({ steps });
    await waitFor(() => transcriptText(harness, key).includes("the end"), "the flood to end", 35_000, 100);
    const shown = harness.sessions
      .session(key)!
      .transcript()
      .find((item) => item.kind === "tool_call" && item.toolCallId === "shown");
    const terminal = shown?.kind === "tool_call" ? shown.content[0] : undefined;
    assert.equal(terminal?.type === "terminal" && terminal.output, "y".repeat(LIMITS.terminalOutputChars));
    assertRetainedLess(harness, heapBefore, 32 * MiB);
    await sameAgentWorks(harness, key);
  });

  it("60 tool calls with 1 MB of raw input each keep memory bounded; a request about the oldest asks a person", async function () {
    this.timeout(40_000);
    harness = new ClientHarness({ protocol: "v2" });
    const blob = "r".repeat(1_000_000);
    const flood = (prefix: string, repeat: number) => ({
      steps: [
        {
          update: {
            sessionUpdate: "tool_call",
            toolCallId: `${prefix}-{n}`,
            title: "Read",
            kind: "read",
            rawInput: { path: "README.md", blob },
          },
          repeat,
        },
        { say: `${prefix} done` },
      ],
    });
    const key = await harness.sessions.startSession("Scripted");
    // A first turn of the same kind: what any session holds once (the runtime, buffers sized to 1 MB lines) is
    // counted before the measure.
    harness.send(key, flood("warm", 1));
    await waitFor(() => transcriptText(harness, key).includes("warm done"), "the first turn");
    harness.ops.length = 0;
    const heapBefore = retainedHeap();
    harness.send(key, flood("raw", 60));
    await waitFor(() => transcriptText(harness, key).includes("raw done"), "the flood to end", 35_000, 100);
    assertRetainedLess(harness, heapBefore, 28 * MiB);
    // Bypass on: a request about a tool call whose raw fields were let go is not read whole, so a person decides.
    await harness.sessions.setBypass("Scripted", true);
    harness.send(key, {
      steps: [
        {
          request: {
            title: "About raw-0",
            subject: { type: "tool_call", toolCall: { toolCallId: "raw-0" } },
          },
        },
      ],
    });
    const card = await waitFor(() => harness.sessions.pending.list()[0], "a card for a person");
    assert.equal(card.title, "About raw-0");
    assert.equal(harness.sessions.choose(card.key, "reject-once"), true);
    await waitFor(() => harness.outcomes().length === 1, "the answer");
  });

  it("a stderr flood keeps only the tail: the error after exit carries the last lines", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({
      steps: [
        { stderr: `noise ${"n".repeat(200)}`, repeat: 20_000 },
        { stderr: "second to last line" },
        { stderr: "the very last line" },
        { exit: 4 },
      ],
    });
    const session = harness.sessions.session(key)!;
    await waitFor(() => session.status === "ended", "the session to end", 10_000);
    assert.match(
      session.error ?? "",
      /Scripted exited with code 4\. Last output:\n[\s\S]*second to last line\nthe very last line$/,
    );
    assert.ok((session.error ?? "").length < 4_000, `an error of ${(session.error ?? "").length} characters`);
    // In the transcript the agent's lines are quoted apart from Symposium's sentence, never read as its words.
    const [notice] = session.transcript().filter((item) => item.kind === "notice");
    assert.ok(notice?.kind === "notice");
    assert.equal(notice.text, "Scripted exited with code 4. Last output:");
    assert.match(notice.quote ?? "", /^noise[\s\S]*second to last line\nthe very last line$/);
    await freshSessionWorks(harness);
  });

  it("dispose() with requests pending (deactivation): all answered cancelled, session/cancel sent, agents that ignore SIGTERM killed after the grace", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const scripted = harness.agentsSetting.Scripted as Record<string, unknown>;
    harness.agentsSetting.Stubborn = { ...scripted };
    harness.sessions.reloadSettings();
    await harness.run({
      steps: [{ spawnChild: {} }, { request: {}, wait: false, repeat: 2 }, { waitAll: true }],
    });
    // This one ignores SIGTERM, it and its child: only the KILL after the grace period ends them.
    await harness.run(
      {
        steps: [
          { ignoreSigterm: true },
          { spawnChild: { ignoreSigterm: true } },
          { request: {}, wait: false, repeat: 2 },
          { waitAll: true },
          // Still working when its answers come: the turn the cancel is for has not ended (a turn the agent ended
          // itself first needs none).
          { sleep: 20_000 },
        ],
      },
      "Stubborn",
    );
    await waitFor(() => harness.sessions.pending.size === 4, "4 cards");
    const [polite, stubborn] = harness.agentPids();
    const pids = [...harness.agentPids(), ...harness.childPids()];
    assert.equal(pids.length, 4);
    await harness.sessions.dispose();
    assert.equal(harness.sessions.pending.size, 0);
    assert.deepEqual(
      decisions(harness).map((r) => [r.provenance, r.outcome]),
      Array(4).fill(["shutdown", "cancelled"]),
    );
    // Speed is the benchmark's (row 4b); here, that none outlives the host.
    await allGone(pids);
    // The stubborn agent lived through the grace period, so it must have read its answers and the cancel.
    const log = harness.agentLog();
    const stubbornAnswers = log.filter((e) => e.kind === "outcome" && e.agentPid === stubborn);
    assert.deepEqual(
      stubbornAnswers.map((e) => e.outcome),
      [{ outcome: "cancelled" }, { outcome: "cancelled" }],
    );
    const cancels = (pid: number | undefined) =>
      log.filter(
        (e: LogEntry) =>
          e.kind === "frame" &&
          e.direction === "received" &&
          e.agentPid === pid &&
          (e.frame as { method?: string }).method === "session/cancel",
      );
    assert.equal(cancels(stubborn).length, 1, "session/cancel reached the agent");
    assert.ok(cancels(polite).length <= 1);
    assertAnsweredOnce(harness);
  });

  it("dispose() kills an agent that ignores SIGTERM by 2 s after deactivation began, the answers' last second included", async () => {
    // The second the cancelled answers may take to go out came on top of the kill's 2 s grace: an agent that stopped
    // reading its input and ignored TERM lived 3 s past a window reload.
    const killBy: (number | undefined)[] = [];
    harness = new ClientHarness({
      protocol: "v2",
      startAgent: async (launch) => {
        const agent = await AgentProcess.start(launch);
        const kill = agent.kill.bind(agent);
        agent.kill = (by) => {
          killBy.push(by);
          return kill(by);
        };
        return agent;
      },
    });
    await harness.run({ steps: [{ ignoreSigterm: true }, { request: {}, wait: false }, { waitAll: true }] });
    await waitFor(() => harness.sessions.pending.size === 1, "the card");
    const pids = harness.agentPids();
    const disposing = harness.sessions.dispose();
    const began = Date.now(); // after dispose() fixed its deadline, which it does before anything it waits for
    await disposing;
    await allGone(pids);
    // Its output closing asks for a kill too, with the usual grace: the first deadline still holds.
    const deadlines = killBy.filter((by) => by !== undefined);
    assert.ok(
      deadlines.length > 0 && deadlines.every((by) => by <= began + SHUTDOWN_MS),
      `kill deadlines after deactivation began: ${deadlines.map((by) => `${by - began} ms`).join(", ") || "none"}`,
    );
  });
});
