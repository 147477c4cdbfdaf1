/**
 * One connection per agent, shared by its sessions, opened on demand; one its agent's settings changed under takes no
 * new session and ends with its last. The SDK-backed runtime is loaded on the first start (its zod schemas cost about
 * 100 ms that activation must not pay). Shutdown aborts connections still opening and ends every open one.
 */
import type { Logger } from "../core/logger";
import type { PendingApprovals } from "../core/pendingApprovals";
import type { AgentConnection, ClientCallbacks, ProtocolVersion, StartAgent } from "./agentConnection";
import type { AgentLaunch } from "./agentProcess";
import type { ClientFileSystem } from "./clientFileSystem";
import type { PolicyEngine } from "../core/policy/engine";
import type { ClientTerminals } from "./clientTerminals";
import { ConnectionScope } from "./connectionScope";

type Sdk = typeof import("./connectionRuntime");

/** The SDK-backed parts, created on the first agent start. */
export interface Runtime {
  sdk: Sdk;
  /** What the client answers every agent (`clientHandlers.ts`). */
  callbacks: ClientCallbacks;
  fileSystem: ClientFileSystem;
  terminals: ClientTerminals;
  /** The policy's matchers and the bash parser they read command lines with (a wasm grammar), loaded with the runtime. */
  policy: PolicyEngine;
}

export interface PoolOptions {
  log: Logger;
  pending: PendingApprovals;
  createRuntime(sdk: Sdk): Omit<Runtime, "policy">;
  versionMemory: {
    get(agentName: string): ProtocolVersion | undefined;
    set(agentName: string, version: ProtocolVersion): void;
  };
  initializeTimeoutMs: number;
  maxMessageBytes: number;
  clientVersion: string;
  /** How agents start (default: their process); tests run an in-process agent over in-memory streams. */
  startAgent?: StartAgent;
}

export class ConnectionPool {
  private readonly scopes = new Map<string, Promise<ConnectionScope>>();
  private readonly byConnection = new WeakMap<AgentConnection, ConnectionScope>();
  /** Connections whose agent's settings changed while sessions used them: no longer in `scopes`, ended at shutdown. */
  private readonly retired = new Set<ConnectionScope>();
  private loadedRuntime: Runtime | undefined;
  private runtimeLoading: Promise<Runtime> | undefined;
  private readonly shuttingDown = new AbortController();

  constructor(private readonly options: PoolOptions) {}

  /** The runtime; it exists whenever an agent is connected (ACP callbacks only run then). */
  get runtime(): Runtime {
    if (!this.loadedRuntime) throw new Error("The ACP runtime is not loaded.");
    return this.loadedRuntime;
  }

  get runtimeIfLoaded(): Runtime | undefined {
    return this.loadedRuntime;
  }

  scopeOf(connection: AgentConnection): ConnectionScope | undefined {
    return this.byConnection.get(connection);
  }

  /** The agent's connection new sessions get (once it opened), if it has one: none is started. */
  async current(agentName: string): Promise<ConnectionScope | undefined> {
    return this.scopes.get(agentName)?.catch(() => undefined);
  }

  /**
   * The agent's live connection, or a new one. A connection started from other settings (the agent's command, its
   * arguments or environment, or the workspace folder changed) is not reused: a new session runs what the settings
   * say now, and the old connection goes on carrying its own sessions until they close.
   */
  async acquire(launch: AgentLaunch): Promise<ConnectionScope> {
    const agentName = launch.name;
    const current = this.scopes.get(agentName);
    if (current) {
      const existing = await current.catch(() => undefined);
      if (existing?.usable && sameLaunch(existing.connection.process.launch, launch)) return existing;
      if (this.scopes.get(agentName) !== current) return this.acquire(launch);
      this.scopes.delete(agentName);
      if (existing?.usable) {
        existing.retire();
        this.retired.add(existing);
        void existing.connection.closed.then(() => this.retired.delete(existing));
      }
    }
    const opening = this.open(launch);
    this.scopes.set(agentName, opening);
    opening.then(
      (scope) => {
        // Compared by identity, never chained onto whatever is in the map then (it may be a failing start).
        void scope.connection.closed.then((reason) => {
          if (this.scopes.get(agentName) === opening) this.scopes.delete(agentName);
          if (scope.hasEnded) return;
          if (this.shuttingDown.signal.aborted) return void scope.end(reason, "shutdown");
          this.options.log.warn(reason);
          void scope.end(reason, "agent_exit");
        });
      },
      () => {
        if (this.scopes.get(agentName) === opening) this.scopes.delete(agentName);
      },
    );
    return opening;
  }

  /** Ends a connection no session uses any more. */
  async release(scope: ConnectionScope): Promise<void> {
    // A retired one is no longer in `scopes`: what is there (perhaps still opening) is not awaited before it ends.
    const current = this.retired.has(scope) ? undefined : this.scopes.get(scope.name);
    if (current && (await current.catch(() => undefined)) === scope) this.scopes.delete(scope.name);
    await scope.end("closed by Symposium", "agent_exit");
  }

  /** Shutdown: connections still opening are aborted; resolves with every connection that opened. */
  async shutdown(): Promise<ConnectionScope[]> {
    this.shuttingDown.abort("Symposium is shutting down.");
    const settled = await Promise.allSettled([...this.scopes.values()]);
    return [
      ...settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : [])),
      ...this.retired,
    ];
  }

  private async open(launch: AgentLaunch): Promise<ConnectionScope> {
    const { options } = this;
    const agentName = launch.name;
    const runtime = await this.loadRuntime();
    const preferredVersion = options.versionMemory.get(agentName);
    const connection = await runtime.sdk.AgentConnection.open(launch, runtime.callbacks, {
      ...(preferredVersion ? { preferredVersion } : {}),
      ...(options.startAgent ? { startAgent: options.startAgent } : {}),
      initializeTimeoutMs: options.initializeTimeoutMs,
      maxMessageBytes: options.maxMessageBytes,
      maxMalformedFrames: 20,
      clientVersion: options.clientVersion,
      // Decided per connection: turning trace on applies from the agent's next start.
      ...(options.log.traceEnabled?.()
        ? { trace: (line: string) => options.log.trace(`[${agentName}] ${line}`) }
        : {}),
      signal: this.shuttingDown.signal,
    });
    const scope = new ConnectionScope(connection, options.pending, runtime.terminals);
    this.byConnection.set(connection, scope);
    options.versionMemory.set(agentName, connection.version);
    options.log.info(
      `${agentName} connected (ACP v${connection.version}, pid ${connection.process.pid ?? "?"}).`,
    );
    return scope;
  }

  private loadRuntime(): Promise<Runtime> {
    // Required, not `import()`ed: dist/extension.js ships compressed and runs through `vm`, where `import()` throws.
    this.runtimeLoading ??= Promise.resolve().then(async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const sdk = require("./connectionRuntime") as Sdk;
      // The wasm files sit next to the bundle (`dist/`); tests fall back to the installed packages.
      const policy = await sdk.loadPolicyEngine(__dirname);
      this.loadedRuntime = { ...this.options.createRuntime(sdk), policy };
      return this.loadedRuntime;
    });
    return this.runtimeLoading;
  }
}

/** Whether a connection started from `a` runs what `b` asks for. */
function sameLaunch(a: AgentLaunch, b: AgentLaunch): boolean {
  const entries = (env: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(env).sort());
  return (
    a.command === b.command &&
    a.cwd === b.cwd &&
    JSON.stringify(a.args) === JSON.stringify(b.args) &&
    entries(a.env) === entries(b.env)
  );
}
