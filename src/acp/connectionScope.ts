/**
 * One agent connection's lifetime: the process and SDK connection (`AgentConnection`), the sessions it carries and
 * their routes. `end` is the only teardown, whoever asks (the agent exited, its last tab closed, the window closes):
 * its pending requests are answered, its sessions' terminals released, its live sessions told why, its process killed.
 */
import type { PendingApprovals } from "../core/pendingApprovals";
import type { AgentConnection } from "./agentConnection";
import type { ClientTerminals } from "./clientTerminals";
import type { Session } from "./session";

export class ConnectionScope {
  /** The agent's session id -> the session. */
  private readonly sessions = new Map<string, Session>();
  /** Sessions asking the agent for their id (`starting`): it must not end under them, retired or not. */
  private readonly starting = new Set<Session>();
  /** Holds that keep it while no session is on it yet (Resume Session… while the person picks one). */
  private holds = 0;
  private ended = false;
  /** Its agent's settings changed since it started: it keeps its sessions but takes no new one. */
  private retired = false;

  get hasEnded(): boolean {
    return this.ended;
  }

  constructor(
    readonly connection: AgentConnection,
    private readonly pending: PendingApprovals,
    private readonly terminals: ClientTerminals,
  ) {}

  get name(): string {
    return this.connection.name;
  }

  /** Whether new sessions may start on it (an agent that just died stays here until its close is handled). */
  get usable(): boolean {
    return !this.ended && !this.retired && !this.connection.isClosing;
  }

  /** New sessions of its agent start elsewhere from now on; it ends with the last of its own (`release`). */
  retire(): void {
    this.retired = true;
  }

  get isEmpty(): boolean {
    return this.sessions.size === 0 && this.starting.size === 0 && this.holds === 0;
  }

  /** Keeps it from ending as unused until the returned function is called (once). */
  hold(): () => void {
    this.holds++;
    let held = true;
    return () => {
      if (held) this.holds--;
      held = false;
    };
  }

  /** A session is being started on it; it counts as one of its own until routed (`add`) or removed. */
  begin(session: Session): void {
    this.starting.add(session);
  }

  /**
   * Routes the agent's `sessionId` to `session`. An id an open session already has is refused: routed anew, the open
   * session would lose its updates and requests to the new one, and end with it without being told.
   */
  add(agentSessionId: string, session: Session): void {
    const routed = this.sessions.get(agentSessionId);
    if (routed !== undefined && routed !== session)
      throw new Error(
        routed.disposed
          ? // A tab closed while it reopened the session or while a turn ran: routed until that ends.
            `${this.name} is still busy with this session in a tab closed meanwhile (reopening it, or finishing a turn). Try again in a moment.`
          : `${this.name} gave the new session the id of a session already open (${agentSessionId.slice(0, 100)}).`,
      );
    this.sessions.set(agentSessionId, session);
    this.starting.delete(session);
  }

  /**
   * The session an agent's `sessionId` names on this connection (ids of other connections never match). A closed one
   * is none: a tab closed while it reopens (or mid-turn) stays routed until that ends, and must get no card meanwhile.
   */
  route(sessionId: unknown): Session | undefined {
    const session = typeof sessionId === "string" ? this.sessions.get(sessionId) : undefined;
    return session?.disposed ? undefined : session;
  }

  /** A closed session still routed (its reopen or its turn has not ended): nothing but that end reaches it. */
  closedSession(sessionId: unknown): Session | undefined {
    const session = typeof sessionId === "string" ? this.sessions.get(sessionId) : undefined;
    return session?.disposed ? session : undefined;
  }

  /** Whether it carries (or is keeping for) a session other than `session`. */
  carriesOtherThan(session: Session): boolean {
    return (
      [...this.sessions.values()].some((other) => other !== session) ||
      [...this.starting].some((other) => other !== session) ||
      this.holds > 0
    );
  }

  /** Ends the session's route, also one added before it was attached (a reopen that failed). */
  remove(session: Session): void {
    this.starting.delete(session);
    for (const [id, routed] of this.sessions) if (routed === session) this.sessions.delete(id);
    this.terminals.releaseSession(session.key);
  }

  /** Sessions with a turn running, for shutdown's last `session/cancel`. */
  runningSessions(): Session[] {
    return [...this.sessions.values()].filter((session) => session.running);
  }

  /**
   * The one teardown path (`killBy`: when what ignores TERM is killed, see `AgentEndpoint.kill`). Safe to call more
   * than once; only the first call does anything.
   */
  async end(reason: string, provenance: "agent_exit" | "shutdown", killBy?: number): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    // Keyed by process identity: a replaced process's late exit touches only its own requests.
    this.pending.cancelConnection(this.connection.process.id, provenance);
    for (const session of this.sessions.values()) {
      this.terminals.releaseSession(session.key);
      session.connectionEnded(reason);
    }
    this.sessions.clear();
    this.starting.clear();
    await this.connection.dispose(reason, killBy);
  }
}
