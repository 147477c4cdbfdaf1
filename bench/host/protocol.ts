/**
 * How the driver (plain Node, with Playwright) talks to the benchmark running inside code-server's extension host:
 * HTTP POST of JSON to 127.0.0.1:BENCH_CONTROL_PORT/<command>, answered with JSON once the command is done.
 */
import type { ProbeStamp } from "../agents/ops";
import type { ProfileSummary } from "../profile";
import type { Summary } from "../stats";

/** Names in `symposium.agents` (user settings) of the run's two benchmark agents. */
export const BYPASS_AGENT = "Bench (bypass)";
export const MANUAL_AGENT = "Bench";
/** The same benchmark agent speaking protocol version 1 (BENCH_AGENT_PROTOCOL=v1). */
export const V1_AGENT = "Bench (v1)";
/** Environment of the server (and so of the extension host): */
export const ENV_PORT = "BENCH_CONTROL_PORT";
export const ENV_BYPASS_LOG = "BENCH_AGENT_LOG_BYPASS";
export const ENV_MANUAL_LOG = "BENCH_AGENT_LOG_MANUAL";
/** Switches the webview's paint reports on for the run (read by `paintReportsRequested` in src/host/symposiumView.ts). */
export const ENV_REPORT_PAINT = "SYMPOSIUM_REPORT_PAINT";

/**
 * To try a change quickly: BENCH_PAINT_LEVELS="0,50" runs only those pending levels of the paint phase, and
 * BENCH_PAINT_VARIANTS="diff" (or "plain") only requests after a tool call with a diff (or without) there and in the
 * plain card's floor. Unset: every level and variant the driver asked for.
 */
export function paintLevelsWanted(levels: readonly number[]): number[] {
  const wanted = process.env.BENCH_PAINT_LEVELS?.split(",").map((level) => Number(level.trim()));
  return wanted ? levels.filter((level) => wanted.includes(level)) : [...levels];
}

export function paintVariantsWanted(toolCall: readonly boolean[]): boolean[] {
  const wanted = process.env.BENCH_PAINT_VARIANTS?.split(",").map((variant) => variant.trim());
  return wanted ? toolCall.filter((withDiff) => wanted.includes(withDiff ? "diff" : "plain")) : [...toolCall];
}

export interface ActivationHostResult {
  /** `await extension.activate()` in the extension host: loading the bundle plus `activate()`, one sample per run. */
  activateMs: number;
  wasActive: boolean;
}

export interface BypassSettings {
  pacedCount: number;
  pacedIntervalMs: number;
  hotCount: number;
  throughputMs: number;
  inFlight: number;
}

export interface TurnTraffic {
  /** ViewOps `AgentSessions` emitted during the turn. */
  viewOps: number;
  /** Messages the view posted to the webview during the turn. */
  webviewMessages: number;
  approvals: number;
}

export interface BypassHostResult {
  pacedSamplesUs: number[];
  hotSamplesUs: number[];
  throughput: { perSecond: number; answered: number; latencyUs: Summary };
  /** Extension-host CPU (user + system) during the throughput turn / requests answered in it. */
  cpuUsPerApproval: number;
  outcomes: Record<string, number>;
  /** Traffic of a turn that sends no request, and of the turns that did: the difference is per-approval traffic. */
  emptyTurn: TurnTraffic;
  turns: TurnTraffic[];
  /** Where the extension host's CPU went during a separate, profiled throughput turn. */
  profile?: ProfileSummary;
}

export interface PaintSettings {
  levels: number[];
  /** Run each level without and with a tool call (carrying a diff) announced before each probe. */
  toolCall: boolean[];
  /** Lines of the probe tool call's git patch. */
  diffLines: number;
  probes: number;
  /** Probes sent first at each level and left out of the figures. */
  warmup: number;
  gapMs: number;
}

/** One probe's way from the agent to the screen; all Date.now() on one machine. */
export interface PaintProbe {
  key: string;
  /** The agent sent the request. */
  sentAt: number;
  /** The host's request handler stamped it (`PromptView.receivedAt`). */
  receivedAt: number;
  /** The view posted the update carrying its card. */
  postedAt?: number;
  /** A `setTimeout(0)` set after that post ran (VS Code's protocol writer sends on such a timer). */
  postTickAt?: number;
  /**
   * The view's message listener began handling that update (the view stamps it first thing; the plain card's page
   * likewise). A listener added by the driver ran only after the view's own, so it counted the view's handling here.
   */
  webviewAt?: number;
  /** The card's node went into the webview's document (the webview's MutationObserver). */
  insertedAt?: number;
  /** That frame began (its requestAnimationFrame callback). */
  frameAt?: number;
  /** The first frame after the insertion was rendered (`requestAnimationFrame`, then a message-channel tick). */
  paintedAt: number;
}

export interface PaintLevelResult {
  pending: number;
  /** Each probe came after a tool call carrying a diff, and was about it. */
  toolCall: boolean;
  probes: PaintProbe[];
  /** ms for the held cards to be painted after the first held request arrived (the flood itself). */
  heldPaintedMs?: number;
  /** Largest message posted to the webview during the level, in bytes. */
  largestMessageBytes: number;
}

export interface ClickStart {
  id: string;
  sessionKey: string;
}

export interface ClickHostResult {
  /** The agent's stamps, one per request, in order. */
  probes: ProbeStamp[];
  /** When the host ran `choose` for each request (the click relayed by the webview), in order. */
  chosenAt: (number | undefined)[];
  /** The same way on the fine clock (`bench/fineClock.ts`), in order. */
  fine?: HostClickStamps;
}

/**
 * Per request, fine clock: the view's message arrived; `chooseOption`/`deny`/`choose` was entered; it returned; the
 * answer was written to the agent's stdin.
 */
export interface HostClickStamps {
  receivedAt: number[];
  chosenAt: number[];
  returnedAt: number[];
  writtenAt: number[];
}

export interface StopRunResult {
  /** Host clock: Stop pressed, or the agent about to die (its own stamp). */
  startedAt: number;
  /** Until every pending request of the session was settled in the host (stamped as it happened). */
  hostSettledMs: number;
  /** Exit only: until the first of them was settled (the host noticed the agent was gone). */
  hostNoticedMs?: number;
  /** Stop only: `closeSession` until the agent process had exited. */
  processGoneMs?: number;
}

export interface StopSettings {
  held: number;
  runs: number;
}

export interface RenderSettings {
  cards: number;
  lines: number;
  reloads: number;
}

export interface RenderHostResult {
  cards: number;
  lines: number;
  /** Per reload: ms from the host posting the snapshot to the webview's `painted` report for the cards. */
  snapshotToPaintMs: number[];
  /** Cards arriving while the view is open: ms from each request's arrival to its `painted` report. */
  arrivalToPaintMs: number[];
  /** The snapshot message (the first page). */
  snapshotBytes: number;
  /** Messages the host posted for the reload (snapshot plus its pages), their total, and the largest of them. */
  snapshotMessages: number;
  snapshotTotalBytes: number;
  largestSnapshotMessageBytes: number;
  largestUpdateBytes: number;
  error?: string;
}

export interface PlainCardSettings {
  probes: number;
  warmup: number;
  gapMs: number;
  toolCall: boolean[];
  diffLines: number;
}

export interface PlainCardStart {
  id: string;
}

export interface PlainPaintResult {
  toolCall: boolean;
  probes: PaintProbe[];
}

export interface PlainClickResult {
  /** Per click (webview clock): the click handler ran; the host received it and answered; the agent got the answer. */
  clickedAt: number[];
  hostAt: number[];
  answeredAt: number[];
  /** Fine clock (`bench/fineClock.ts`): the click (capture phase), the host receiving it, the agent's stdin and answer. */
  fine?: {
    clickedAt: number[];
    /** The card's handler returned (it posted first), and the page's next task started. */
    handledAt: number[];
    nextTaskAt: number[];
    receivedAt: number[];
    /** The answer written to the agent's stdin (host clock). */
    writtenAt: number[];
    inputAt: number[];
    answeredAt: number[];
  };
}

export interface SessionStartSettings {
  /**
   * Agents (names in `symposium.agents`, or the built-in one), a label for each, and the protocol version it speaks
   * (the floor's bare SDK client speaks it from the start, `bareSessionStart`).
   */
  agents: { name: string; label: string; protocol: 1 | 2 }[];
  runs: number;
  /** New sessions whose first request (after a tool call with a diff) is timed to visible. */
  firstRequests: number;
  diffLines: number;
}

export interface SessionStartResult {
  /** Per agent: ms from `startSession` to the session being ready (the agent created it; prompts go out). */
  ready: { label: string; name: string; ms: number[]; floorMs: number[]; error?: string }[];
  /** First request of a new session: the agent's send, the card inserted and painted in the webview. */
  firstRequest: PaintProbe[];
}
