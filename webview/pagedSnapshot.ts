/**
 * Puts the host's paged snapshot back together (`src/core/snapshotPages.ts`). A snapshot that says `continuedIn: n`
 * is held until its n pages (`update` messages of `item` and `prompt` ops, posted right after it) have arrived, then
 * handed on as one snapshot with those items and cards in its lists, so the view builds, lays out and paints it once.
 * Applied page by page, each page got a frame of its own (the transcript's new end styled, laid out and painted: 100-
 * 200 ms a page with 1,000-line diffs), and the next page waited behind that frame on the thread the webview shares
 * with the workbench.
 * Should a page not come (a message that is not a page arrives first, or none for `waitMs`), what has arrived is
 * handed on as it is and anything later as ordinary messages: the ops of a late page give the same state.
 */
import type { Snapshot, ToWebviewMessage, ViewOp } from "../src/shared/protocol";

/** How long to wait for the next page before showing what has arrived (the pages are posted in one host task). */
const PAGE_WAIT_MS = 1_000;

type Page = (ViewOp & { op: "item" }) | (ViewOp & { op: "prompt" });

const isPage = (ops: readonly ViewOp[]): ops is Page[] =>
  ops.every((op) => op.op === "item" || op.op === "prompt");

export class PagedSnapshot {
  /** The snapshot being put together, with copies of its lists that the pages are appended to. */
  private snapshot: Snapshot | undefined;
  private missing = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (message: ToWebviewMessage) => void,
    private readonly waitMs = PAGE_WAIT_MS,
  ) {}

  /** A message from the host, in order. */
  push(message: ToWebviewMessage): void {
    if (message.type === "snapshot") {
      // A new snapshot supersedes one still being put together.
      this.reset();
      const pages = message.snapshot.continuedIn;
      if (typeof pages === "number" && Number.isInteger(pages) && pages > 0)
        this.start(message.snapshot, pages);
      else this.deliver(message);
      return;
    }
    if (this.snapshot && message.type === "update" && isPage(message.ops)) {
      this.add(this.snapshot, message.ops);
      this.missing--;
      if (this.missing === 0) this.release();
      else this.wait();
      return;
    }
    this.release();
    this.deliver(message);
  }

  private start(snapshot: Snapshot, pages: number): void {
    this.snapshot = {
      ...snapshot,
      sessions: snapshot.sessions.map((session) => ({ header: session.header, items: [...session.items] })),
      pending: [...snapshot.pending],
    };
    this.missing = pages;
    this.wait();
  }

  /** The ops go where the snapshot's own lists had them (the store treats both alike, repeated ids included). */
  private add(snapshot: Snapshot, ops: readonly Page[]): void {
    for (const op of ops) {
      if (op.op === "prompt") snapshot.pending.push(op.prompt);
      else snapshot.sessions.find((session) => session.header.key === op.sessionKey)?.items.push(op.item);
    }
  }

  private wait(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.release(), this.waitMs);
  }

  /** Hands on the snapshot put together so far, if any. */
  private release(): void {
    const snapshot = this.snapshot;
    this.reset();
    if (snapshot) this.deliver({ type: "snapshot", snapshot });
  }

  private reset(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.snapshot = undefined;
    this.missing = 0;
  }
}
