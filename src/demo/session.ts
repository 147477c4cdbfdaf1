// One demo session: its workspace, its remembered "Always allow" answers, and its turns. A session runs one turn
// at a time; a prompt that arrives meanwhile is held until the running turn ends (v2 allows holding prompts;
// v1 clients do not send overlapping prompts), and `session/cancel` ends the running turn and drops held ones.

/** Why a held prompt never started. */
export class PromptDropped extends Error {
  constructor() {
    super("The session was cancelled before this prompt started.");
  }
}

export class DemoSession {
  readonly alwaysAllowed = new Set<string>();
  private running: AbortController | undefined;
  private readonly held: Array<{ start: (turn: AbortController) => void; drop: (error: Error) => void }> = [];
  private counter = 0;

  constructor(
    readonly id: string,
    readonly cwd: string,
  ) {}

  /** Ids unique within the session, like `call-3`. */
  newId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }

  /** Resolves with the turn's signal once no other turn runs; rejects with `PromptDropped` on cancel. */
  startTurn(): Promise<AbortSignal> {
    if (!this.running && this.held.length === 0) {
      this.running = new AbortController();
      return Promise.resolve(this.running.signal);
    }
    return new Promise((resolve, reject) => {
      this.held.push({ start: (turn) => resolve(turn.signal), drop: reject });
    });
  }

  endTurn(): void {
    this.running = undefined;
    const next = this.held.shift();
    if (next) {
      this.running = new AbortController();
      next.start(this.running);
    }
  }

  cancel(): void {
    this.running?.abort();
    for (const prompt of this.held.splice(0)) prompt.drop(new PromptDropped());
  }
}

/** The sessions of one connection. */
/** What a turn needs of its session in either protocol version: where it plays, what is always allowed, fresh ids. */
export abstract class SessionTurn {
  constructor(
    protected readonly session: DemoSession,
    readonly signal: AbortSignal,
  ) {}

  get cwd(): string {
    return this.session.cwd;
  }

  get alwaysAllowed(): Set<string> {
    return this.session.alwaysAllowed;
  }

  newToolCallId(): string {
    return this.session.newId("call");
  }
}

export class DemoSessions {
  private readonly byId = new Map<string, DemoSession>();
  private counter = 0;

  create(cwd: string): DemoSession {
    this.counter += 1;
    const session = new DemoSession(`demo-session-${this.counter}`, cwd);
    this.byId.set(session.id, session);
    return session;
  }

  get(id: string): DemoSession | undefined {
    return this.byId.get(id);
  }
}
