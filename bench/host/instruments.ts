/**
 * Measurement taps on the objects the extension's test API hands out (no change to src/): every message the view
 * posts to its webview (by wrapping the instance's `post`), and every paint report the webview sends (the view's
 * `onDidPaint`, on because the harness sets SYMPOSIUM_REPORT_PAINT). Both use Date.now(), the webview's clock too.
 */
import type { SymposiumTestApi } from "../../src/extension";
import type { AgentSessions } from "../../src/acp/agentSessions";

export interface PostedMessage {
  at: number;
  /** When a `setTimeout(0)` set right after the post ran: about when VS Code's protocol writer sends it. */
  tickAt?: number;
  message: { type: string };
}

export class PostRecorder {
  readonly posted: PostedMessage[] = [];

  constructor(view: SymposiumTestApi["view"]) {
    const target = view as unknown as { post(message: { type: string }): void };
    const original = target.post.bind(target);
    target.post = (message) => {
      const posted: PostedMessage = { at: Date.now(), message };
      this.posted.push(posted);
      original(message);
      setTimeout(() => (posted.tickAt = Date.now()));
    };
  }

  mark(): number {
    return this.posted.length;
  }

  since(mark: number): PostedMessage[] {
    return this.posted.slice(mark);
  }

  /** Serialized size of the largest message since `mark` (computed after the fact, off the measured path). */
  largestBytes(mark: number, type?: string): number {
    return Math.max(
      0,
      ...this.since(mark)
        .filter((p) => !type || p.message.type === type)
        .map((p) => Buffer.byteLength(JSON.stringify(p.message))),
    );
  }

  clear(): void {
    this.posted.length = 0;
  }
}

/** When the host took a person's answer (the view relays a click as `chooseOption` or `deny`), by prompt key. */
export class ChooseRecorder {
  readonly at = new Map<string, number>();

  constructor(sessions: AgentSessions) {
    const choose = sessions.choose.bind(sessions);
    const chooseOption = sessions.chooseOption.bind(sessions);
    const deny = sessions.deny.bind(sessions);
    sessions.choose = (key: string, optionId: string) => {
      this.at.set(key, Date.now());
      return choose(key, optionId);
    };
    sessions.chooseOption = (key: string, optionKey: string) => {
      this.at.set(key, Date.now());
      return chooseOption(key, optionKey);
    };
    sessions.deny = (key: string) => {
      this.at.set(key, Date.now());
      return deny(key);
    };
  }
}

/** The first `update` message carrying the card of `key` posted to the webview (host clock). */
export function postOf(posts: readonly PostedMessage[], key: string): PostedMessage | undefined {
  for (const posted of posts) {
    const message = posted.message as { type: string; ops?: { op: string; prompt?: { key: string } }[] };
    if (message.type === "update" && message.ops?.some((op) => op.op === "prompt" && op.prompt?.key === key))
      return posted;
  }
  return undefined;
}

export interface PaintReportEntry {
  /** Card painted (webview clock) - request arrived (host clock). */
  value: number;
  /** When the host stored the report (host clock). */
  setAt: number;
  /** The webview's stamps: its message listener began, its node was inserted, and the first frame after that was rendered. */
  messageAt?: number;
  insertedAt?: number;
  frameAt?: number;
  paintedAt: number;
}

export class PaintWatcher {
  /** Last report per key. */
  readonly reports = new Map<string, PaintReportEntry>();
  private readonly waiters = new Map<string, ((value: number) => void)[]>();

  /** Request arrival (host) to card painted (webview), for cards still pending when the report arrives. */
  constructor(api: Pick<SymposiumTestApi, "view" | "sessions">) {
    api.view.onDidPaint(({ key, at, insertedAt, frameAt, messageAt }) => {
      const prompt = api.sessions.pending.get(key);
      if (!prompt) return;
      const value = at - prompt.receivedAt;
      this.reports.set(key, {
        value,
        setAt: Date.now(),
        paintedAt: at,
        ...(insertedAt !== undefined ? { insertedAt } : {}),
        ...(frameAt !== undefined ? { frameAt } : {}),
        ...(messageAt !== undefined ? { messageAt } : {}),
      });
      for (const resolve of this.waiters.get(key) ?? []) resolve(value);
      this.waiters.delete(key);
    });
  }

  /** The paint latency of `key`: at once if reported already, else when reported. */
  wait(key: string, timeoutMs: number): Promise<number> {
    const known = this.reports.get(key);
    if (known) return Promise.resolve(known.value);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no paint report for ${key} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const list = this.waiters.get(key) ?? [];
      list.push((value) => {
        clearTimeout(timer);
        resolve(value);
      });
      this.waiters.set(key, list);
    });
  }

  clear(): void {
    this.reports.clear();
  }
}
