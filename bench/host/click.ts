/**
 * Click -> the agent receives the outcome: the host only starts a session whose agent sends "Click #i" requests one
 * at a time; the driver clicks each card's Reject button in the webview (Playwright) and stamps the click inside the
 * webview; the agent stamps the answer's arrival. Stamps are `bench/fineClock.ts`'s clock in every process (the
 * webview, this extension host, the agent), so the way splits into its parts below a millisecond: the host stamps
 * the view's message arriving (`SymposiumView.receive`), the request being settled (`chooseOption`/`deny`/`choose`
 * entered), that call returning (the settled listeners have run) and the answer written to the agent's stdin
 * (`answerWrites.ts`); the agent stamps its stdin delivering the answer's bytes and the answer reaching the awaiting
 * code.
 */
import { commandId, waitForResult } from "../agentLog";
import type { AgentResult } from "../agents/ops";
import { fineClock } from "../fineClock";
import { AnswerWrites } from "./answerWrites";
import type { HostContext } from "./context";
import { turnEnded } from "../waits";
import { MANUAL_AGENT, type ClickHostResult, type ClickStart, type HostClickStamps } from "./protocol";

const arrivals = new Map<string, string[]>(); // session key -> prompt keys in arrival order

/** The host's fine stamps per prompt key, taken by wrappers installed once on the test API's objects. */
class HostStamps {
  readonly received = new Map<string, number>();
  readonly chosen = new Map<string, number>();
  readonly returned = new Map<string, number>();
  readonly now = fineClock();

  constructor(ctx: HostContext) {
    const view = ctx.api.view as unknown as { receive(raw: unknown): void };
    const receive = view.receive.bind(view);
    view.receive = (raw) => {
      const at = this.now();
      const message = raw as { type?: unknown; key?: unknown } | null;
      if (
        (message?.type === "choose" || message?.type === "deny") &&
        typeof message.key === "string" &&
        !this.received.has(message.key)
      )
        this.received.set(message.key, at);
      receive(raw);
    };
    const sessions = ctx.api.sessions;
    const wrap = <A extends unknown[]>(call: (key: string, ...rest: A) => boolean) => {
      return (key: string, ...rest: A): boolean => {
        this.chosen.set(key, this.now());
        try {
          return call(key, ...rest);
        } finally {
          this.returned.set(key, this.now());
        }
      };
    };
    sessions.chooseOption = wrap(sessions.chooseOption.bind(sessions));
    sessions.deny = wrap(sessions.deny.bind(sessions));
    sessions.choose = wrap(sessions.choose.bind(sessions));
  }

  of(keys: readonly string[], writes: AnswerWrites | undefined): HostClickStamps {
    const at = (map: Map<string, number>) => keys.map((key) => map.get(key) ?? Number.NaN);
    const returnedAt = at(this.returned);
    return {
      receivedAt: at(this.received),
      chosenAt: at(this.chosen),
      returnedAt,
      writtenAt: writes?.firstAfter(at(this.chosen)) ?? returnedAt.map(() => Number.NaN),
    };
  }
}

let stamps: HostStamps | undefined;
let writes: AnswerWrites | undefined;

export async function startClicks(ctx: HostContext, count: number): Promise<ClickStart> {
  stamps ??= new HostStamps(ctx);
  writes?.dispose();
  writes = new AnswerWrites(stamps.now);
  const { sessions } = ctx.api;
  const sessionKey = await sessions.startSession(MANUAL_AGENT);
  const keys: string[] = [];
  arrivals.set(sessionKey, keys);
  const subscription = sessions.onDidChange((ops) => {
    for (const op of ops)
      if (op.op === "prompt" && op.prompt.sessionKey === sessionKey) keys.push(op.prompt.key);
    if (keys.length >= count) subscription.dispose();
  });
  const id = commandId("click");
  void sessions.sendPrompt(sessionKey, JSON.stringify({ op: "probe", id, count, gapMs: 0, title: "Click" }));
  return { id, sessionKey };
}

export async function clickResult(ctx: HostContext, start: ClickStart): Promise<ClickHostResult> {
  const { sessions } = ctx.api;
  try {
    const result = await waitForResult<Extract<AgentResult, { op: "probe" }>>(
      ctx.manualLog,
      start.id,
      60_000,
    );
    const keys = arrivals.get(start.sessionKey) ?? [];
    return {
      probes: result.probes,
      chosenAt: keys.map((key) => ctx.chosen.at.get(key)),
      ...(stamps ? { fine: stamps.of(keys, writes) } : {}),
    };
  } finally {
    writes?.dispose();
    writes = undefined;
    arrivals.delete(start.sessionKey);
    await sessions.stop(start.sessionKey);
    await turnEnded(sessions, start.sessionKey).catch(() => undefined);
    await sessions.closeSession(start.sessionKey);
  }
}
