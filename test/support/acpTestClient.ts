// An ACP client for tests, over real stdio, with the SDK's v2 or v1 client. It records what a user would see (session
// updates), what the agent asked (permission requests) and touched through the client (v1 fs), answers
// permission requests through a replaceable handler, and keeps the wire transcript for schema checks.
import * as v1 from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { validateTranscript, type AcpVersion } from "./acpSchema";
import { spawnAgent, type AgentProcess, type SpawnOptions } from "./agentProcess";

export type JsonRecord = Record<string, unknown>;
export type PermissionOutcome = { outcome: "cancelled" } | { outcome: "selected"; optionId: string };

export interface PermissionCall {
  readonly params: JsonRecord;
  readonly sessionId: string;
  /** Aborts when the agent withdraws the request (`$/cancel_request`) or the connection closes. */
  readonly signal: AbortSignal;
  readonly client: AcpTestClient;
}

export type PermissionHandler = (call: PermissionCall) => PermissionOutcome | Promise<PermissionOutcome>;

export interface TestClientOptions {
  readonly agentPath: string;
  readonly version: AcpVersion;
  readonly spawn?: SpawnOptions;
  /** v1 only: advertise and serve `fs/read_text_file` and `fs/write_text_file`. */
  readonly clientFs?: boolean;
  readonly onPermission?: PermissionHandler;
  readonly turnTimeoutMs?: number;
}

/** A value inside parsed JSON, or undefined when the path does not exist. */
export function get(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** A handler that picks the offered option of `kind` (never a guessed id), as a user's click would. */
export function choose(kind: string): PermissionHandler {
  return ({ params }) => {
    const options = (get(params, "options") ?? []) as Array<{ optionId: string; kind: string }>;
    const option = options.find((candidate) => candidate.kind === kind);
    if (!option) throw new Error(`no ${kind} option offered`);
    return { outcome: "selected", optionId: option.optionId };
  };
}

export class AcpTestClient {
  readonly updates: JsonRecord[] = [];
  readonly permissionRequests: JsonRecord[] = [];
  readonly fsReads: string[] = [];
  readonly fsWrites: Array<{ path: string; content: string }> = [];
  onPermission: PermissionHandler;
  /** What the v1 client serves for `fs/read_text_file` (undefined: the file on disk). */
  servedFileText: string | undefined;
  initializeResponse: unknown;
  readonly agent: AgentProcess;
  readonly version: AcpVersion;
  private readonly clientFs: boolean;
  private readonly turnTimeoutMs: number;
  private readonly listeners = new Set<() => void>();
  private readonly connection: v1.ClientConnection | v2.ClientConnection;

  private constructor(options: TestClientOptions) {
    this.version = options.version;
    this.clientFs = options.clientFs ?? false;
    this.turnTimeoutMs = options.turnTimeoutMs ?? 5000;
    this.onPermission = options.onPermission ?? choose("allow_once");
    this.agent = spawnAgent(options.agentPath, options.spawn);
    this.connection = this.version === 2 ? this.connectV2() : this.connectV1();
  }

  /** Spawns the agent and completes `initialize` (the version's own). */
  static async start(options: TestClientOptions): Promise<AcpTestClient> {
    const client = new AcpTestClient(options);
    try {
      client.initializeResponse = await client.initialize();
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  }

  private connectV2(): v2.ClientConnection {
    return v2
      .client({ name: "symposium-test-client" })
      .onRequest(v2.methods.client.session.requestPermission, ({ params, signal }) =>
        this.permission(params as unknown as JsonRecord, params.sessionId, signal),
      )
      .onNotification(v2.methods.client.session.update, ({ params }) => this.record(params.update))
      .connect(this.agent.stream);
  }

  private connectV1(): v1.ClientConnection {
    return v1
      .client({ name: "symposium-test-client" })
      .onRequest(v1.methods.client.session.requestPermission, ({ params, signal }) =>
        this.permission(params as unknown as JsonRecord, params.sessionId, signal),
      )
      .onRequest(v1.methods.client.fs.readTextFile, ({ params }) => {
        this.fsReads.push(params.path);
        return { content: this.servedFileText ?? readFileSync(params.path, "utf8") };
      })
      .onRequest(v1.methods.client.fs.writeTextFile, ({ params }) => {
        this.fsWrites.push({ path: params.path, content: params.content });
        writeFileSync(params.path, params.content);
        return {};
      })
      .onNotification(v1.methods.client.session.update, ({ params }) => this.record(params.update))
      .connect(this.agent.stream);
  }

  private initialize(): Promise<unknown> {
    if (this.version === 2) {
      return (this.connection as v2.ClientConnection).agent.request(v2.methods.agent.initialize, {
        protocolVersion: 2,
        info: { name: "symposium-test-client", version: "1.0.0" },
        capabilities: {},
      });
    }
    const params: v1.InitializeRequest = {
      protocolVersion: 1,
      clientInfo: { name: "symposium-test-client", version: "1.0.0" },
      clientCapabilities: {
        fs: { readTextFile: this.clientFs, writeTextFile: this.clientFs },
        terminal: false,
      },
    };
    return (this.connection as v1.ClientConnection).agent.request(v1.methods.agent.initialize, params);
  }

  private record(update: unknown): void {
    this.updates.push(update as JsonRecord);
    for (const listener of this.listeners) listener();
  }

  private async permission(
    params: JsonRecord,
    sessionId: string,
    signal: AbortSignal,
  ): Promise<{ outcome: PermissionOutcome }> {
    this.permissionRequests.push(params);
    for (const listener of this.listeners) listener();
    return { outcome: await this.onPermission({ params, sessionId, signal, client: this }) };
  }

  async newSession(cwd: string): Promise<string> {
    // Typed params: v1's `request` has an untyped overload that an inferred literal can silently fall into.
    const params: v1.NewSessionRequest & v2.NewSessionRequest = { cwd, mcpServers: [] };
    const response =
      this.version === 2
        ? await (this.connection as v2.ClientConnection).agent.request(v2.methods.agent.session.new, params)
        : await (this.connection as v1.ClientConnection).agent.request(v1.methods.agent.session.new, params);
    return response.sessionId;
  }

  cancel(sessionId: string): Promise<void> {
    return this.version === 2
      ? (this.connection as v2.ClientConnection).agent.notify(v2.methods.agent.session.cancel, { sessionId })
      : (this.connection as v1.ClientConnection).agent.notify(v1.methods.agent.session.cancel, { sessionId });
  }

  /** Sends a prompt and waits for the end of the turn; returns its stop reason. */
  async prompt(sessionId: string, text: string): Promise<string> {
    const prompt = [{ type: "text" as const, text }];
    if (this.version === 1) {
      const params: v1.PromptRequest = { sessionId, prompt };
      const response = await (this.connection as v1.ClientConnection).agent.request(
        v1.methods.agent.session.prompt,
        params,
      );
      // The SDK resolves a response synchronously but runs notification handlers a few microtasks later, so
      // updates the agent sent just before its response may not have been handled yet. One macrotask drains them.
      await new Promise((resolve) => setImmediate(resolve));
      return response.stopReason;
    }
    // v2: the response only acknowledges the user message; the turn ends with an idle state_update.
    const seen = this.updates.length;
    const connection = this.connection as v2.ClientConnection;
    const { messageId } = await connection.agent.request(v2.methods.agent.session.prompt, {
      sessionId,
      prompt,
    });
    assert.ok(messageId, "v2 prompt response carries the inserted user message id");
    const idle = await this.waitFor(
      () => this.updates.slice(seen).find((u) => u.sessionUpdate === "state_update" && u.state === "idle"),
      "an idle state_update",
    );
    return String(idle.stopReason);
  }

  /** Resolves with the first non-undefined `find()` result, re-checked on every update and permission request. */
  waitFor<T>(find: () => T | undefined, what: string, timeoutMs = this.turnTimeoutMs): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const found = find();
        if (found === undefined) return;
        this.listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      this.listeners.add(check);
      check();
    });
  }

  updatesOf(kind: string): JsonRecord[] {
    return this.updates.filter((update) => update.sessionUpdate === kind);
  }

  /** The agent's visible reply: all message chunks' text, in order. */
  messageText(): string {
    return this.updatesOf("agent_message_chunk")
      .map((update) => get(update, "content", "text"))
      .filter((text): text is string => typeof text === "string")
      .join("");
  }

  /** Status changes of one tool call in order (v1 `tool_call` + `tool_call_update`, v2 `tool_call_update`). */
  toolCallStatuses(toolCallId: string): string[] {
    return this.updates
      .filter(
        (u) =>
          (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
          u.toolCallId === toolCallId,
      )
      .map((u) => u.status)
      .filter((status): status is string => typeof status === "string");
  }

  /** The first announced tool call (v1 `tool_call`, v2 the first `tool_call_update`). */
  firstToolCall(): JsonRecord {
    const first = this.updatesOf(this.version === 1 ? "tool_call" : "tool_call_update")[0];
    assert.ok(first, "the agent announced a tool call");
    return first;
  }

  /** Frames the agent sent with a given method (e.g. `$/cancel_request`). */
  agentFrames(method: string): unknown[] {
    return this.agent.transcript
      .filter(({ sender, frame }) => sender === "agent" && get(frame, "method") === method)
      .map(({ frame }) => frame);
  }

  async close(): Promise<void> {
    this.connection.close();
    await this.agent.stop();
  }

  /** Every frame both ways is valid for the negotiated version. */
  assertWireValid(): void {
    assert.deepEqual(validateTranscript(this.version, this.agent.transcript), []);
  }
}
