/**
 * One ACP connection to one agent process, in exactly one protocol version.
 *
 * Negotiation, on one process: offer v2; the SDK's v2 client cannot read a v1 answer, so when the agent answers 1 (or
 * rejects v2) that client is detached from the process's pipes and a v1 client is attached to the same pipes, which
 * sends its own `initialize` (the spec and the SDK's agent router accept a repeated one). Callers remember the version
 * that worked and pass it as `preferredVersion`, so later starts go straight to it.
 */
import * as v1 from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import type { PermissionOutcome } from "../core/pendingApprovals";
import type { PromptCapabilities } from "../core/promptContext";
import type { Readable, Writable } from "node:stream";
import { AgentProcess, type AgentExit, type AgentLaunch } from "./agentProcess";
import { read } from "./largeAnswers";
import {
  ELICITATION_ROUTE,
  objectParams,
  permissionRequestParams,
  REQUEST_PERMISSION_ROUTE,
  routeInbound,
  SESSION_UPDATE_ROUTE,
  sessionUpdateParams,
} from "./rawRoutes";

export type ProtocolVersion = 1 | 2;

type Json = Record<string, unknown>;

/** A request the SDK hands on as the agent sent it (`rawRoutes.ts`), with its withdrawal signal and id. */
type RawRequest = { params: Json; signal: AbortSignal; requestId: string | number | null };
/** A client method's call: its withdrawal signal and JSON-RPC id. */
export type ClientCall = Omit<RawRequest, "params">;

export interface ClientCallbacks {
  requestPermission(
    connection: AgentConnection,
    params: Json,
    request: { signal: AbortSignal; requestId: string | number | null },
  ): Promise<PermissionOutcome>;
  sessionUpdate(connection: AgentConnection, params: Json): void;
  /** The elicitation modes advertised (`{ form: {} }`, and `url`) when `elicit` is given. */
  elicitation?: Json;
  /** `elicitation/create`: an agent's form for a person to fill in, or a link to open. */
  elicit?(
    connection: AgentConnection,
    params: Json,
    request: { signal: AbortSignal; requestId: string | number | null },
  ): Promise<Json>;
  /** v1 client capabilities; advertised only when given. */
  /**
   * `signal` aborts when the agent withdraws the request (`$/cancel_request`) or its connection closes; `requestId`
   * is its JSON-RPC id, which a card it asks for is held under as a permission request's is.
   */
  fileSystem?: {
    read(connection: AgentConnection, params: Json, request?: ClientCall): Promise<{ content: string }>;
    write(connection: AgentConnection, params: Json, request?: ClientCall): Promise<Record<string, never>>;
  };
  terminals?: {
    create(connection: AgentConnection, params: Json): Promise<{ terminalId: string }>;
    output(connection: AgentConnection, params: Json): Promise<Json>;
    /** `signal` aborts when the agent withdraws the wait (`$/cancel_request`) or its connection closes. */
    waitForExit(connection: AgentConnection, params: Json, signal?: AbortSignal): Promise<Json>;
    kill(connection: AgentConnection, params: Json): Json;
    release(connection: AgentConnection, params: Json): Json;
  };
}

/**
 * What a connection runs over: the agent's byte streams and its lifetime. `AgentProcess` is the one the product uses;
 * tests inject an in-process SDK agent on a pair of in-memory streams through `ConnectOptions.startAgent`, so the
 * connection logic (negotiation, taps, limits, teardown) is the same code either way.
 */
export interface AgentEndpoint {
  /** Identity: pending requests and routes are keyed by it. */
  readonly id: string;
  readonly launch: AgentLaunch;
  /** The absolute path that was spawned, where known: a respawn runs the same program, not a new lookup's. */
  readonly resolvedCommand?: string;
  readonly pid: number | undefined;
  /** The agent's input (we write) and output (we read), as Node streams with back-pressure. */
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: { tail(lines: number): string[] };
  readonly exited: Promise<AgentExit>;
  readonly hasExited: boolean;
  /**
   * Ends the agent; resolves once it is gone. `killBy` (a `Date.now()` time): what ignores TERM is killed then, not a
   * whole grace period after TERM.
   */
  kill(killBy?: number): Promise<AgentExit>;
  describeExit(exit?: AgentExit): string;
}

export type StartAgent = (launch: AgentLaunch) => Promise<AgentEndpoint>;

export interface ConnectOptions {
  /** How to start the agent (default: spawn its process). */
  startAgent?: StartAgent;
  preferredVersion?: ProtocolVersion;
  initializeTimeoutMs: number;
  /** Longest line accepted from the agent; a longer one closes the connection. */
  maxMessageBytes: number;
  /** Malformed frames tolerated before the agent is stopped. */
  maxMalformedFrames: number;
  clientVersion: string;
  trace?: (line: string) => void;
  /** Aborts an opening connection (shutdown): the agent is killed at once instead of after the initialize timeout. */
  signal?: AbortSignal;
}

export class AgentTimeoutError extends Error {}

/**
 * How an agent reopens its past sessions, from what it advertised at `initialize`:
 * - `load`: v1 `session/load` (`loadSession: true`), which replays the conversation as updates;
 * - `resume`: v1 `session/resume` (`sessionCapabilities.resume`), which reopens without the earlier messages;
 * - `resume-replay`: v2 `session/resume` with `replayFrom: {type: "start"}` (v2's baseline), which replays them.
 */
export type ReopenMethod = "load" | "resume" | "resume-replay";

/** What the agent offers for past sessions: listing them (`session/list`) and reopening one. */
export interface PastSessionSupport {
  list: boolean;
  reopen: ReopenMethod | undefined;
}

/** The minimal shape both SDK entry points share for calling the agent. */
interface AgentCaller {
  request(method: string, params: unknown, options?: v2.SendRequestOptions): Promise<unknown>;
  notify(method: string, params: unknown): Promise<void>;
}

interface SdkConnection {
  readonly agent: AgentCaller;
  readonly closed: Promise<void>;
  readonly signal: AbortSignal;
  close(error?: unknown): void;
}

/** Thrown inside negotiation when the agent speaks only v1. */
class SpeaksV1 extends Error {}
/** A v1 start (the remembered version) that the agent refused or answered with version 2: it changed since. */
class NoLongerV1 extends Error {}

export class AgentConnection {
  readonly closed: Promise<string>;
  initializeResponse: Json = {};
  private readonly sdk: SdkConnection;
  private answeredVersion: unknown;
  private malformedFrames = 0;
  private closeReason: string | undefined;
  /** True while a v2 attempt may still hand the process over to a v1 client: its closing must not kill the agent. */
  private negotiating: boolean;
  /** Set once the v1 client took the process over: this (v2) connection must never close its pipes or kill it. */
  private handedOver = false;

  private constructor(
    readonly process: AgentEndpoint,
    private readonly pipes: ProcessPipes,
    readonly version: ProtocolVersion,
    private readonly callbacks: ClientCallbacks,
    private readonly options: ConnectOptions,
  ) {
    this.negotiating = version === 2;
    this.sdk = this.connect(callbacks);
    this.closed = this.watchClose();
  }

  /** Lets go of the process's pipes (for the v1 client that takes over) without touching the process. */
  private detach(): void {
    this.handedOver = true;
    this.closeReason ??= "handed over to the v1 client";
    this.sdk.close();
    this.pipes.detach();
  }

  static async open(
    launch: AgentLaunch,
    callbacks: ClientCallbacks,
    options: ConnectOptions,
  ): Promise<AgentConnection> {
    const agentProcess = await AgentConnection.startProcess(launch, options);
    options.trace?.(`${launch.name}: started ${agentProcess.resolvedCommand ?? launch.command}`);
    const pipes = new ProcessPipes(agentProcess);
    const first = options.preferredVersion ?? 2;
    const connection = new AgentConnection(agentProcess, pipes, first, callbacks, options);
    try {
      await connection.initialize();
      return connection;
    } catch (error) {
      if (!(error instanceof SpeaksV1)) {
        await connection.dispose();
        // The remembered version is stale (another agent under this name, or a newer one that dropped v1):
        // negotiate afresh, from v2, on a new process (the agent may refuse a second initialize).
        if (error instanceof NoLongerV1) {
          options.trace?.(`${launch.name} no longer speaks v1; negotiating again from v2`);
          return AgentConnection.open(launch, callbacks, { ...options, preferredVersion: undefined });
        }
        throw error;
      }
    }
    options.trace?.(
      `${launch.name} answered initialize for v1; continuing on the same process with the v1 client`,
    );
    connection.detach();
    const sameProcess = new AgentConnection(agentProcess, pipes, 1, callbacks, options);
    try {
      await sameProcess.initialize();
      return sameProcess;
    } catch (error) {
      await sameProcess.dispose();
      // An agent that refuses a second initialize (the spec allows one per connection) gets a fresh v1 process.
      if (!isJsonRpcError(error)) throw error;
    }
    options.trace?.(`${launch.name} refused a second initialize; restarting it with the v1 client`);
    const program = agentProcess.resolvedCommand;
    const restarted = await AgentConnection.startProcess(
      program !== undefined ? { ...launch, command: program } : launch,
      options,
    );
    const fresh = new AgentConnection(restarted, new ProcessPipes(restarted), 1, callbacks, options);
    try {
      await fresh.initialize();
      return fresh;
    } catch (error) {
      await fresh.dispose();
      throw error;
    }
  }

  private static async startProcess(launch: AgentLaunch, options: ConnectOptions): Promise<AgentEndpoint> {
    if (options.signal?.aborted)
      throw new Error(String(options.signal.reason ?? "Symposium is shutting down."));
    return (options.startAgent ?? AgentProcess.start)(launch);
  }

  get name(): string {
    return this.process.launch.name;
  }

  get isClosed(): boolean {
    return this.closeReason !== undefined;
  }

  /** True once the connection is closing for any reason (the SDK aborts every handler's signal then). */
  get isClosing(): boolean {
    return this.isClosed || this.sdk.signal.aborted || this.process.hasExited;
  }

  /**
   * Sign-in methods the agent handles itself (v1 `id`, v2 `methodId`). Terminal methods need a login terminal, which
   * Symposium does not run, and environment-variable ones a restart with the person's secret: neither is offered.
   */
  get authMethods(): { id: string; name: string; description?: string }[] {
    const methods = Array.isArray(this.initializeResponse.authMethods)
      ? this.initializeResponse.authMethods
      : [];
    // Only methods `authenticate` takes: v1's untyped ones (`id`), v2's of type "agent" (`methodId`); at most 20.
    return methods.slice(0, MAX_AUTH_METHODS).flatMap((m: unknown) => {
      const method = m as Json;
      const id = this.version === 2 ? method.methodId : method.id;
      const taken =
        this.version === 2 ? method.type === "agent" : method.type === undefined || method.type === "agent";
      if (typeof id !== "string" || !taken) return [];
      const name = typeof method.name === "string" ? method.name : id;
      return [
        { id, name, ...(typeof method.description === "string" ? { description: method.description } : {}) },
      ];
    });
  }

  /** Listing and reopening past sessions, as advertised (v2: any `session` capability means its baseline methods). */
  get pastSessionSupport(): PastSessionSupport {
    const response = this.initializeResponse;
    if (this.version === 2) {
      const capabilities = response.capabilities as Json | undefined;
      const session = capabilities && typeof capabilities.session === "object" ? capabilities.session : null;
      return session ? { list: true, reopen: "resume-replay" } : { list: false, reopen: undefined };
    }
    const capabilities = (response.agentCapabilities ?? {}) as Json;
    const session = (capabilities.sessionCapabilities ?? {}) as Json;
    const present = (value: unknown) => typeof value === "object" && value !== null;
    return {
      list: present(session.list),
      reopen: capabilities.loadSession === true ? "load" : present(session.resume) ? "resume" : undefined,
    };
  }

  /** One page of `session/list` for a working directory (the agent's answer, unchecked: the caller validates it). */
  listSessions(cwd: string, cursor: string | undefined, timeoutMs: number): Promise<Json> {
    return this.request("session/list", { cwd, ...(cursor !== undefined ? { cursor } : {}) }, timeoutMs);
  }

  /**
   * Reopens a past session. The agent sends the replayed conversation as `session/update`s before it answers, so the
   * session must be routed before this is called.
   */
  reopenSession(method: ReopenMethod, sessionId: string, cwd: string, timeoutMs: number): Promise<Json> {
    const params = { sessionId, cwd, mcpServers: [] };
    if (method === "load") return this.request("session/load", params, timeoutMs);
    if (method === "resume") return this.request("session/resume", params, timeoutMs);
    return this.request("session/resume", { ...params, replayFrom: { type: "start" } }, timeoutMs);
  }

  /** Sends a request with an optional timeout that fails with a clear `AgentTimeoutError`. */
  async request(method: string, params: unknown, timeoutMs?: number): Promise<Json> {
    const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
    try {
      const result = await this.sdk.agent.request(
        method,
        params,
        signal ? { cancellationSignal: signal, stopWaitingOnCancel: true } : {},
      );
      return (result ?? {}) as Json;
    } catch (error) {
      if (signal?.aborted) {
        throw new AgentTimeoutError(
          `${this.name} did not answer ${method} within ${Math.round(timeoutMs! / 1000)} s.`,
        );
      }
      // The connection closed under the request (the agent died): why it closed, with the agent's last stderr lines,
      // not the transport's "connection closed". Not while negotiating: a v1 answer closes the v2 client on purpose.
      if (this.sdk.signal.aborted && !this.negotiating && !isJsonRpcError(error))
        throw new Error(await this.closed);
      throw error;
    }
  }

  notify(method: string, params: unknown): Promise<void> {
    return this.sdk.agent.notify(method, params);
  }

  async newSession(cwd: string, timeoutMs: number): Promise<string> {
    return (await this.createSession(cwd, timeoutMs)).sessionId;
  }

  /** `session/new`, with the whole response (modes, config options) for the session's controls. */
  async createSession(cwd: string, timeoutMs: number): Promise<{ sessionId: string; response: Json }> {
    let response: Json;
    try {
      response = await this.request("session/new", { cwd, mcpServers: [] }, timeoutMs);
    } catch (error) {
      // Agents often answer a bare "Internal error" and say why only on stderr (Claude with IS_SANDBOX=yes). The
      // error object stays the same (its code decides, e.g., that the agent needs signing in); its message grows.
      if (!isJsonRpcError(error) || (error as { code?: unknown }).code === AUTH_REQUIRED) throw error;
      await delay(100); // the explanation may arrive just after the answer
      const explanation = stderrExplanation(this.process.stderr.tail(20));
      if (explanation)
        (error as Error).message = `${(error as Error).message}. ${this.name} said: ${explanation}`;
      throw error;
    }
    if (typeof response.sessionId !== "string")
      throw new Error(`${this.name} answered session/new without a session id.`);
    return { sessionId: response.sessionId, response };
  }

  /** v1 `session/set_mode` (v2 has modes only as config options). */
  setMode(sessionId: string, modeId: string, timeoutMs: number): Promise<Json> {
    return this.request("session/set_mode", { sessionId, modeId }, timeoutMs);
  }

  /** `session/set_config_option`; answers the full list of options. v2 tags a value id `type: "id"`, v1 leaves it out. */
  setConfigOption(
    sessionId: string,
    configId: string,
    value: string | boolean,
    timeoutMs: number,
  ): Promise<Json> {
    const typed =
      typeof value === "boolean"
        ? { type: "boolean", value }
        : this.version === 2
          ? { type: "id", value }
          : { value };
    return this.request("session/set_config_option", { sessionId, configId, ...typed }, timeoutMs);
  }

  async authenticate(methodId: string, timeoutMs: number): Promise<void> {
    if (this.version === 1) await this.request("authenticate", { methodId }, timeoutMs);
    else await this.request("auth/login", { methodId }, timeoutMs);
  }

  /** v1: resolves at the end of the turn with its stop reason. v2: resolves once the message is accepted. */
  prompt(sessionId: string, prompt: readonly Json[]): Promise<Json> {
    return this.request("session/prompt", { sessionId, prompt });
  }

  /**
   * What the agent takes in a prompt beyond text and links: `resource` blocks (`embeddedContext`) and `image` blocks
   * (v1 `promptCapabilities`, flags; v2 `capabilities.session.prompt`, objects).
   */
  get promptCapabilities(): PromptCapabilities {
    const response = this.initializeResponse;
    if (this.version === 2) {
      const session = (response.capabilities as Json | undefined)?.session as Json | undefined;
      const prompt = (session?.prompt ?? {}) as Json;
      const offered = (name: string) => typeof prompt[name] === "object" && prompt[name] !== null;
      return { embeddedContext: offered("embeddedContext"), image: offered("image") };
    }
    const capabilities = (response.agentCapabilities ?? {}) as Json;
    const prompt = (capabilities.promptCapabilities ?? {}) as Json;
    return { embeddedContext: prompt.embeddedContext === true, image: prompt.image === true };
  }

  cancel(sessionId: string): Promise<void> {
    return this.notify("session/cancel", { sessionId });
  }

  /** Closes the connection and kills the process group (by `killBy`, see `AgentEndpoint.kill`). Safe to call more than once. */
  async dispose(reason = "closed by Symposium", killBy?: number): Promise<void> {
    this.closeReason ??= reason;
    this.negotiating = false;
    this.sdk.close();
    await this.process.kill(killBy);
  }

  private connect(callbacks: ClientCallbacks): SdkConnection {
    const { version } = this;
    const input = this.pipes.attachOutput();
    // A v2 attempt that may hand over must not close the agent's stdin when its client closes.
    const output = this.countProtocolErrors(this.pipes.input(() => !this.negotiating && !this.handedOver));
    // Read raw: the tap routes them past the SDK's parse (rawRoutes.ts); a form is read by `agentForms.formOf`.
    const permission = ({ params, ...request }: RawRequest) =>
      callbacks.requestPermission(this, params, request).then(permissionResponse);
    const update = ({ params }: { params: Json }) => callbacks.sessionUpdate(this, params);
    const requestParams = (params: unknown) => permissionRequestParams(version, params);
    const limits = { maxMessageBytes: this.options.maxMessageBytes };
    const elicit = callbacks.elicit?.bind(callbacks);
    const form = elicit && (({ params, ...request }: RawRequest) => elicit(this, params, request));
    if (version === 2) {
      const app = v2
        .client({ name: "Symposium" })
        .onRequest(REQUEST_PERMISSION_ROUTE, requestParams, permission)
        .onNotification(SESSION_UPDATE_ROUTE, sessionUpdateParams, update);
      if (form) app.onRequest(ELICITATION_ROUTE, objectParams, form);
      return app.connect(this.tap(v2.ndJsonStream(output, input, limits)));
    }
    const app = v1
      .client({ name: "Symposium" })
      .onRequest(REQUEST_PERMISSION_ROUTE, requestParams, permission)
      .onNotification(SESSION_UPDATE_ROUTE, sessionUpdateParams, update);
    if (form) app.onRequest(ELICITATION_ROUTE, objectParams, form);
    // A client method the agent may call, handed to its callback with this connection (the callbacks check params).
    // Past MAX_OPEN_CLIENT_CALLS still unanswered, a call is refused at once: each open one holds about 4 KB of the
    // host, and an agent's flood of `terminal/wait_for_exit` on a running command (200,000 held 870 MB) would end it.
    let open = 0;
    const serve = (method: v1.ClientRequestMethod, handler: (params: Json, call: ClientCall) => unknown) =>
      app.onRequest(method, (async ({ params, ...call }: { params: unknown } & ClientCall) => {
        if (open >= MAX_OPEN_CLIENT_CALLS)
          throw v1.RequestError.invalidRequest(
            { method },
            `more than ${MAX_OPEN_CLIENT_CALLS} of the agent's fs and terminal calls are unanswered; wait for some first`,
          );
        open++;
        try {
          return await handler(params as Json, call);
        } finally {
          open--;
        }
      }) as never);
    const { fileSystem, terminals } = callbacks;
    if (fileSystem) {
      serve(v1.methods.client.fs.readTextFile, (params, call) => fileSystem.read(this, params, call));
      serve(v1.methods.client.fs.writeTextFile, (params, call) => fileSystem.write(this, params, call));
    }
    if (terminals) {
      const terminal = v1.methods.client.terminal;
      serve(terminal.create, (params) => terminals.create(this, params));
      serve(terminal.output, (params) => terminals.output(this, params));
      serve(terminal.waitForExit, (params, { signal }) => terminals.waitForExit(this, params, signal));
      serve(terminal.kill, (params) => terminals.kill(this, params));
      serve(terminal.release, (params) => terminals.release(this, params));
    }
    return app.connect(this.tap(v1.ndJsonStream(output, input, limits)));
  }

  /**
   * Watches inbound frames without parsing twice: the answer to `initialize` (to notice a v1 agent), the methods read
   * raw (renamed past the SDK's parse: `rawRoutes.ts`), plus trace logging of method and id in both directions. The
   * inbound side is a pull-through wrapper, not a `TransformStream`: piping through a transform costs about 2.4 us of
   * CPU per message (the pipe's promises), this about 0.7 us.
   */
  private tap<S extends { readable: ReadableStream<v2.AnyMessage>; writable: WritableStream<v2.AnyMessage> }>(
    stream: S,
  ): S {
    const trace = this.options.trace;
    // Ids of the requests sent that wait for an answer: an answer to any other id (or to none) is garbage, which the
    // SDK would log with console.error for each (a hundred thousand lines in a second), never counting it.
    const unanswered = new Set<unknown>();
    const source = stream.readable.getReader();
    const pull = async (controller: ReadableStreamDefaultController<v2.AnyMessage>): Promise<void> => {
      for (;;) {
        const { value, done } = await source.read();
        if (done) return controller.close();
        if (isUnknownAnswer(value, unanswered)) {
          if (trace) trace(`← ${describeFrame(value)} (no such request)`);
          this.noteMalformedFrame();
          continue;
        }
        this.inspectInbound(value, trace);
        if (isInvalidUpdate(value)) {
          this.noteMalformedFrame();
          continue;
        }
        return controller.enqueue(value);
      }
    };
    const readable = new ReadableStream<v2.AnyMessage>(
      { pull, cancel: (reason) => source.cancel(reason) },
      // Read from the source only when the SDK reads: nothing waits here.
      { highWaterMark: 0 },
    );
    // A writer, not a transform: a pipe costs its promises per message (see above).
    const sink = stream.writable.getWriter();
    const writable = new WritableStream<v2.AnyMessage>({
      write: (message) => {
        if ("method" in message && "id" in message) unanswered.add(message.id);
        if (trace) trace(`→ ${describeFrame(message)}`);
        return sink.write(message);
      },
      close: () => sink.close(),
      abort: (reason) => sink.abort(reason),
    });
    return { ...stream, readable, writable };
  }

  private inspectInbound(frame: Json, trace: ((line: string) => void) | undefined): void {
    if (this.answeredVersion === undefined && frame.result && typeof frame.result === "object") {
      this.answeredVersion = (frame.result as Json).protocolVersion;
    }
    if (trace) trace(`← ${describeFrame(frame)}`);
    routeInbound(frame);
  }

  /** One more malformed frame from the agent; past `maxMalformedFrames` the agent is stopped. */
  private noteMalformedFrame(): void {
    if (++this.malformedFrames <= this.options.maxMalformedFrames) return;
    this.closeReason ??= `${this.name} sent more than ${this.options.maxMalformedFrames} malformed messages and was stopped.`;
    queueMicrotask(() => void this.dispose());
  }

  /**
   * The SDK answers lines that are not JSON-RPC objects (bad JSON, batches, scalars) with an `id: null` error
   * written straight to the agent's stdin. Counting those replies is how an agent that sends garbage is noticed and,
   * past a threshold, stopped.
   */
  private countProtocolErrors(output: WritableStream<Uint8Array>): WritableStream<Uint8Array> {
    const decoder = new TextDecoder();
    // The SDK writes these as `{"jsonrpc":"2.0","id":null,"error":…}`: a short prefix tells them from every other
    // frame without decoding each chunk.
    const marker = new TextEncoder().encode('{"jsonrpc":"2.0","id":null,');
    const startsWithMarker = (chunk: Uint8Array) =>
      chunk.length >= marker.length && marker.every((byte, i) => chunk[i] === byte);
    // A writer, not a transform and a pipe: the pipe cost a click's answer its promises on the way to the agent.
    const sink = output.getWriter();
    return new WritableStream<Uint8Array>({
      write: (chunk) => {
        if (startsWithMarker(chunk) && /"code":-32(700|600)\b/.test(decoder.decode(chunk)))
          this.noteMalformedFrame();
        return sink.write(chunk);
      },
      close: () => sink.close(),
      abort: (reason) => sink.abort(reason),
    });
  }

  private async initialize(): Promise<void> {
    const elicitation = this.callbacks.elicit
      ? { elicitation: this.callbacks.elicitation ?? { form: {} } }
      : {};
    const params =
      this.version === 2
        ? {
            protocolVersion: 2,
            info: { name: "Symposium", version: this.options.clientVersion },
            capabilities: { ...elicitation },
          }
        : {
            protocolVersion: 1,
            clientInfo: { name: "Symposium", version: this.options.clientVersion },
            clientCapabilities: {
              fs: { readTextFile: !!this.callbacks.fileSystem, writeTextFile: !!this.callbacks.fileSystem },
              terminal: !!this.callbacks.terminals,
              // Booleans as booleans (the header shows a checkbox), not as on/off selects.
              session: { configOptions: { boolean: {} } },
              ...elicitation,
            },
          };
    // Shutdown must not wait for an agent that never answers: AgentSessions.dispose() awaits opening connections,
    // which (before this signal) kept the agent alive until the initialize timeout (30 s by default).
    const signal = this.options.signal;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new Error(String(signal?.reason ?? "Symposium is shutting down.")));
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    try {
      this.initializeResponse = await Promise.race([
        this.request("initialize", params, this.options.initializeTimeoutMs),
        this.closed.then((reason) => Promise.reject(new Error(reason))),
        aborted,
      ]);
    } catch (error) {
      if (this.version === 2 && !(error instanceof AgentTimeoutError) && !this.process.hasExited) {
        // A v1 agent's answer fails the v2 client's validation; an agent that refuses v2 answers with an error.
        if (this.answeredVersion === 1 || isJsonRpcError(error)) throw new SpeaksV1();
      }
      if (this.version === 1 && this.options.preferredVersion === 1 && isJsonRpcError(error))
        throw new NoLongerV1();
      this.negotiating = false;
      // An agent that died before it answered (no API key, a bad flag): how it ended and its last stderr lines say
      // what to fix; the transport's "connection closed", which usually comes first, says nothing.
      if (!signal?.aborted && !isJsonRpcError(error) && !(error instanceof AgentTimeoutError)) {
        const exit = await Promise.race([this.process.exited, delay(200).then(() => undefined)]);
        if (exit) throw new Error(this.process.describeExit(exit));
      }
      throw error;
    } finally {
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    }
    if (this.version === 2 && this.initializeResponse.protocolVersion === 1) throw new SpeaksV1();
    if (
      this.version === 1 &&
      this.options.preferredVersion === 1 &&
      this.initializeResponse.protocolVersion === 2
    )
      throw new NoLongerV1();
    this.negotiating = false;
    if (this.initializeResponse.protocolVersion !== this.version) {
      throw new Error(
        `${this.name} answered with protocol version ${String(this.initializeResponse.protocolVersion)}, which Symposium does not speak.`,
      );
    }
  }

  /** Resolves with a sentence saying why the connection ended: process exit, closed output, oversized message… */
  private async watchClose(): Promise<string> {
    const exit = this.process.exited.then((info) => ({ kind: "exit" as const, info }));
    const closed = this.sdk.closed.then(
      () => ({ kind: "closed" as const, error: this.sdk.signal.reason as unknown }),
      (error: unknown) => ({ kind: "closed" as const, error }),
    );
    const first = await Promise.race([exit, closed]);
    // The v2 client closes itself on a v1 answer; the process lives on for the v1 client.
    if (first.kind === "closed" && (this.negotiating || this.handedOver))
      return "handed over to the v1 client";
    let reason: string;
    if (this.closeReason) {
      reason = this.closeReason;
    } else if (first.kind === "exit") {
      reason = this.process.describeExit(first.info);
    } else if (isTooLarge(first.error)) {
      reason = `${this.name} sent a message larger than ${Math.round(this.options.maxMessageBytes / 1024 / 1024)} MiB; the connection was closed and the agent stopped.`;
    } else {
      // Give a dying process a moment so the message can say how it exited.
      const exited = await Promise.race([this.process.exited, delay(200).then(() => undefined)]);
      reason = exited ? this.process.describeExit(exited) : `${this.name} closed its connection.`;
    }
    this.closeReason = reason;
    this.sdk.close();
    void this.process.kill();
    return reason;
  }
}

/**
 * The agent's stdin and stdout, re-attachable: the v2 attempt's client reads and writes through them, and on a v1
 * answer the v1 client takes them over on the same process. Output that arrives while no client is attached waits
 * for the next one; a slow reader pauses the agent's stdout, and so does an agent that does not read its stdin: while
 * more than `UNREAD_CAP` bytes wait there, the host reads none of its frames. An agent that flooded small requests
 * and read no answer made the host hold every answer (400,000 held 1.2 GB); now its own writes block.
 */
class ProcessPipes {
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private readonly waiting: Uint8Array[] = [];
  private ended = false;

  constructor(private readonly agentProcess: AgentEndpoint) {
    const stdout = agentProcess.stdout;
    stdout.on("data", (chunk: Buffer) => {
      const bytes = new Uint8Array(chunk);
      if (!this.controller) {
        this.waiting.push(bytes);
        stdout.pause();
        return;
      }
      this.controller.enqueue(bytes);
      if ((this.controller.desiredSize ?? 1) <= 0) stdout.pause();
      else if (agentProcess.stdin.writableLength > UNREAD_CAP) {
        stdout.pause();
        void this.unread().then(() => (this.controller?.desiredSize ?? 0) > 0 && stdout.resume());
      }
    });
    const end = () => {
      this.ended = true;
      this.closeReader();
    };
    stdout.once("end", end);
    stdout.once("error", end);
  }

  attachOutput(): ReadableStream<Uint8Array> {
    const stdout = this.agentProcess.stdout;
    let mine: ReadableStreamDefaultController<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          mine = controller;
          this.controller = controller;
          for (const bytes of this.waiting.splice(0)) controller.enqueue(bytes);
          if (this.ended) this.closeReader();
        },
        pull: () => this.unread().then(() => void stdout.resume()),
        cancel: () => {
          // A detached reader cancelled late must not unplug the reader that took over.
          if (this.controller === mine) this.controller = undefined;
        },
      },
      { highWaterMark: 16 },
    );
  }

  /** `endOnClose`: whether closing this writer closes the agent's stdin (not while a v1 client may take over). */
  input(endOnClose: () => boolean): WritableStream<Uint8Array> {
    const stdin = this.agentProcess.stdin;
    return new WritableStream<Uint8Array>({
      // Done once in stdin's buffer while it holds at most `UNREAD_CAP` (where `unread` sees them), not once flushed:
      // the SDK queues the rest as objects, ten times the bytes and out of sight.
      write: (chunk) =>
        new Promise<void>((resolve, reject) => {
          stdin.write(chunk, (error) => (error ? reject(error) : resolve()));
          if (stdin.writableLength <= UNREAD_CAP) resolve();
        }),
      close: () => {
        if (endOnClose()) stdin.end();
      },
      abort: () => {
        if (endOnClose()) stdin.end();
      },
    });
  }

  detach(): void {
    this.closeReader();
  }

  /** Resolves once the agent has read its input down to `UNREAD_CAP`, or its input closed. */
  private unread(): Promise<void> {
    return read(this.agentProcess.stdin, UNREAD_CAP);
  }

  private closeReader(): void {
    const controller = this.controller;
    this.controller = undefined;
    try {
      controller?.close();
    } catch {
      // already closed or cancelled by its reader
    }
  }
}

/** Bytes of the host's frames an agent may leave unread before the host stops reading its frames (`ProcessPipes`). */
export const UNREAD_CAP = 4 * 1024 * 1024;

/** Client-method calls (`fs/*`, `terminal/*`) of one connection that may wait for their answers at once. */
export const MAX_OPEN_CLIENT_CALLS = 512;

/** JSON-RPC code of ACP's "authentication required" error. */
const AUTH_REQUIRED = -32000;
/** Sign-in methods listed at most: an agent can send any number. */
const MAX_AUTH_METHODS = 20;

/** The last meaningful stderr lines (no blanks, no stack frames), capped, for an error message. */
function stderrExplanation(lines: string[]): string {
  const meaningful = lines.map((line) => line.trim()).filter((line) => line && !/^at\s/.test(line));
  const text = meaningful.slice(-3).join(" / ");
  return text.length > 500 ? `…${text.slice(-500)}` : text;
}

function isTooLarge(error: unknown): boolean {
  return (
    error instanceof v2.MessageTooLargeError ||
    error instanceof v1.MessageTooLargeError ||
    (error instanceof Error && error.name === "MessageTooLargeError")
  );
}

function isJsonRpcError(error: unknown): boolean {
  return error instanceof v2.RequestError || error instanceof v1.RequestError;
}

/**
 * Whether a frame is shaped as an answer (an object with no method, and an id, a result or an error; a scalar or list
 * the SDK refuses itself) to no request in `unanswered`, its id missing included; one to a request there takes it out.
 */
function isUnknownAnswer(frame: unknown, unanswered: Set<unknown>): boolean {
  if (typeof frame !== "object" || frame === null || Array.isArray(frame) || "method" in frame) return false;
  if ("id" in frame) return !unanswered.delete(frame.id);
  return "result" in frame || "error" in frame;
}

/**
 * A `session/update` (routed) whose params its parse refuses: the SDK would log each with console.error and count
 * none, so a flood of them was as many lines.
 */
function isInvalidUpdate(frame: Json): boolean {
  if (frame.method !== SESSION_UPDATE_ROUTE || "id" in frame) return false;
  try {
    sessionUpdateParams(frame.params);
    return false;
  } catch {
    return true;
  }
}

/** Method and id only: params may hold secrets and are never logged. */
function describeFrame(frame: Json): string {
  const id = typeof frame.id === "string" || typeof frame.id === "number" ? ` #${frame.id}` : "";
  if (typeof frame.method === "string") return `${frame.method}${id}`;
  return frame.error ? `error${id} ${String((frame.error as Json).code)}` : `result${id}`;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The answer to `session/request_permission`: the outcome, and a question card's answers beside it (Qwen Code's). */
function permissionResponse(outcome: PermissionOutcome): Json {
  if (outcome.outcome !== "selected" || !outcome.answers) return { outcome };
  const { answers, ...selected } = outcome;
  return { outcome: selected, answers };
}
