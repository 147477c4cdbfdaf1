// The protocol-specific part of a scripted turn: default permission params, message chunks, and the two SDK calls.
// Script params and updates are test input, deliberately NOT validated here: a test may send invalid ones to see
// how the client copes (the client SDK rejects invalid request params with -32602 and drops invalid updates).
import * as v1 from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import type { JsonObject } from "./script";

export interface TurnWire {
  readonly version: 1 | 2;
  readonly sessionId: string;
  /** What `{"request": {}}` sends: two options (allow-once, reject-once) and a title naming the request index. */
  defaultPermissionParams(requestIndex: number): JsonObject;
  /** Resolves with the client's result; `signal` aborting sends `$/cancel_request` but keeps waiting for the answer. */
  requestPermission(params: JsonObject, signal: AbortSignal): Promise<unknown>;
  sendUpdate(update: JsonObject, sessionId?: string): Promise<void>;
  /**
   * Calls a client method (`fs/*`, `terminal/*`, …) with `{sessionId, ...params}`; resolves with its result. `signal`
   * aborting sends `$/cancel_request` but keeps waiting for the answer.
   */
  call(method: string, params: JsonObject, signal?: AbortSignal): Promise<unknown>;
  chunk(kind: "agent_message_chunk" | "agent_thought_chunk", text: string): JsonObject;
}

const DEFAULT_OPTIONS = [
  { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
  { optionId: "reject-once", name: "Reject", kind: "reject_once" },
];

export class V2TurnWire implements TurnWire {
  readonly version = 2;

  constructor(
    private readonly client: v2.AgentContext,
    readonly sessionId: string,
    /** Distinguishes this turn's message ids from other turns'. */
    private readonly turnNumber: number,
  ) {}

  defaultPermissionParams(requestIndex: number): JsonObject {
    return { title: `Scripted permission ${requestIndex}`, options: DEFAULT_OPTIONS };
  }

  requestPermission(params: JsonObject, signal: AbortSignal): Promise<unknown> {
    const request = { sessionId: this.sessionId, ...params } as unknown as v2.RequestPermissionRequest;
    return this.client.request(v2.methods.client.session.requestPermission, request, {
      cancellationSignal: signal,
    });
  }

  sendUpdate(update: JsonObject, sessionId = this.sessionId): Promise<void> {
    const notification = { sessionId, update } as unknown as v2.UpdateSessionNotification;
    return this.client.notify(v2.methods.client.session.update, notification);
  }

  /** v2 has no client `fs/*` or `terminal/*` methods: a v2 client answers these with -32601. */
  call(method: string, params: JsonObject): Promise<unknown> {
    // The v2 typings only admit v2 methods and `_`-prefixed extensions; the string is sent as given.
    return this.client.request<unknown, JsonObject>(method as `_${string}`, {
      sessionId: this.sessionId,
      ...params,
    });
  }

  chunk(kind: "agent_message_chunk" | "agent_thought_chunk", text: string): JsonObject {
    const messageId = `scripted-${kind === "agent_message_chunk" ? "message" : "thought"}-${this.turnNumber}`;
    return { sessionUpdate: kind, messageId, content: { type: "text", text } };
  }
}

export class V1TurnWire implements TurnWire {
  readonly version = 1;

  constructor(
    private readonly client: v1.AgentContext,
    readonly sessionId: string,
  ) {}

  defaultPermissionParams(requestIndex: number): JsonObject {
    return {
      toolCall: { toolCallId: `scripted-call-${requestIndex}`, title: `Scripted permission ${requestIndex}` },
      options: DEFAULT_OPTIONS,
    };
  }

  requestPermission(params: JsonObject, signal: AbortSignal): Promise<unknown> {
    const request = { sessionId: this.sessionId, ...params } as unknown as v1.RequestPermissionRequest;
    return this.client.request(v1.methods.client.session.requestPermission, request, {
      cancellationSignal: signal,
    });
  }

  sendUpdate(update: JsonObject, sessionId = this.sessionId): Promise<void> {
    const notification = { sessionId, update } as unknown as v1.SessionNotification;
    return this.client.notify(v1.methods.client.session.update, notification);
  }

  call(method: string, params: JsonObject, signal?: AbortSignal): Promise<unknown> {
    return this.client.request<unknown, JsonObject>(
      method,
      { sessionId: this.sessionId, ...params },
      signal ? { cancellationSignal: signal } : undefined,
    );
  }

  chunk(kind: "agent_message_chunk" | "agent_thought_chunk", text: string): JsonObject {
    return { sessionUpdate: kind, content: { type: "text", text } };
  }
}
