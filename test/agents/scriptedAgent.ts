/*
 * Scripted ACP agent for the client's integration tests. Run: `node out/test/agents/scriptedAgent.js [--protocol
 * v1|v2|dual]` (default dual: answers a v2 `initialize` with v2 and a v1 one with v1; `v1`/`v2` speak only that).
 *
 * Environment
 *   SCRIPTED_AGENT_LOG=<file>            append a JSON-lines log (below) to <file>
 *   SCRIPTED_AGENT_HANG_INITIALIZE=1     never answer `initialize`
 *   SCRIPTED_AGENT_EMBEDDED_CONTEXT=1    advertise `embeddedContext` (prompts may carry `resource` blocks)
 *   SCRIPTED_AGENT_IMAGE=1               advertise `image` (prompts may carry `image` blocks)
 *   SCRIPTED_AGENT_HANG_NEW_SESSION=1    never answer `session/new`
 *   SCRIPTED_AGENT_NEW_SESSION_DELAY_MS=<ms>  answer `session/new` only after <ms> (an agent slow to start)
 *   SCRIPTED_AGENT_FAIL_NEW_SESSION=<text>    answer the process's first `session/new` with an internal error
 *                                             carrying <text> (later ones succeed: a retry can work)
 *   SCRIPTED_AGENT_EXIT_NEW_SESSION=<text>    on `session/new`, write <text> to stderr and exit with code 2 (an
 *                                             agent that finds no credentials only when a session starts)
 *   SCRIPTED_AGENT_PAST_SESSION=<title>  (v1) advertise `session/list` and `session/load`: the list has one session,
 *                                        `scripted-past`, of the asked folder, titled <title>; loading it replays
 *                                        nothing
 *   SCRIPTED_AGENT_FAIL_LOAD=<text>      (v1) answer every `session/load` with an internal error carrying <text>
 *
 * Sessions are `scripted-session-<n>`. The process exits (code 0) when the client closes its stdin, unless a
 * `closeStdout`, `hang` or `stayAlive` step ran: then only a signal ends it.
 *
 * Prompts. The prompt's text blocks, joined with "\n", are either a script (a JSON object with a `steps` array) or
 * anything else, which gets one text reply "scripted agent received: <text>" and ends the turn (`end_turn`).
 * A malformed script is answered with error -32602 before anything else happens (in v2, before insertion).
 *
 *   { "steps": [ <step>, ... ], "cancelPending": false }
 *
 * Each step is an object with exactly one action key, plus the modifiers `repeat` (any step with repeatable
 * effect; integer ≥ 0, default 1), `wait` (request and call only) and `sessionId` (update only):
 *
 *   {"request": {…}, "wait": true}   session/request_permission. Params = defaults ⊕ given keys (shallow; given
 *                                    keys win, so "options": [] or "sessionId": "stale" are sent as given). Defaults,
 *                                    with i = requestIndex: v2 {sessionId, title: "Scripted permission i", options};
 *                                    v1 {sessionId, toolCall: {toolCallId: "scripted-call-i", title: "Scripted
 *                                    permission i"}, options}; options = [{optionId:"allow-once", name:"Allow once",
 *                                    kind:"allow_once"}, {optionId:"reject-once", name:"Reject", kind:"reject_once"}].
 *                                    wait true (default): the next step starts once this request is answered;
 *                                    wait false: it does not (with repeat N: N requests in flight at once).
 *   {"waitAll": true}                until every request this turn sent is answered.
 *   {"cancelLast": true}             `$/cancel_request` for the newest unanswered, not yet cancelled request (of
 *                                    the process); the agent keeps waiting for the client's answer and logs it.
 *   {"cancelLastCall": true}         the same for the newest unanswered client-method call (`call`, below).
 *   {"update": {…}}                  session/update with this `update` object as given (use "sessionUpdate": …;
 *                                    v1 tool calls: "tool_call" then "tool_call_update"; v2: "tool_call_update").
 *                                    "sessionId": "…" beside it sends it for another session. With repeat, each
                                    "{n}" in it becomes the repetition's index (0, 1, …): distinct ids.
 *   {"say": "text"}                  agent_message_chunk (v2 messageId "scripted-message-<turn>").
 *   {"think": "text"}                agent_thought_chunk (v2 messageId "scripted-thought-<turn>").
 *   {"sleep": ms}                    pause (cut short by session/cancel).
 *   {"stderr": "text"}               one line to stderr (handed to the pipe before the next step starts).
 *   {"raw": <any JSON>}              that value as one stdout line, bypassing the SDK (batches, bad ids, responses…).
 *   {"rawLine": "text"}              the text plus "\n" verbatim (bad JSON).
 *   {"rawBase64": "…"}               those bytes verbatim, no newline added (invalid UTF-8).
 *   {"bigLine": bytes}               one valid session/update agent_message_chunk line of at least `bytes` bytes.
 *   {"exit": code}                   process.exit(code) at once; pending requests stay unanswered.
 *   {"kill": "SIGKILL"}              the process sends itself that signal.
 *   {"closeStdout": true}            closes stdout (the client reads EOF); the process lives on, reading stdin.
 *   {"hang": true}                   the turn never ends, whatever arrives (session/cancel included).
 *   {"stayAlive": true}              do not exit when the client closes stdin.
 *   {"spawnChild": true}             starts a child process in the agent's process group that runs until killed
 *                                    ({"spawnChild": {"ignoreSigterm": true}}: one that ignores SIGTERM).
 *   {"ignoreSigterm": true}          from now on the agent ignores SIGTERM (only SIGKILL stops it).
 *   {"call": {"method": "fs/read_text_file", "params": {…}}, "wait": true}
 *                                    calls a client method (v1 `fs/*` and `terminal/*`; a v2 client has none and
 *                                    answers -32601). Params = {sessionId} ⊕ given keys. A param string
 *                                    "$result.<key>" becomes <key> of the newest successful call result that has it
 *                                    (e.g. "$result.terminalId" after terminal/create). wait true (default): the next
 *                                    step starts once the call is answered; wait false: it does not (the turn still
 *                                    waits for it before end_turn). Logs a callResult entry.
 *
 * The turn ends with `end_turn` when all steps ran and all its requests are answered, or with `cancelled` right
 * when `session/cancel` arrives (later answers are still logged). With "cancelPending": true, session/cancel also
 * sends `$/cancel_request` for each of the turn's unanswered requests. v1: the stop reason is the prompt response.
 * v2: the prompt is answered at once with {messageId: "scripted-user-<turn>"} after `state_update` running and the
 * `user_message` echo; the turn ends with `state_update` idle + stopReason.
 *
 * Log: one JSON object per line, each with `kind`, `t` (ms since start, monotonic) and `agentPid` (the writer):
 *   {"kind":"start", pid, protocol, timeOrigin, tmpdir}   timeOrigin: performance.timeOrigin (wall clock of t = 0);
 *                                                   tmpdir: the TMPDIR it was started with (null: none)
 *   {"kind":"frame", direction:"received", frame}    every line the client sent (`raw` text instead when not JSON)
 *   {"kind":"frame", direction:"sent", frame}        every line the SDK sent; permission requests carry requestIndex
 *   {"kind":"frame", direction:"sent", rawWrite:true, frame | line+length | byteLength | bigLine}
 *   {"kind":"outcome", requestIndex, outcome}        the answer's `outcome` (or `result` if it has none)
 *   {"kind":"outcome", requestIndex, error:{code,message}}   an error answer (e.g. -32800 after cancelLast)
 *   {"kind":"cancelRequest", requestIndex}           cancelLast sent $/cancel_request
 *   {"kind":"callResult", callIndex, method, result}            a `call` step's answer (callIndex from 0, per process)
 *   {"kind":"callResult", callIndex, method, error:{code,message,data}}   a `call` step's error answer
 *   {"kind":"turnEnd", sessionId, stopReason}
 *   {"kind":"child", pid, ignoreSigterm}  {"kind":"hang"}  {"kind":"stdoutClosed"}  {"kind":"exit", code}
 *   {"kind":"kill", signal}  {"kind":"signal", signal, ignored}  {"kind":"disconnected"}  {"kind":"turnError", message}
 */
import * as v1 from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { AgentLog } from "./scripted/agentLog";
import { AgentStdio } from "./scripted/agentStdio";
import { ProcessControl } from "./scripted/processControl";
import { parseScript, ScriptError, type Script } from "./scripted/script";
import { ClientCalls, PermissionRequests, ScriptRunner, type TurnEnd } from "./scripted/scriptRunner";
import { V1TurnWire, V2TurnWire, type TurnWire } from "./scripted/turnWire";

type ProtocolMode = "v1" | "v2" | "dual";

function protocolMode(argv: readonly string[]): ProtocolMode {
  const at = argv.indexOf("--protocol");
  const value = at >= 0 ? argv[at + 1] : "dual";
  if (value === "v1" || value === "v2" || value === "dual") return value;
  throw new Error(`--protocol must be v1, v2 or dual, not ${String(value)}`);
}

const mode = protocolMode(process.argv.slice(2));
const log = new AgentLog(process.env.SCRIPTED_AGENT_LOG);
const stdio = new AgentStdio(log);
const control = new ProcessControl(log);
const requests = new PermissionRequests(log);
const calls = new ClientCalls(log);
const hangInitialize = process.env.SCRIPTED_AGENT_HANG_INITIALIZE === "1";
const embeddedContext = process.env.SCRIPTED_AGENT_EMBEDDED_CONTEXT === "1";
const image = process.env.SCRIPTED_AGENT_IMAGE === "1";
/** The prompt capabilities the environment asks for: v1 flags, v2 objects. */
const v1PromptCapabilities = {
  ...(embeddedContext ? { embeddedContext: true } : {}),
  ...(image ? { image: true } : {}),
};
const v2PromptCapabilities = {
  ...(embeddedContext ? { embeddedContext: {} } : {}),
  ...(image ? { image: {} } : {}),
};
const advertised = embeddedContext || image;
const hangNewSession = process.env.SCRIPTED_AGENT_HANG_NEW_SESSION === "1";
const newSessionDelayMs = Number(process.env.SCRIPTED_AGENT_NEW_SESSION_DELAY_MS ?? 0) || 0;
let failNewSession = process.env.SCRIPTED_AGENT_FAIL_NEW_SESSION;
const exitNewSession = process.env.SCRIPTED_AGENT_EXIT_NEW_SESSION;
const pastSessionTitle = process.env.SCRIPTED_AGENT_PAST_SESSION;
const failLoad = process.env.SCRIPTED_AGENT_FAIL_LOAD;
const AGENT_INFO = { name: "scripted-agent", version: "0.0.0" };
log.write({
  kind: "start",
  pid: process.pid,
  protocol: mode,
  timeOrigin: performance.timeOrigin,
  tmpdir: process.env.TMPDIR ?? null,
});

/** Sessions and their running turns (a turn is cancelled through its controller). */
class Sessions {
  private count = 0;
  private turns = 0;
  private readonly running = new Map<string, Set<AbortController>>();

  create(): string {
    const id = `scripted-session-${++this.count}`;
    this.running.set(id, new Set());
    return id;
  }

  /** A new turn's number and controller; throws -32002 for an unknown session. */
  begin(sessionId: string): { turn: number; controller: AbortController } {
    const turns = this.running.get(sessionId);
    if (!turns) throw v2.RequestError.sessionNotFound(sessionId);
    const controller = new AbortController();
    turns.add(controller);
    return { turn: ++this.turns, controller };
  }

  end(sessionId: string, controller: AbortController): void {
    this.running.get(sessionId)?.delete(controller);
  }

  cancel(sessionId: string): void {
    for (const controller of this.running.get(sessionId) ?? []) controller.abort();
  }
}

const sessions = new Sessions();
const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** `session/new` of either version, as the environment says: at once, late, never, or failing. */
async function newSession(): Promise<{ sessionId: string }> {
  if (hangNewSession) return never();
  if (exitNewSession !== undefined) {
    process.stderr.write(`${exitNewSession}\n`, () => process.exit(2));
    return never();
  }
  if (newSessionDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, newSessionDelayMs));
  const failure = failNewSession;
  failNewSession = undefined;
  if (failure !== undefined) throw v2.RequestError.internalError(undefined, failure);
  return { sessionId: sessions.create() };
}

function promptText(prompt: ReadonlyArray<{ type: string }>): string {
  return prompt
    .map((block) => ("text" in block && typeof block.text === "string" ? block.text : ""))
    .join("\n");
}

function scriptOf(text: string): Script | undefined {
  try {
    return parseScript(text);
  } catch (error) {
    if (error instanceof ScriptError)
      throw v2.RequestError.invalidParams(undefined, `bad script: ${error.message}`);
    throw error;
  }
}

async function playTurn(
  wire: TurnWire,
  script: Script | undefined,
  text: string,
  signal: AbortSignal,
): Promise<TurnEnd> {
  if (!script) {
    await wire.sendUpdate(
      wire.chunk("agent_message_chunk", `scripted agent received: ${text.slice(0, 200)}`),
    );
    return "end_turn";
  }
  return new ScriptRunner({ wire, stdio, control, log, requests, calls }, signal).run(script);
}

function createV1Agent(): v1.AgentApp {
  return v1
    .agent({ name: AGENT_INFO.name })
    .onRequest(v1.methods.agent.initialize, () =>
      hangInitialize
        ? never<v1.InitializeResponse>()
        : {
            protocolVersion: 1,
            agentCapabilities: {
              ...(advertised ? { promptCapabilities: v1PromptCapabilities } : {}),
              ...(pastSessionTitle !== undefined
                ? { loadSession: true, sessionCapabilities: { list: {} } }
                : {}),
            },
            agentInfo: AGENT_INFO,
          },
    )
    .onRequest(v1.methods.agent.session.new, newSession)
    .onRequest(v1.methods.agent.session.list, ({ params }) => ({
      sessions:
        pastSessionTitle === undefined || !params.cwd
          ? []
          : [
              {
                sessionId: "scripted-past",
                cwd: params.cwd,
                title: pastSessionTitle,
                updatedAt: new Date().toISOString(),
              },
            ],
    }))
    .onRequest(v1.methods.agent.session.load, ({ params }) => {
      log.write({ kind: "load", sessionId: params.sessionId });
      if (failLoad !== undefined) throw v2.RequestError.internalError(undefined, failLoad);
      return {};
    })
    .onRequest(v1.methods.agent.session.prompt, async ({ params, client }) => {
      const text = promptText(params.prompt);
      const script = scriptOf(text);
      const { controller } = sessions.begin(params.sessionId);
      try {
        const wire = new V1TurnWire(client, params.sessionId);
        const stopReason = await playTurn(wire, script, text, controller.signal);
        log.write({ kind: "turnEnd", sessionId: params.sessionId, stopReason });
        return { stopReason };
      } finally {
        sessions.end(params.sessionId, controller);
      }
    })
    .onNotification(v1.methods.agent.session.cancel, ({ params }) => sessions.cancel(params.sessionId));
}

function createV2Agent(): v2.AgentApp {
  return v2
    .agent({ name: AGENT_INFO.name })
    .onRequest(v2.methods.agent.initialize, () =>
      hangInitialize
        ? never<v2.InitializeResponse>()
        : {
            protocolVersion: 2,
            info: AGENT_INFO,
            capabilities: advertised ? { session: { prompt: v2PromptCapabilities } } : {},
          },
    )
    .onRequest(v2.methods.agent.session.new, newSession)
    .onRequest(v2.methods.agent.session.prompt, async ({ params, client }) => {
      const text = promptText(params.prompt);
      const script = scriptOf(text);
      const { turn, controller } = sessions.begin(params.sessionId);
      const wire = new V2TurnWire(client, params.sessionId, turn);
      const messageId = `scripted-user-${turn}`;
      await wire.sendUpdate({ sessionUpdate: "state_update", state: "running" });
      await wire.sendUpdate({ sessionUpdate: "user_message", messageId, content: params.prompt });
      // v2 answers the prompt at insertion; the turn runs on and ends with an idle state_update.
      void playTurn(wire, script, text, controller.signal)
        .then(async (stopReason) => {
          log.write({ kind: "turnEnd", sessionId: params.sessionId, stopReason });
          await wire.sendUpdate({ sessionUpdate: "state_update", state: "idle", stopReason });
        })
        .catch((error: unknown) => log.write({ kind: "turnError", message: String(error) }))
        .finally(() => sessions.end(params.sessionId, controller));
      return { messageId };
    })
    .onNotification(v2.methods.agent.session.cancel, ({ params }) => sessions.cancel(params.sessionId));
}

const connection =
  mode === "v1"
    ? createV1Agent().connect(stdio.stream)
    : mode === "v2"
      ? createV2Agent().connect(stdio.stream)
      : v2.agentProtocolRouter().withV1(createV1Agent()).withV2(createV2Agent()).connect(stdio.stream);

void connection.closed.then(() => {
  log.write({ kind: "disconnected" });
  if (!control.keptAlive) process.exit(0);
});
