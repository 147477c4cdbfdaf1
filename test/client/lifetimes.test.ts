/**
 * Interleavings at the edges of a session's and a connection's lifetime, against real agent processes: a tab closed
 * while its session starts or while its v1 turn runs, Stop against an agent that no longer reads its stdin, and the
 * settings writes of two Bypass confirmations at once.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { AgentSessions } from "../../src/acp/agentSessions";
import { parseAgentSettings, withBypass } from "../../src/core/settings";
import { PolicyBoundary, type PathCheck } from "../../src/core/policy/resolvePath";
import { ClientHarness, isAlive, SCRIPTED_AGENT, waitFor } from "../support/clientHarness";
import { opsAfterRemoval } from "../support/viewOps";
import { CONTROLS_AGENT, MODES_V1 } from "../support/controlsFixtures";

/** Counts the workspace checks (each one resolves a realpath on disk). */
class CountingPaths extends PolicyBoundary {
  checks = 0;
  override check(path: string): PathCheck {
    this.checks++;
    return super.check(path);
  }
}

/**
 * A v1 agent that answers `initialize` and `session/new`, and on the prompt "deaf" asks one permission for that
 * session, floods 20,000 requests for the next session, and stops reading its stdin for good.
 */
const DEAF_AGENT = `
const readline = require("node:readline");
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
const options = [{ optionId: "allow", name: "Allow", kind: "allow_once" }, { optionId: "reject", name: "Reject", kind: "reject_once" }];
const ask = (id, sessionId) => send({
  id,
  method: "session/request_permission",
  params: { sessionId, toolCall: { toolCallId: "call-" + id, title: "Run it", kind: "execute" }, options },
});
let sessions = 0;
const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.method === "initialize")
    send({ id: message.id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } });
  else if (message.method === "session/new") send({ id: message.id, result: { sessionId: "deaf-" + ++sessions } });
  else if (message.method === "session/prompt" && message.params.sessionId === "deaf-1") {
    ask("card", "deaf-1");
    for (let i = 0; i < 20000; i++) ask("flood-" + i, "deaf-2");
    lines.close();
    process.stdin.pause();
  }
});
setInterval(() => undefined, 1000);
`;

/**
 * What the scripted v1 agents below start with: a log of what they get (`SCRIPTED_AGENT_LOG`), a JSON-RPC writer, and
 * `onMessage`, which answers `initialize` and `session/new` (session `s-1`) and hands on every other message.
 */
const LOGGING_AGENT = `
const fs = require("node:fs");
const readline = require("node:readline");
const log = (entry) => fs.appendFileSync(process.env.SCRIPTED_AGENT_LOG, JSON.stringify({ t: Date.now(), ...entry }) + "\\n");
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
const sessionId = "s-1";
const allow = { optionId: "allow", name: "Allow", kind: "allow_once" };
const reject = { optionId: "reject", name: "Reject", kind: "reject_once" };
const askToRun = (id, toolCallId, command, options = [allow, reject], title = "Run") => send({
  id,
  method: "session/request_permission",
  params: { sessionId, toolCall: { toolCallId, title, kind: "execute", rawInput: { command } }, options },
});
const onMessage = (handle) => readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.method === "initialize")
    send({ id: message.id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } });
  else if (message.method === "session/new") send({ id: message.id, result: { sessionId } });
  else handle(message);
});
`;

/**
 * A v1 agent that ignores `session/cancel`: on the prompt it asks about a command (Bypass approves it), then about a
 * tool call it offers no allow option for (a card); when Stop's `session/cancel` arrives it asks about that tool call
 * again, creates a terminal for the command approved before Stop and writes a protected file (which always takes a
 * card). It logs each answer it gets.
 */
const CANCEL_IGNORING_AGENT = `${LOGGING_AGENT}
const argv = [process.execPath, "-e", "setTimeout(() => {}, 20000)"];
onMessage((message) => {
  if (message.method === "session/prompt") askToRun("before", "run", argv);
  else if (message.method === "session/cancel") {
    log({ kind: "cancel" });
    askToRun("after", "ask", ["ls"]);
    send({ id: "terminal", method: "terminal/create", params: { sessionId, command: argv[0], args: argv.slice(1) } });
    send({ id: "write", method: "fs/write_text_file", params: { sessionId, path: process.cwd() + "/.env", content: "" } });
  } else if (message.method === undefined) {
    log({ kind: "answer", id: message.id, result: message.result, error: message.error });
    if (message.id === "before") askToRun("card", "ask", ["ls"], [reject]);
  }
});
setInterval(() => undefined, 1000);
`;

/**
 * A v1 agent that ignores `session/cancel`: on the prompt it asks to run a command (a card); once Stop's
 * `session/cancel` and the answer have both come, it creates a terminal for that command. It logs each answer.
 */
const RUNS_AFTER_STOP_AGENT = `${LOGGING_AGENT}
const argv = [process.execPath, "-e", "setTimeout(() => {}, 20000)"];
let cancelled = false;
let answered = false;
const runIt = () => {
  if (cancelled && answered)
    send({ id: "terminal", method: "terminal/create", params: { sessionId, command: argv[0], args: argv.slice(1) } });
};
onMessage((message) => {
  if (message.method === "session/prompt") askToRun("card", "run", argv);
  else if (message.method === "session/cancel") {
    cancelled = true;
    runIt();
  } else if (message.method === undefined) {
    log({ kind: "answer", id: message.id, result: message.result, error: message.error });
    if (message.id === "card") {
      answered = true;
      runIt();
    }
  }
});
setInterval(() => undefined, 1000);
`;

/**
 * A v1 agent that runs commands in terminals and never kills them: on the prompt "serve" it asks about a command that
 * writes its pid to `serve.pid` and keeps running (Bypass approves it), starts it and ends the turn; on "test" it
 * does the same with `test.pid` and keeps the turn running. On Stop's `session/cancel` it waits for that terminal's
 * exit, reads its output and ends the turn `cancelled`. It logs each answer it gets.
 */
const TERMINAL_KEEPING_AGENT = `${LOGGING_AGENT}
const argvFor = (name) => [process.execPath, "-e", "require('node:fs').writeFileSync('" + name + ".pid', String(process.pid)); setInterval(() => {}, 1000)"];
const prompts = {};
const terminals = {};
onMessage((message) => {
  if (message.method === "session/prompt") {
    const name = message.params.prompt[0].text;
    prompts[name] = message.id;
    askToRun("ask-" + name, name, argvFor(name), [allow, reject], "Run " + name);
  } else if (message.method === "session/cancel") {
    log({ kind: "cancel" });
    send({ id: "exit-test", method: "terminal/wait_for_exit", params: { sessionId, terminalId: terminals.test } });
  } else if (message.method === undefined) {
    log({ kind: "answer", id: message.id, result: message.result, error: message.error });
    const asked = /^ask-(.*)$/.exec(String(message.id));
    if (asked) {
      const argv = argvFor(asked[1]);
      send({ id: "create-" + asked[1], method: "terminal/create", params: { sessionId, command: argv[0], args: argv.slice(1) } });
    } else if (message.id === "create-serve") {
      terminals.serve = message.result.terminalId;
      send({ id: prompts.serve, result: { stopReason: "end_turn" } });
    } else if (message.id === "create-test") terminals.test = message.result.terminalId;
    else if (message.id === "exit-test")
      send({ id: "output-test", method: "terminal/output", params: { sessionId, terminalId: terminals.test } });
    else if (message.id === "output-test") send({ id: prompts.test, result: { stopReason: "cancelled" } });
  }
});
`;

/**
 * A v1 agent whose command starts a server in the background and exits (`npm run dev &`): it reads how the command
 * ended, then waits for Stop, and ends the turn `cancelled`.
 */
const BACKGROUNDING_AGENT = `${LOGGING_AGENT}
const server = "require('node:fs').writeFileSync('bg.pid', String(process.pid)); setInterval(() => {}, 1000)";
const argv = [process.execPath, "-e", "require('node:child_process').spawn(process.execPath, ['-e', " + JSON.stringify(server) + "], { stdio: 'ignore' }).unref()"];
let prompt;
let terminalId;
onMessage((message) => {
  if (message.method === "session/prompt") {
    prompt = message.id;
    askToRun("ask", "bg", argv, [allow, reject], "Run bg");
  } else if (message.method === "session/cancel") send({ id: prompt, result: { stopReason: "cancelled" } });
  else if (message.method === undefined) {
    log({ kind: "answer", id: message.id, result: message.result, error: message.error });
    if (message.id === "ask")
      send({ id: "create", method: "terminal/create", params: { sessionId, command: argv[0], args: argv.slice(1) } });
    else if (message.id === "create") {
      terminalId = message.result.terminalId;
      send({ id: "exit", method: "terminal/wait_for_exit", params: { sessionId, terminalId } });
    }
  }
});
`;

/** A v1 agent that gives every new session the same id, and ends each turn at once. */
const SAME_ID_AGENT = `
const readline = require("node:readline");
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.method === "initialize")
    send({ id: message.id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } });
  else if (message.method === "session/new") send({ id: message.id, result: { sessionId: "same" } });
  else if (message.method === "session/prompt") send({ id: message.id, result: { stopReason: "end_turn" } });
});
`;

/**
 * A v1 agent that asks about a command after its turn ended (prompt "ask": the turn ends, then the request comes),
 * and runs that command in a terminal in its next turn (prompt "run"). It logs each answer it gets.
 */
const LATE_ASKING_AGENT = `${LOGGING_AGENT}
const argv = [process.execPath, "-e", "0"];
let running;
onMessage((message) => {
  if (message.method === "session/prompt" && message.params.prompt[0].text === "ask") {
    send({ id: message.id, result: { stopReason: "end_turn" } });
    setTimeout(() => askToRun("late", "late", argv), 200);
  } else if (message.method === "session/prompt") {
    running = message.id;
    send({ id: "run", method: "terminal/create", params: { sessionId, command: argv[0], args: argv.slice(1) } });
  } else if (message.method === undefined) {
    log({ kind: "answer", id: message.id, result: message.result, error: message.error });
    if (message.id === "run") send({ id: running, result: { stopReason: "end_turn" } });
  }
});
`;

/**
 * A v1 agent with one past session ("past"), which it reopens slowly: on `session/load` it asks a permission for that
 * session after 300 ms and answers the load 300 ms later. A new session is "other". It logs the load and each answer
 * it gets.
 */
const SLOW_LOADING_AGENT = `
const fs = require("node:fs");
const log = (entry) => fs.appendFileSync(process.env.SCRIPTED_AGENT_LOG, JSON.stringify({ t: Date.now(), ...entry }) + "\\n");
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
const options = [{ optionId: "allow", name: "Allow", kind: "allow_once" }, { optionId: "reject", name: "Reject", kind: "reject_once" }];
const capabilities = { loadSession: true, sessionCapabilities: { list: {} } };
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.method === "initialize")
    send({ id: message.id, result: { protocolVersion: 1, agentCapabilities: capabilities, authMethods: [] } });
  else if (message.method === "session/new") send({ id: message.id, result: { sessionId: "other" } });
  else if (message.method === "session/list")
    send({ id: message.id, result: { sessions: [{ sessionId: "past", cwd: message.params.cwd, title: "Past" }] } });
  else if (message.method === "session/load") {
    log({ kind: "load" });
    const toolCall = { toolCallId: "t", title: "Run", kind: "execute" };
    const ask = { id: "during-load", method: "session/request_permission", params: { sessionId: "past", toolCall, options } };
    setTimeout(() => send(ask), 300);
    setTimeout(() => send({ id: message.id, result: {} }), 600);
  } else if (message.method === undefined) log({ kind: "answer", id: message.id, result: message.result });
});
setInterval(() => undefined, 1000);
`;

/** A scripted v1 agent with Bypass on, which Stop's grace does not shut down during a test. */
function bypassedV1Agent(script: string): ClientHarness {
  const harness = new ClientHarness({
    command: process.execPath,
    args: ["-e", script],
    bypass: true,
    timeouts: { stopGraceMs: 20_000 },
  });
  harness.versions.set("Scripted", 1);
  return harness;
}

describe("Session and connection lifetimes", function () {
  this.timeout(30_000);
  let harness: ClientHarness | undefined;

  afterEach(async () => {
    await harness?.dispose();
    harness = undefined;
  });

  it("closing a tab while its v1 turn runs removes it for good", async () => {
    harness = new ClientHarness({ protocol: "v1" });
    const key = await harness.sessions.startSession("Scripted");
    const turn = harness.sessions.sendPrompt(
      key,
      JSON.stringify({ steps: [{ say: "working" }, { hang: true }] }),
    );
    await waitFor(() => harness!.agentLog().some((e) => e.kind === "hang"), "the turn to be under way");
    const [pid] = harness.agentPids().slice(-1);
    await harness.sessions.closeSession(key);
    await turn; // the v1 turn's end (its prompt request failing as the agent is shut down) comes after the close
    assert.deepEqual(opsAfterRemoval(harness.ops, key), []);
    assert.deepEqual(harness.sessions.sessionKeys(), []);
    await waitFor(() => !isAlive(pid!), "the agent of the last tab to be ended");
  });

  it("closing a tab while its session starts removes it for good and ends its agent", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_HANG_NEW_SESSION: "1" },
      timeouts: { newSessionMs: 1_500 },
    });
    const starting = harness.sessions.startSession("Scripted").then(
      () => "started",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await waitFor(
      () =>
        harness!
          .agentLog()
          .some(
            (e) =>
              e.kind === "frame" && (e.frame as { method?: string } | undefined)?.method === "session/new",
          ),
      "the agent to be asked for a session",
    );
    const [key] = harness.sessions.sessionKeys();
    const [pid] = harness.agentPids().slice(-1);
    await harness.sessions.closeSession(key!);
    assert.equal(await starting, "The session was closed before it started.");
    assert.deepEqual(opsAfterRemoval(harness.ops, key!), []);
    assert.deepEqual(harness.sessions.sessionKeys(), []);
    assert.ok(
      !harness.logLines.some((line) => line.startsWith("error")),
      `a closed start is not an error: ${harness.logLines.join("\n")}`,
    );
    await waitFor(() => !isAlive(pid!), "the agent no session uses to be ended");
  });

  it("Stop settles the cards and ends the turn even when the agent stopped reading its stdin", async () => {
    harness = new ClientHarness({
      command: process.execPath,
      args: ["-e", DEAF_AGENT],
      timeouts: { stopGraceMs: 300 },
      // One card per session: the flood is answered at once (a reject each), and those answers fill the pipe.
      limits: { perSession: 1, perAgent: 256, timeoutMs: 0 },
    });
    harness.versions.set("Scripted", 1);
    let capped = 0;
    harness.sessions.onDidDecide((_, record) => void (record.provenance === "cap" && capped++));
    const deaf = await harness.sessions.startSession("Scripted");
    await harness.sessions.startSession("Scripted");
    void harness.sessions.sendPrompt(deaf, "go");
    const card = await waitFor(
      () => harness!.sessions.pending.list().find((p) => p.sessionKey === deaf),
      "the card",
    );
    await waitFor(() => capped === 19_999, "the flood to be answered (into a pipe nobody reads)", 20_000);
    await harness.sessions.stop(deaf);
    assert.equal(harness.sessions.pending.get(card.key), undefined, "the card is answered at once");
    const decided = harness.ops.flatMap((op) => (op.op === "decided" ? [op.record] : []));
    assert.deepEqual(
      decided.map((record) => [record.key, record.provenance]),
      [[card.key, "stop"]],
    );
    await waitFor(() => harness!.sessions.session(deaf)?.status === "ended", "the agent to be shut down");
    assert.match(harness.sessions.session(deaf)?.error ?? "", /did not stop within 0 s after Stop/);
  });

  it("Stop ends the commands the stopped turn runs in terminals, not those of earlier turns", async () => {
    harness = bypassedV1Agent(TERMINAL_KEEPING_AGENT);
    const key = await harness.sessions.startSession("Scripted");
    const pidOf = (name: string) =>
      waitFor(
        () => Number(readFileSync(`${harness!.workspace}/${name}.pid`, "utf8")) || undefined,
        `${name}'s pid`,
      );
    const answers = () => harness!.agentLog().filter((e) => e.kind === "answer");
    await harness.sessions.sendPrompt(key, "serve");
    const server = await pidOf("serve");
    void harness.sessions.sendPrompt(key, "test");
    const test = await pidOf("test");
    await harness.sessions.stop(key);
    await waitFor(
      () => answers().some((answer) => answer.id === "output-test"),
      "the agent to read the output",
    );
    const byId = new Map(answers().map((answer) => [answer.id, answer]));
    assert.deepEqual(
      byId.get("exit-test")?.result,
      { exitCode: null, signal: "SIGKILL" },
      "the turn's command ended",
    );
    assert.match(
      String((byId.get("output-test")?.result as { output?: string } | undefined)?.output),
      /stopped the command: Stop was pressed/,
      "and its output says why",
    );
    await waitFor(() => !isAlive(test), "the test command to be gone");
    assert.ok(isAlive(server), "the server an earlier turn started keeps running");
    await waitFor(() => harness!.sessions.session(key)?.status === "ready", "the turn to end");
    assert.ok(isAlive(server), "also once the stopped turn ended");
  });

  it("Stop ends what the stopped turn's command left running after it exited", async () => {
    harness = bypassedV1Agent(BACKGROUNDING_AGENT);
    const key = await harness.sessions.startSession("Scripted");
    void harness.sessions.sendPrompt(key, "go");
    const server = await waitFor(
      () => Number(readFileSync(`${harness!.workspace}/bg.pid`, "utf8")) || undefined,
      "the background server's pid",
    );
    await waitFor(
      () => harness!.agentLog().some((e) => e.kind === "answer" && e.id === "exit"),
      "the command to exit",
    );
    assert.ok(isAlive(server), "the server outlives the command that started it");
    await harness.sessions.stop(key);
    await waitFor(() => !isAlive(server), "the server the stopped turn started to be gone");
  });

  it("after Stop, an agent that goes on asking is answered cancelled and runs no terminal, Bypass or not", async () => {
    harness = bypassedV1Agent(CANCEL_IGNORING_AGENT);
    const decided: string[] = [];
    harness.sessions.onDidDecide((prompt, record) => decided.push(`${prompt.title}: ${record.provenance}`));
    const key = await harness.sessions.startSession("Scripted");
    void harness.sessions.sendPrompt(key, "go");
    const card = await waitFor(() => harness!.sessions.pending.list()[0], "the card");
    const answers = () => harness!.agentLog().filter((e) => e.kind === "answer");
    assert.deepEqual(answers()[0]?.result, { outcome: { outcome: "selected", optionId: "allow" } });
    await harness.sessions.stop(key);
    await waitFor(() => answers().length === 5, "the answers to the requests sent after Stop");
    const byId = new Map(answers().map((answer) => [answer.id, answer]));
    assert.deepEqual(byId.get("card")?.result, { outcome: { outcome: "cancelled" } });
    assert.deepEqual(
      byId.get("after")?.result,
      { outcome: { outcome: "cancelled" } },
      "a request after Stop is not approved, not even by Bypass",
    );
    assert.equal(byId.get("terminal")?.result, undefined, "no terminal runs after Stop");
    assert.equal(byId.get("write")?.result, undefined, "no protected file is written after Stop");
    assert.equal(harness.sessions.pending.size, 0, "and no card waits");
    assert.equal(
      harness.ops.filter((op) => op.op === "prompt" && op.prompt.key !== card.key).length,
      0,
      "no card was shown",
    );
    assert.equal(decided.filter((d) => d.endsWith(": stop")).length, 2, decided.join("\n"));
  });

  it("an Allow and a Stop handled in one task: the command the Allow approved runs in no terminal", async () => {
    harness = new ClientHarness({
      command: process.execPath,
      args: ["-e", RUNS_AFTER_STOP_AGENT],
      timeouts: { stopGraceMs: 20_000 },
    });
    harness.versions.set("Scripted", 1);
    const key = await harness.sessions.startSession("Scripted");
    void harness.sessions.sendPrompt(key, "go");
    const card = await waitFor(() => harness!.sessions.pending.list()[0], "the card");
    const allow = card.options.find((option) => option.kind === "allow_once")!;
    // Two messages of the view in one delivery: the click, then Stop, with no task between them.
    assert.equal(harness.sessions.chooseOption(card.key, allow.key), true);
    void harness.sessions.stop(key);
    const answers = () => harness!.agentLog().filter((e) => e.kind === "answer");
    await waitFor(
      () => answers().some((answer) => answer.id === "terminal"),
      "the answer to terminal/create",
    );
    const terminal = answers().find((answer) => answer.id === "terminal");
    assert.equal(terminal?.result, undefined, "no terminal runs after Stop");
    assert.match(String((terminal?.error as { message?: string } | undefined)?.message), /Stop|not approved/);
  });

  it("a new session given the id of an open one fails to start; the open one keeps its agent", async () => {
    harness = new ClientHarness({ command: process.execPath, args: ["-e", SAME_ID_AGENT] });
    harness.versions.set("Scripted", 1);
    const first = await harness.sessions.startSession("Scripted");
    await assert.rejects(harness.sessions.startSession("Scripted"), /id of a session already open/);
    const [, second] = harness.sessions.sessionKeys();
    await harness.sessions.closeSession(second!);
    await harness.sessions.sendPrompt(first, "still there?");
    const model = harness.sessions.session(first)!;
    assert.equal(model.status, "ready", model.error);
    assert.ok(
      model.transcript().some((item) => item.kind === "user"),
      "the message went to the agent",
    );
  });

  it("a new session runs the agent as its settings say now; sessions started before keep theirs until they close", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const { env } = harness.agentsSetting.Scripted as { env: Record<string, string> };
    const first = await harness.sessions.startSession("Scripted");
    env.SCRIPTED_AGENT_CHANGED = "1"; // the person changed the agent's settings
    harness.sessions.reloadSettings();
    await harness.sessions.startSession("Scripted");
    delete env.SCRIPTED_AGENT_CHANGED; // and back
    harness.sessions.reloadSettings();
    await harness.sessions.startSession("Scripted");
    const pids = harness.agentPids();
    assert.equal(new Set(pids).size, 3, "each new session started the agent as its settings said then");
    await harness.sessions.sendPrompt(first, "still there?");
    await waitFor(
      () =>
        harness!.sessions
          .session(first)
          ?.transcript()
          .some((item) => item.kind === "agent"),
      "the first agent to answer",
    );
    await harness.sessions.closeSession(first);
    await waitFor(() => !isAlive(pids[0]!), "the agent of the closed session to end");
    assert.ok(isAlive(pids[1]!) && isAlive(pids[2]!), "the others run on");
    await harness.sessions.dispose();
    await waitFor(() => !pids.some(isAlive), "every agent to end with the window");
  });

  it("a session starting on a connection its settings changed under starts, also when the other tabs close meanwhile", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "3000" },
    });
    const { env } = harness.agentsSetting.Scripted as { env: Record<string, string> };
    const first = await harness.sessions.startSession("Scripted");
    const newSessions = () =>
      harness!
        .agentLog()
        .filter(
          (e) => e.kind === "frame" && (e.frame as { method?: string } | undefined)?.method === "session/new",
        ).length;
    let second: string | undefined;
    const starting = harness.sessions.startSession("Scripted").then(
      (key) => ((second = key), "started"),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await waitFor(() => newSessions() === 2, "the agent to be asked for the second session");
    env.SCRIPTED_AGENT_CHANGED = "1"; // the person changed the agent's settings while it starts
    harness.sessions.reloadSettings();
    const later = harness.sessions.startSession("Scripted");
    await waitFor(() => harness!.agentPids().length === 2, "the agent to start as its settings say now");
    await harness.sessions.closeSession(first);
    assert.equal(await starting, "started", "the session starting on the old connection is not cut off");
    await later;
    const [old, now] = harness.agentPids();
    await harness.sessions.closeSession(second!);
    await waitFor(() => !isAlive(old!), "the old connection to end with its last session");
    assert.ok(isAlive(now!), "the new one runs on");
  });

  it("a connection its settings changed under ends when the session starting on it fails", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: {
        SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "2000",
        SCRIPTED_AGENT_FAIL_NEW_SESSION: "no session",
      },
    });
    const { env } = harness.agentsSetting.Scripted as { env: Record<string, string> };
    const failing = harness.sessions.startSession("Scripted").then(
      () => "started",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await waitFor(() => harness!.agentPids().length === 1, "the agent to start");
    env.SCRIPTED_AGENT_CHANGED = "1"; // the person changed the agent's settings while the session starts
    harness.sessions.reloadSettings();
    void harness.sessions.startSession("Scripted").catch(() => undefined);
    await waitFor(() => harness!.agentPids().length === 2, "the agent to start as its settings say now");
    assert.match(await failing, /no session/);
    const [old] = harness.agentPids();
    await waitFor(() => !isAlive(old!), "the agent no session uses any more to end");
  });

  it("the last tab of a connection its settings changed under closes its agent while the new one still starts", async () => {
    harness = new ClientHarness({ protocol: "v2", timeouts: { initializeMs: 25_000 } });
    const { env } = harness.agentsSetting.Scripted as { env: Record<string, string> };
    const first = await harness.sessions.startSession("Scripted");
    env.SCRIPTED_AGENT_HANG_INITIALIZE = "1"; // the agent as its settings say now takes long to start
    harness.sessions.reloadSettings();
    let settled = false;
    void harness.sessions.startSession("Scripted").then(
      () => (settled = true),
      () => (settled = true),
    );
    await waitFor(() => harness!.agentPids().length === 2, "the agent to start as its settings say now");
    const [old] = harness.agentPids();
    void harness.sessions.closeSession(first);
    await waitFor(() => !isAlive(old!), "the old agent to end with its last tab");
    assert.equal(settled, false, "while the new one is still starting");
  });

  for (const bypass of [false, true]) {
    it(`an approval of a request sent after its turn ended runs no terminal in the next turn (${bypass ? "Bypass" : "a person's yes"})`, async () => {
      harness = new ClientHarness({ command: process.execPath, args: ["-e", LATE_ASKING_AGENT], bypass });
      harness.versions.set("Scripted", 1);
      const answer = (id: string) =>
        waitFor(
          () => harness!.agentLog().find((e) => e.kind === "answer" && e.id === id),
          `the answer to ${id}`,
        );
      const key = await harness.sessions.startSession("Scripted");
      await harness.sessions.sendPrompt(key, "ask");
      if (!bypass) {
        const card = await waitFor(() => harness!.sessions.pending.list()[0], "the card");
        harness.sessions.choose(card.key, "allow");
      }
      assert.deepEqual((await answer("late")).result, {
        outcome: { outcome: "selected", optionId: "allow" },
      });
      await harness.sessions.sendPrompt(key, "run");
      const run = await answer("run");
      assert.equal(run.result, undefined, "the terminal is refused");
      assert.match(JSON.stringify(run.error), /not approved/);
    });
  }

  it("resuming a session open in a tab selects that tab, also after the agent's settings changed", async () => {
    harness = new ClientHarness({ protocol: "v1", agentEnv: { SCRIPTED_AGENT_PAST_SESSION: "Past" } });
    harness.versions.set("Scripted", 1);
    const pick = (past: { sessionId: string }[]) => Promise.resolve(past[0]);
    const opened = await harness.sessions.resumeSession("Scripted", pick);
    assert.equal(opened.outcome, "opened");
    const { env } = harness.agentsSetting.Scripted as { env: Record<string, string> };
    env.SCRIPTED_AGENT_CHANGED = "1";
    harness.sessions.reloadSettings();
    assert.deepEqual(await harness.sessions.resumeSession("Scripted", pick), opened);
    assert.equal(harness.sessions.sessionKeys().length, 1, "no second tab");
    assert.equal(harness.agentLog().filter((e) => e.kind === "load").length, 1, "loaded once");
    const pids = harness.agentPids();
    await waitFor(() => pids.slice(1).every((pid) => !isAlive(pid)), "the agent started to list to end");
  });

  it("a connection closing while its agent's next start is still failing leaves no unhandled rejection", async () => {
    harness = new ClientHarness({ protocol: "v2", timeouts: { initializeMs: 4_000 } });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const key = await harness.run({ steps: [{ closeStdout: true }] });
      await waitFor(
        () => harness!.agentLog().some((e) => e.kind === "stdoutClosed"),
        "the agent's stdout to close",
      );
      // The next start of this agent never gets past initialize, so it fails only after the old connection's close.
      const scripted = harness.agentsSetting.Scripted as { env: Record<string, string> };
      scripted.env.SCRIPTED_AGENT_HANG_INITIALIZE = "1";
      harness.sessions.reloadSettings();
      const failure = () =>
        harness!.sessions.startSession("Scripted").then(
          () => "started",
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
      // The first try may still meet the closing connection (the client has not read the end of its stdout yet); it
      // then fails with why that connection closed.
      let message = await failure();
      if (/closed its connection|Scripted (exited|was stopped)/.test(message)) message = await failure();
      assert.match(message, /did not answer initialize/);
      await waitFor(
        () => harness!.sessions.session(key)?.status === "ended",
        "the closed connection to be handled",
      );
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(rejections, []);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("a card's Bypass Permissions approves it also when the settings turned Bypass on since it arrived", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const request = { subject: { type: "command", command: "ls", cwd: harness.workspace } };
    const key = await harness.sessions.startSession("Scripted");
    harness.send(key, { steps: [{ request }] });
    const card = await waitFor(() => harness!.sessions.pending.list()[0], "the card");
    assert.equal(harness.sessions.promptView(card).canBypass, true, "the card offers Bypass Permissions");
    (harness.agentsSetting.Scripted as { bypassPermissions: boolean }).bypassPermissions = true;
    harness.sessions.reloadSettings(); // the person turned Bypass on in the settings meanwhile
    assert.equal(
      await harness.sessions.bypass(card.key),
      true,
      "the button the card shows does what it says",
    );
    assert.equal(harness.sessions.pending.get(card.key), undefined);
    await waitFor(() => harness!.outcomes().length === 1, "the agent to get the answer");
    assert.deepEqual(harness.outcomes()[0]?.outcome, { outcome: "selected", optionId: "allow-once" });
    assert.deepEqual(harness.bypassWrites, [], "nothing to write: the settings have it on");
  });

  it("a card's Bypass Permissions for an agent removed from the settings since approves it once and bypasses nothing", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const request = { subject: { type: "command", command: "ls", cwd: harness.workspace } };
    const key = await harness.sessions.startSession("Scripted");
    harness.send(key, { steps: [{ request }, { request }] });
    const card = await waitFor(() => harness!.sessions.pending.list()[0], "the card");
    const scripted = harness.agentsSetting.Scripted;
    harness.agentsSetting = {};
    harness.sessions.reloadSettings(); // the person removed (or renamed) the agent meanwhile
    assert.equal(await harness.sessions.bypass(card.key), true, "the request is approved");
    await waitFor(
      () => harness!.sessions.pending.size === 1 || harness!.outcomes().length === 2,
      "the session's next request",
    );
    assert.deepEqual(harness.outcomes()[0]?.outcome, { outcome: "selected", optionId: "allow-once" });
    assert.equal(harness.sessions.pending.size, 1, "the next request asks a person");
    assert.deepEqual(harness.bypassWrites, [], "no entry without a command is written for the name");
    assert.equal(harness.sessions.isBypassed("Scripted"), false);
    harness.agentsSetting = { Scripted: scripted }; // added again, Bypass off
    harness.sessions.reloadSettings();
    assert.equal(harness.sessions.isBypassed("Scripted"), false, "the name added again is not bypassed");
  });

  it("an agent that exits while its session's default mode waits for the person's confirmation fails the start, not ready", async () => {
    let confirm: (yes: boolean) => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      harness = new ClientHarness({
        command: process.execPath,
        args: [CONTROLS_AGENT],
        confirmUnattended: () => (resolve(), new Promise<boolean>((answer) => (confirm = answer))),
      });
    });
    harness!.agentsSetting = {
      Scripted: {
        command: process.execPath,
        args: [CONTROLS_AGENT],
        env: { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) },
        defaultMode: "bypassPermissions",
      },
    };
    harness!.sessions.reloadSettings();
    const starting = harness!.sessions.startSession("Scripted").then(
      () => "started",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await asked;
    const [key] = harness!.sessions.sessionKeys();
    // Private state, read only for the agent's pid.
    const internals = harness!.sessions as unknown as {
      pool: { scopes: Map<string, Promise<{ connection: { process: { pid: number } } }>> };
    };
    const { pid } = (await internals.pool.scopes.get("Scripted")!).connection.process;
    await harness!.sessions.sendPrompt(key!, "typed while it starts");
    process.kill(pid, "SIGKILL");
    await waitFor(
      () => harness!.sessions.session(key!)?.status === "ended",
      "the session to end with its agent",
    );
    confirm(true);
    assert.match(await starting, /was stopped by SIGKILL/);
    const model = harness!.sessions.session(key!);
    assert.equal(model?.status, "error", "a failed start (Try again), never ready");
    assert.deepEqual(
      model?.transcript().flatMap((item) => (item.kind === "user" ? [[item.text, item.queued?.state]] : [])),
      [["typed while it starts", "failed"]],
    );
  });

  it("a tab closed while its session reopens gets nothing more: the agent's request meanwhile has no card", async () => {
    harness = new ClientHarness({ command: process.execPath, args: ["-e", SLOW_LOADING_AGENT] });
    harness.versions.set("Scripted", 1);
    await harness.sessions.startSession("Scripted"); // keeps the agent running after the reopening tab closes
    let key: string | undefined;
    const opening = harness.sessions
      .resumeSession(
        "Scripted",
        (past) => Promise.resolve(past[0]),
        (shown) => (key = shown),
      )
      .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    await waitFor(
      () => harness!.agentLog().some((e) => e.kind === "load"),
      "the agent to reopen the session",
    );
    await harness.sessions.closeSession(key!);
    const answer = await waitFor(
      () => harness!.agentLog().find((e) => e.kind === "answer" && e.id === "during-load"),
      "the request to be answered",
    );
    assert.deepEqual(answer.result, { outcome: { outcome: "cancelled" } });
    assert.equal(await opening, "The session was closed before it started.");
    assert.deepEqual(opsAfterRemoval(harness.ops, key!), []);
    const removed = harness.ops.findIndex((op) => op.op === "sessionRemoved");
    const cards = harness.ops.slice(removed).filter((op) => op.op === "prompt");
    assert.deepEqual(cards, [], "no card for a closed tab");
  });

  it("a card's countdown follows the timeout set when it arrived, also after the setting changes", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const request = { subject: { type: "command", command: "ls", cwd: harness.workspace } };
    const key = await harness.sessions.startSession("Scripted");
    harness.sessions.setLimits({ perSession: 64, perAgent: 256, timeoutMs: 60_000 });
    harness.send(key, { steps: [{ request, wait: false }, { request, wait: false }, { waitAll: true }] });
    const [first, second] = await waitFor(
      () => harness!.sessions.pending.size === 2 && harness!.sessions.pending.list(),
      "two cards",
    );
    harness.sessions.setLimits({ perSession: 64, perAgent: 256, timeoutMs: 0 });
    const shown = harness.ops.flatMap((op) => (op.op === "prompt" ? [op.prompt] : []));
    const pending = harness.sessions.snapshot().pending;
    for (const prompt of [first!, second!]) {
      const view = shown.find((p) => p.key === prompt.key);
      assert.ok(view?.expiresAt, "the card counts down");
      assert.ok(
        Math.abs(view.expiresAt - (prompt.receivedAt + 60_000)) < 1_000,
        "to when the timeout answers it",
      );
      assert.equal(
        pending.find((p) => p.key === prompt.key)?.expiresAt,
        view.expiresAt,
        "also after a reload",
      );
    }
    harness.sessions.choose(first!.key, "reject-once");
    harness.sessions.choose(second!.key, "reject-once");
  });
});

describe("Settings writes", function () {
  this.timeout(30_000);
  const workspace = new ClientHarness(); // only for its temporary workspace
  after(() => workspace.dispose());

  /** A client whose settings live in a JSON file written the way the host does: read, change one agent, write. */
  function clientWithSettingsFile(write: (agent: string, value: boolean) => Promise<void>) {
    const agent = { command: process.execPath, args: [SCRIPTED_AGENT, "--protocol", "v2"] };
    const file = `${workspace.workspace}/settings.json`;
    writeFileSync(file, JSON.stringify({ A: agent, B: agent }));
    const paths = new CountingPaths([workspace.workspace]);
    const errors: string[] = [];
    const sessions = new AgentSessions({
      readAgents: () => parseAgentSettings(JSON.parse(readFileSync(file, "utf8"))),
      demoAgent: { command: process.execPath, args: [], env: {} },
      workspaceRoots: () => [workspace.workspace],
      workspaceTrusted: () => true,
      workspacePaths: () => paths,
      documents: { openText: () => undefined },
      writeBypass: write,
      chooseAuthMethod: () => Promise.resolve(undefined),
      versionMemory: { get: () => 2, set: () => undefined },
      log: {
        trace: () => undefined,
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: (m) => errors.push(m),
      },
      clientVersion: "0.0.0-test",
    });
    return { sessions, file, errors, paths };
  }

  async function cardFor(sessions: AgentSessions, agent: string): Promise<string> {
    const key = await sessions.startSession(agent);
    const request = { subject: { type: "command", command: "ls", cwd: workspace.workspace } };
    void sessions.sendPrompt(key, JSON.stringify({ steps: [{ request }] }));
    return (
      await waitFor(() => sessions.pending.list().find((p) => p.agentName === agent), `${agent}'s card`)
    ).key;
  }

  it("two Bypass confirmations at once both reach the settings and stay on in memory", async () => {
    let file = "";
    const { sessions, ...client } = clientWithSettingsFile(async (agent, value) => {
      const current: unknown = JSON.parse(readFileSync(file, "utf8"));
      await new Promise((resolve) => setTimeout(resolve, 50)); // the configuration service takes its time
      writeFileSync(file, JSON.stringify(withBypass(current, agent, value)));
    });
    file = client.file;
    try {
      const [a, b] = [await cardFor(sessions, "A"), await cardFor(sessions, "B")];
      assert.deepEqual(await Promise.all([sessions.bypass(a), sessions.bypass(b)]), [true, true]);
      const stored = JSON.parse(readFileSync(file, "utf8")) as Record<
        string,
        { bypassPermissions?: boolean }
      >;
      assert.deepEqual([stored.A?.bypassPermissions, stored.B?.bypassPermissions], [true, true]);
      sessions.reloadSettings();
      assert.deepEqual([sessions.isBypassed("A"), sessions.isBypassed("B")], [true, true]);
    } finally {
      await sessions.dispose();
    }
  });

  it("resolves a card's paths once, when the request arrives, not on every snapshot", async () => {
    const { sessions, paths } = clientWithSettingsFile(() => Promise.resolve());
    try {
      await cardFor(sessions, "A");
      const before = paths.checks;
      for (let i = 0; i < 10; i++) assert.equal(sessions.snapshot().pending[0]?.canBypass, true);
      assert.equal(paths.checks, before, "a snapshot resolves no path");
    } finally {
      await sessions.dispose();
    }
  });

  it("a failed write leaves bypass off and says so; a revoke holds whatever its write does", async () => {
    let fail = false;
    const { sessions, errors } = clientWithSettingsFile(() =>
      fail ? Promise.reject(new Error("settings are read-only")) : Promise.resolve(),
    );
    try {
      const card = await cardFor(sessions, "A");
      fail = true;
      await assert.rejects(sessions.bypass(card), /settings are read-only/);
      assert.equal(sessions.isBypassed("A"), false, "bypass is not on when its setting was not saved");
      assert.equal(sessions.pending.size, 0, "the request itself was approved");
      fail = false;
      await sessions.setBypass("A", true);
      fail = true;
      await assert.rejects(sessions.setBypass("A", false), /settings are read-only/);
      sessions.reloadSettings();
      assert.equal(sessions.isBypassed("A"), false, "the revoke holds in memory");
      assert.equal(errors.length, 2, errors.join("\n"));
    } finally {
      await sessions.dispose();
    }
  });
});
