/**
 * Splits the view's snapshot into messages of at most `maxBytes` (serialized): the first is a snapshot (agents,
 * every session's header, the active session, and as many transcript items and pending cards as fit), the rest are
 * `item` and `prompt` ops in the snapshot's order, which the webview applies exactly as it would the snapshot's
 * own lists. A single item or card larger than the budget travels alone (previews are capped well below it).
 * The first message says how many follow (`continuedIn`): the webview waits for them and applies the whole snapshot
 * in one pass (`webview/pagedSnapshot.ts`), since each page applied on its own cost a frame of layout and paint.
 */
import type { Snapshot, ViewOp } from "../shared/protocol";

/** Largest message to the webview: the performance budget is 256 KB; the envelope and rounding stay under it. */
export const SNAPSHOT_PAGE_BYTES = 250_000;

export interface SnapshotPages {
  snapshot: Snapshot;
  /** Each entry is one `update` message, in order. */
  updates: ViewOp[][];
}

const size = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
/** Commas between array elements. */
const SEPARATOR = 1;

export function pageSnapshot(snapshot: Snapshot, maxBytes: number): SnapshotPages {
  const first: Snapshot = {
    ...snapshot,
    sessions: snapshot.sessions.map((session) => ({ header: session.header, items: [] })),
    pending: [],
  };
  // Room for the count of pages that follow, set once it is known.
  let used = size({ type: "snapshot", snapshot: { ...first, continuedIn: Number.MAX_SAFE_INTEGER } });
  const updates: ViewOp[][] = [];
  let page: ViewOp[] | undefined;
  let pageBytes = 0;
  const spill = (op: ViewOp, bytes: number) => {
    if (!page || pageBytes + bytes + SEPARATOR > maxBytes) {
      page = [];
      updates.push(page);
      pageBytes = size({ type: "update", ops: [] });
    }
    page.push(op);
    pageBytes += bytes + SEPARATOR;
  };
  // What wrapping a value in an op adds to its size (the value's own size minus the placeholder's one byte).
  const promptOverhead = size({ op: "prompt", prompt: 0 }) - 1;
  snapshot.sessions.forEach((session, index) => {
    const target = first.sessions[index]!.items;
    const itemOverhead = size({ op: "item", sessionKey: session.header.key, item: 0 }) - 1;
    for (const item of session.items) {
      const bytes = size(item);
      if (!page && used + bytes + SEPARATOR <= maxBytes) {
        target.push(item);
        used += bytes + SEPARATOR;
      } else {
        spill({ op: "item", sessionKey: session.header.key, item }, bytes + itemOverhead);
      }
    }
  });
  for (const prompt of snapshot.pending) {
    const bytes = size(prompt);
    if (!page && used + bytes + SEPARATOR <= maxBytes) {
      first.pending.push(prompt);
      used += bytes + SEPARATOR;
    } else {
      spill({ op: "prompt", prompt }, bytes + promptOverhead);
    }
  }
  if (updates.length > 0) first.continuedIn = updates.length;
  return { snapshot: first, updates };
}

/**
 * Splits one frame's ops into messages of at most `maxBytes` each, in order (a flood of cards with diffs in one frame
 * made a 400 KB message). A single op larger than the budget travels alone.
 */
export function pageOps(ops: readonly ViewOp[], maxBytes: number): ViewOp[][] {
  if (ops.length <= 1) return [ops.slice()];
  const envelope = size({ type: "update", ops: [] });
  const pages: ViewOp[][] = [];
  let page: ViewOp[] = [];
  let bytes = envelope;
  for (const op of ops) {
    const opBytes = size(op) + SEPARATOR;
    if (page.length > 0 && bytes + opBytes > maxBytes) {
      pages.push(page);
      page = [];
      bytes = envelope;
    }
    page.push(op);
    bytes += opBytes;
  }
  pages.push(page);
  return pages;
}
