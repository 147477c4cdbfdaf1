/**
 * What a person typed and has not sent, kept across the view being hidden: VS Code drops a hidden view's page and
 * builds a new one when it is shown again. The host's snapshot brings back the sessions; each session's draft comes
 * back from the page's own saved state (`setState`), which VS Code keeps for the view.
 */
import { LIMITS } from "../src/shared/limits";

/** The page's saved state, as `acquireVsCodeApi()` gives it. */
export interface StatePort {
  get(): unknown;
  set(state: unknown): void;
}

/** More sessions than this are not open at once; a longer list in the saved state is not ours. */
const MAX_DRAFTS = 200;

export class SavedDrafts {
  private readonly drafts: Map<string, string>;

  constructor(private readonly port: StatePort) {
    this.drafts = readDrafts(port.get());
  }

  get(sessionKey: string): string | undefined {
    return this.drafts.get(sessionKey);
  }

  /** Keeps `text` as the session's draft (an empty one is none) and saves at once: the page may be dropped any time. */
  set(sessionKey: string, text: string): void {
    if ((this.drafts.get(sessionKey) ?? "") === text) return;
    if (text === "") this.drafts.delete(sessionKey);
    else this.drafts.set(sessionKey, text);
    this.save();
  }

  /** Forgets the drafts of sessions that are gone (closed while the view was hidden, or before a reload). */
  keepOnly(sessionKeys: ReadonlySet<string>): void {
    let changed = false;
    for (const key of this.drafts.keys())
      if (!sessionKeys.has(key)) changed = this.drafts.delete(key) || changed;
    if (changed) this.save();
  }

  private save(): void {
    this.port.set({ drafts: Object.fromEntries(this.drafts) });
  }
}

function readDrafts(state: unknown): Map<string, string> {
  const drafts = new Map<string, string>();
  const saved = (state as { drafts?: unknown } | null | undefined)?.drafts;
  if (typeof saved !== "object" || saved === null || Array.isArray(saved)) return drafts;
  for (const [key, text] of Object.entries(saved).slice(0, MAX_DRAFTS)) {
    if (typeof text === "string" && text !== "" && text.length <= LIMITS.intent.promptChars)
      drafts.set(key, text);
  }
  return drafts;
}
