/**
 * One session's transcript. Built lazily (the first time the session is shown), then kept and updated in place
 * through a map from item ids to nodes, also while hidden, so switching tabs keeps scroll position and open sections.
 */
import type { SessionHeader } from "../../src/shared/protocol";
import type { SessionState } from "../state";
import type { ReadingPlace } from "../savedState";
import type { HostPort } from "../host";
import { el, replaceChildren } from "../dom";
import { createItemNode, type ItemNode } from "./items";
import type { OpenSections } from "../savedState";
import { renderDecisionRecord } from "./decisionRecord";
import { afterFirstPaint } from "./afterFirstPaint";
import { sessionHint } from "./sessionHint";
import { KEEP_UNSETTLED, settle, settleAllBut, settleBehind } from "../settledEnd";
import { firstReaching, inSight } from "../inSight";

export class SessionView {
  readonly root: HTMLElement;
  private readonly list: HTMLElement;
  /** Shown by CSS only while the transcript has no items (`.transcript-items:empty + .session-hint`). */
  private readonly hint = el("div", { class: "session-hint" });
  private hintText = "";
  private readonly nodes = new Map<string, ItemNode>();
  /** Inline decision records already in the DOM, by prompt key. */
  private readonly shownRecords = new Set<string>();
  private mounted = false;
  /** Items appended since `takeUnseenSettled` last ran. */
  private appended = 0;
  /** An item was appended settled (off screen) since `takeUnseenSettled` last ran. */
  private settledOffScreen = false;

  constructor(
    private session: SessionState,
    private readonly host: HostPort,
    private readonly sections: OpenSections,
  ) {
    this.list = el("div", { class: "transcript-items" });
    // A plain region, not role="log": a live log would re-read every streamed Markdown re-render.
    this.root = el(
      "section",
      { class: "session-view", "data-key": session.header.key, "aria-label": "Transcript" },
      this.list,
      this.hint,
    );
    this.showHeader(session.header);
  }

  /** The session's header changed (its status, commands, bypass): the hint says what fits now. */
  showHeader(header: SessionHeader): void {
    const lines = sessionHint(header);
    const text = lines.join("\n");
    // Written only on a change: headers change with every status and usage report.
    if (text === this.hintText) return;
    this.hintText = text;
    replaceChildren(this.hint, ...lines.map((line) => el("p", {}, line)));
  }

  get isMounted(): boolean {
    return this.mounted;
  }

  /** Renders every item (first show, or after a snapshot replaced the session state). */
  mount(session: SessionState = this.session): void {
    this.session = session;
    this.nodes.clear();
    this.shownRecords.clear();
    this.list.replaceChildren();
    const fragment = document.createDocumentFragment();
    for (const item of session.items) {
      const node = createItemNode(item, session.header.key, this.host, this.sections);
      this.nodes.set(item.id, node);
      fragment.appendChild(node.root);
    }
    this.list.appendChild(fragment);
    settleAllBut(this.list.lastElementChild);
    this.appended = 0;
    this.settledOffScreen = false;
    for (const itemId of session.inlineRecords.keys()) this.syncInlineRecords(itemId);
    this.mounted = true;
  }

  /**
   * An item was added or changed in the state. `endInView`: false when the person has scrolled up from the end, so
   * a new item is off screen and settles at once (it is not laid out until it is scrolled to).
   */
  upsert(id: string, endInView = true): void {
    if (!this.mounted) return;
    const item = this.session.byId.get(id);
    if (!item) return;
    const existing = this.nodes.get(id);
    if (existing) {
      existing.update(item);
      return;
    }
    const node = createItemNode(item, this.session.header.key, this.host, this.sections);
    this.nodes.set(id, node);
    if (endInView) {
      this.list.appendChild(node.root);
      this.appended++;
      settleBehind(node.root, KEEP_UNSETTLED, { later: afterFirstPaint, appendedInPass: this.appended });
    } else {
      settle(node.root);
      this.list.appendChild(node.root);
      this.settledOffScreen = true;
    }
  }

  /**
   * Whether items appended since the last call settled before a frame could lay them out (more of them came at once
   * than stay unsettled at the end, or they came while the person was scrolled up): those sit at their guessed sizes
   * near the end until they are on screen.
   */
  takeUnseenSettled(): boolean {
    const unseen = this.appended > KEEP_UNSETTLED || this.settledOffScreen;
    this.appended = 0;
    this.settledOffScreen = false;
    return unseen;
  }

  remove(id: string): void {
    const node = this.nodes.get(id);
    if (!node) return;
    node.root.remove();
    this.nodes.delete(id);
  }

  /**
   * Where a reader whose view begins at `y` (a viewport coordinate) is: the first item reaching below `y`, and how far
   * `y` is into it. Read after a paint (the layout is clean), a few boxes by halving.
   */
  placeAt(y: number): ReadingPlace | undefined {
    const found = this.list.children[firstReaching(this.list.children, y)] as HTMLElement | undefined;
    const itemId = found?.dataset.id;
    return found && itemId !== undefined
      ? { itemId, offset: Math.round(y - found.getBoundingClientRect().top) }
      : undefined;
  }

  /** The cards on items in sight in `scroller`, found in a few layout reads (`inSight`). */
  cardsInSight(scroller: HTMLElement): HTMLElement[] {
    if (!this.mounted) return [];
    return inSight(this.list.children, scroller, window.innerHeight).flatMap((item) =>
      Array.from(item.querySelectorAll<HTMLElement>(".tool-prompts > .card")),
    );
  }

  /** How far below `y` (a viewport coordinate) the item's top is; undefined when the transcript does not hold it. */
  distanceTo(itemId: string, y: number): number | undefined {
    const node = this.mounted ? this.nodes.get(itemId) : undefined;
    return node && node.root.getBoundingClientRect().top - y;
  }

  promptSlot(itemId: string): HTMLElement | undefined {
    return this.mounted ? this.nodes.get(itemId)?.promptSlot : undefined;
  }

  /**
   * Shows new decision records on a tool call. A record takes the place of its card when the card is still there
   * (the answer stays where the question was); otherwise it is appended to the tool call's slot.
   * Returns the record elements that replaced a card.
   */
  syncInlineRecords(itemId: string): Map<string, HTMLElement> {
    const replaced = new Map<string, HTMLElement>();
    const slot = this.promptSlot(itemId);
    const records = this.session.inlineRecords.get(itemId);
    if (!slot || !records) return replaced;
    for (const record of records) {
      if (this.shownRecords.has(record.key)) continue;
      this.shownRecords.add(record.key);
      const line = renderDecisionRecord(record, false);
      const card = Array.from(slot.children).find(
        (child) => child instanceof HTMLElement && child.dataset.key === record.key,
      );
      if (card) {
        card.replaceWith(line);
        replaced.set(record.key, line);
      } else {
        slot.appendChild(line);
      }
    }
    return replaced;
  }

  /** The record element for a decided prompt, wherever it is in this transcript. */
  recordElement(key: string): HTMLElement | undefined {
    for (const element of this.list.querySelectorAll<HTMLElement>(".decision-record")) {
      if (element.dataset.key === key) return element;
    }
    return undefined;
  }
}
