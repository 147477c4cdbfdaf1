/**
 * Transcript items as DOM nodes that update in place. Each node keeps its root (and, for tool calls, the slot where
 * inline approval cards and their decision records live) so an update never disturbs cards or open sections.
 */
import type { QueuedMarker, ToolCallView, ToolContentView, TranscriptItem } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import type { HostPort } from "../host";
import type { OpenSections } from "../savedState";
import { button, el, icon, replaceChildren } from "../dom";
import { StreamedMarkdown } from "../markdown";
import { morphChildren } from "../morph";
import { OUTPUT_HIDDEN, PATH_HIDDEN, PROSE_HIDDEN, visibleText } from "../hiddenCharacters";
import { appendVisible, clip } from "../text";
import { copyButton } from "./copyButton";
import { renderDecisionRecord } from "./decisionRecord";
import {
  kindIcon,
  renderLocations,
  renderRawInput,
  renderToolContent,
  statusBadge,
  toolTitle,
} from "./toolParts";

export interface ItemNode {
  readonly root: HTMLElement;
  /** Tool calls only: where inline cards and decision records go. */
  readonly promptSlot?: HTMLElement;
  update(item: TranscriptItem): void;
}

export function createItemNode(
  item: TranscriptItem,
  sessionKey: string,
  host: HostPort,
  sections: OpenSections,
): ItemNode {
  switch (item.kind) {
    case "user": {
      // A message not sent here is a reopened session's, as its agent replays it: its words are the agent's to give.
      const author = item.sentHere ? "You" : "You (as the agent replays it)";
      return new SimpleNode(
        "item user",
        author,
        (body, next) => {
          if (next.kind !== "user") return;
          const marker = next.queued && renderQueuedMarker(next.queued, sessionKey, next.id, host);
          body.parentElement?.classList.toggle("queued", marker !== undefined);
          body.parentElement?.setAttribute("aria-label", marker ? `${author}, ${marker.label}` : author);
          // Marked as the agent's prose is: a reopened session's messages are the agent's words, and text the person
          // pasted may hide characters they never saw.
          const text = el("div", { class: "user-text" });
          appendVisible(text, clip(next.text, LIMITS.messageChars), PROSE_HIDDEN);
          replaceChildren(
            body,
            text,
            next.context?.length ? renderSentContext(next.context) : null,
            marker?.root,
          );
        },
        item,
      );
    }
    case "agent": {
      let markdown: StreamedMarkdown | undefined;
      return new SimpleNode(
        "item agent",
        "Agent",
        (body, next) => {
          if (next.kind !== "agent") return;
          markdown ??= new StreamedMarkdown(body, {
            openLink: (href) => host.post({ type: "openLink", href }),
            copyCode: (code) => host.post({ type: "copyMessage", sessionKey, itemId: item.id, code }),
          });
          markdown.show(clip(next.markdown, LIMITS.messageChars));
        },
        item,
        copyMessageButton(sessionKey, item.id, host),
      );
    }
    case "thought":
      return new ThoughtNode(item, sessionKey, sections);
    case "tool_call":
      return new ToolCallNode(item, sessionKey, host, sections);
    case "plan":
      return new SimpleNode(
        "item plan",
        "Plan",
        (body, next) => {
          if (next.kind === "plan") replaceChildren(body, renderPlan(next.entries, next.notShown));
        },
        item,
      );
    case "notice":
      if (item.from !== undefined) return agentNotice(item);
      return new SimpleNode(
        `item notice severity-${item.severity}`,
        undefined,
        (body, next) => {
          if (next.kind !== "notice") return;
          body.parentElement?.setAttribute("class", `item notice severity-${next.severity}`);
          const iconName =
            next.severity === "error" ? "error" : next.severity === "warning" ? "warning" : "info";
          const words = el("div", { class: "notice-words" });
          words.append(visibleSpan("notice-text", clip(next.text, LIMITS.messageChars)));
          // The agent's words this notice passes on: quoted in the agent's look, so none reads as Symposium's.
          if (next.quote) {
            const quote = el("blockquote", { class: "notice-quote" });
            appendVisible(quote, clip(next.quote, LIMITS.messageChars), OUTPUT_HIDDEN); // its output, coloured
            words.append(quote);
          }
          replaceChildren(body, icon(iconName), words);
        },
        item,
      );
    case "decision":
      return new SimpleNode(
        "item decision",
        undefined,
        (body, next) => {
          if (next.kind === "decision") replaceChildren(body, renderDecisionRecord(next.record, true));
        },
        item,
      );
    default: {
      const unknown: never = item;
      return new SimpleNode(
        "item notice",
        undefined,
        (body) => {
          replaceChildren(body, `Unsupported item ${String((unknown as { kind?: unknown }).kind)}`);
        },
        item,
      );
    }
  }
}

const QUEUED_ICONS: Readonly<Record<QueuedMarker["state"], string>> = {
  waiting: "watch",
  dropped: "circle-slash",
  failed: "error",
};

/** What went with a message (`ContextChipView.label`s), under its text. */
function renderSentContext(labels: readonly string[]): HTMLElement {
  return el(
    "ul",
    { class: "user-context", "aria-label": "Added to the message" },
    ...labels.slice(0, 20).map((label) => {
      const item = el("li", { class: "context-chip" }, icon("file"));
      appendVisible(item, clip(label, 200), PATH_HIDDEN);
      return item;
    }),
  );
}

/**
 * Under a message that went through the queue: what it waits for, or why it was not sent. A waiting one can be taken
 * back into the message box (Edit); a failed one (its session could not start or ended) offers Copy and Send in a new
 * session. The host holds the text, named by the item id.
 */
function renderQueuedMarker(
  marker: QueuedMarker,
  sessionKey: string,
  itemId: string,
  host: HostPort,
): { root: HTMLElement; label: string } {
  const label = clip(
    marker.state === "waiting" ? marker.reason : `Not sent: ${marker.reason}`,
    LIMITS.descriptionChars,
  );
  const root = el(
    "div",
    { class: `queued-marker queued-${marker.state}` },
    icon(QUEUED_ICONS[marker.state]),
    visibleSpan("queued-reason", label),
  );
  if (marker.state === "waiting") {
    const edit = button("secondary small", icon("edit"), "Edit");
    edit.setAttribute("aria-label", "Edit this message (it is not sent)");
    edit.title = "Take it back into the message box, unsent (or Up in the empty message box)";
    edit.addEventListener("click", () => host.post({ type: "editQueued", sessionKey, itemId }));
    root.appendChild(el("div", { class: "queued-actions" }, edit));
  }
  if (marker.state === "failed") {
    const copy = button("secondary small", icon("copy"), "Copy");
    copy.addEventListener("click", () => host.post({ type: "copyMessage", sessionKey, itemId }));
    const resend = button("secondary small", icon("send"), "Send in a new session");
    resend.addEventListener("click", () => host.post({ type: "resendInNewSession", sessionKey }));
    root.appendChild(el("div", { class: "queued-actions" }, copy, resend));
  }
  return { root, label };
}

/**
 * Copy at an agent's message's top right: the host copies the message's Markdown (`copyableText`), named by its id.
 * Kept out of the re-rendered body, so focus on it survives the message streaming in.
 */
function copyMessageButton(sessionKey: string, itemId: string, host: HostPort): HTMLElement {
  const copy = copyButton("item-copy", "Copy the agent's message", "Copy (Markdown)", () =>
    host.post({ type: "copyMessage", sessionKey, itemId }),
  );
  return el("div", { class: "item-actions" }, copy);
}

/** An item whose body its `render` updates; `actions`, if any, stay beside it as they are. */
class SimpleNode implements ItemNode {
  readonly root: HTMLElement;
  private readonly body: HTMLElement;

  constructor(
    className: string,
    label: string | undefined,
    private readonly render: (body: HTMLElement, item: TranscriptItem) => void,
    item: TranscriptItem,
    actions?: HTMLElement,
  ) {
    this.body = el("div", { class: "item-body" });
    this.root = el("article", { class: className, "data-id": item.id, "aria-label": label }, this.body);
    if (actions) this.root.append(actions);
    if (label?.startsWith("You")) this.root.prepend(el("div", { class: "item-author" }, label));
    this.update(item);
  }

  update(item: TranscriptItem): void {
    this.render(this.body, item);
  }
}

/** Opens `details` as the person left it (kept with the page's state: see savedState.ts), and keeps what they do. */
function keepOpenState(
  details: HTMLDetailsElement,
  sessionKey: string,
  itemId: string,
  sections: OpenSections,
): void {
  details.open = sections.isOpen(sessionKey, itemId);
  details.addEventListener("toggle", () => sections.setOpen(sessionKey, itemId, details.open));
}

/** Agent thoughts, collapsed; the open/closed state survives updates, and the page being built again. */
class ThoughtNode implements ItemNode {
  readonly root: HTMLDetailsElement;
  private readonly body = el("div", { class: "thought-text" });

  constructor(item: TranscriptItem, sessionKey: string, sections: OpenSections) {
    this.root = el(
      "details",
      { class: "item thought", "data-id": item.id },
      el("summary", {}, icon("lightbulb"), " Thinking"),
      this.body,
    );
    keepOpenState(this.root, sessionKey, item.id, sections);
    this.update(item);
  }

  update(item: TranscriptItem): void {
    if (item.kind !== "thought") return;
    const fresh = document.createDocumentFragment();
    appendVisible(fresh, clip(item.text, LIMITS.messageChars), PROSE_HIDDEN);
    // In place: a selection in the text stays while more of it streams in.
    morphChildren(this.body, 0, Array.from(fresh.childNodes));
  }
}

const PLAN_ICONS: Readonly<Record<string, string>> = {
  pending: "circle-large-outline",
  in_progress: "record-small",
  completed: "pass",
  cancelled: "circle-slash", // ACP v2
};

const PLAN_STATUSES: ReadonlySet<string> = new Set(["pending", "in_progress", "completed", "cancelled"]);

const PLAN_LABELS: Readonly<Record<string, string>> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Done",
  cancelled: "Cancelled",
};

function renderPlan(
  entries: readonly { content: string; status: string; priority: string }[],
  notShown = 0,
): HTMLElement {
  const list = el("ol", { class: "plan-entries" });
  for (const entry of entries) {
    list.appendChild(
      el(
        "li",
        // The status is the agent's string: only a known one becomes part of a class name.
        { class: `plan-entry plan-${PLAN_STATUSES.has(entry.status) ? entry.status : "unknown"}` },
        icon(PLAN_ICONS[entry.status] ?? "circle-large-outline"),
        el("span", { class: "sr-only" }, `${PLAN_LABELS[entry.status] ?? clip(entry.status, 40)}: `),
        visibleSpan("plan-content", clip(entry.content, 2_000), PROSE_HIDDEN),
        entry.priority === "high" ? el("span", { class: "plan-priority" }, "high") : null,
      ),
    );
  }
  // The steps left out are said to be there: the one unsaid could be the one that matters.
  const more = notShown > 0 ? el("p", { class: "plan-more" }, `${notShown} more steps not shown`) : null;
  return el("div", {}, el("div", { class: "item-author" }, icon("checklist"), " Plan"), list, more);
}

/** A span of `text` with its hidden characters shown (`appendVisible`). */
function visibleSpan(className: string, text: string, hidden?: RegExp): HTMLElement {
  const span = el("span", { class: className });
  appendVisible(span, text, hidden);
  return span;
}

/**
 * A tool call: kind, title, status, locations, content, raw input, and a slot for its approval cards. An update
 * rebuilds only the parts that changed: a request about the call, or its answer, changes the status alone, and
 * rebuilding an unchanged diff then cost a style, layout and paint of the whole diff in the card's first frame (and
 * lost the reader's selection and open sections).
 */
export class ToolCallNode implements ItemNode {
  readonly root: HTMLElement;
  readonly promptSlot = el("div", { class: "tool-prompts" });
  private readonly head = el("div", { class: "tool-head" });
  private readonly changedSlot = el("div");
  /** The agent's text and terminal output: above what a card asks about, never between it and the card. */
  private readonly outputSlot = el("div");
  private readonly locationsSlot = el("div");
  private readonly contentSlot = el("div");
  private readonly rawSlot = el("div");
  private readonly body = el(
    "div",
    { class: "tool-body" },
    this.head,
    this.changedSlot,
    this.outputSlot,
    this.locationsSlot,
    this.contentSlot,
    this.rawSlot,
  );
  /** What the content and raw-input slots show, to tell an unchanged part from a changed one. */
  private shownContent: string | undefined;
  private shownRaw: string | undefined;
  private shownChanged: "request" | "answer" | undefined | null = null;

  constructor(
    item: ToolCallView,
    private readonly sessionKey: string,
    private readonly host: HostPort,
    private readonly sections: OpenSections,
  ) {
    this.root = el("article", { class: "item tool-call", "data-id": item.id }, this.body, this.promptSlot);
    this.update(item);
  }

  update(item: TranscriptItem): void {
    if (item.kind !== "tool_call") return;
    const { sessionKey, host } = this;
    // Intents name the agent's tool call id, not the transcript item id.
    const toolCallId = item.toolCallId;
    this.root.setAttribute("aria-label", `Tool call: ${visibleText(clip(item.title, 200))}`);
    replaceChildren(
      this.head,
      el("span", { class: "tool-name" }, kindIcon(item.toolKind), toolTitle(item.title)),
      statusBadge(item.awaitingApproval ? "awaiting_approval" : item.status),
    );
    const changed = item.changedAfterRequest === true;
    const warning = changed ? "request" : item.changedAfterAnswer === true ? "answer" : undefined;
    if (warning !== this.shownChanged) {
      this.shownChanged = warning;
      // Its cards then show their own subject (main.css): this tool call no longer shows what they ask about.
      this.root.classList.toggle("changed-after-request", changed);
      replaceChildren(
        this.changedSlot,
        warning
          ? el(
              "p",
              { class: "warning tool-changed", role: "note" },
              icon("warning"),
              warning === "request"
                ? " The agent changed this tool call after asking. The card shows what it asked about."
                : // The decision shown on it was about what it ran or touched then, not what it shows now.
                  " The agent changed what this tool call runs or touches after it was answered. The answer was to what it showed then.",
            )
          : null,
      );
    }
    replaceChildren(
      this.locationsSlot,
      renderLocations(
        item.locations,
        (index) => host.post({ type: "openLocation", sessionKey, toolCallId, index }),
        item.content,
        item.locationsNotShown,
      ),
    );
    // The content is capped by the host (previews), so comparing its JSON costs far less than rebuilding it.
    const content = JSON.stringify(item.content);
    if (content !== this.shownContent) {
      this.shownContent = content;
      const render = (part: ToolContentView) =>
        renderToolContent(part, (index) => host.post({ type: "openDiff", sessionKey, toolCallId, index }));
      // A card on this tool call shows no subject of its own (the tool call shows it): the locations, diffs and raw
      // input stay right above it, where hundreds of lines of the agent's text cannot push them out of sight.
      const isOutput = (part: ToolContentView) => part.type === "text" || part.type === "terminal";
      replaceChildren(this.outputSlot, ...item.content.filter(isOutput).map(render));
      replaceChildren(this.contentSlot, ...item.content.filter((part) => !isOutput(part)).map(render));
    }
    // Kept when unchanged, so an open "Raw input" stays open.
    const raw = JSON.stringify([item.rawInput ?? null, item.rawInputTruncated === true]);
    if (raw !== this.shownRaw) {
      this.shownRaw = raw;
      const rendered = renderRawInput(item.rawInput, item.rawInputTruncated);
      if (rendered) keepOpenState(rendered, this.sessionKey, item.id, this.sections);
      replaceChildren(this.rawSlot, rendered);
    }
  }
}

/**
 * A notice the agent sent: labelled with its name, in its own quoted style and without Symposium's severity icons,
 * so an agent cannot pass its words off as Symposium's. Hidden characters are shown.
 */
function agentNotice(item: Extract<TranscriptItem, { kind: "notice" }>): ItemNode {
  return new SimpleNode(
    "item agent-notice",
    undefined,
    (body, next) => {
      if (next.kind !== "notice") return;
      const severity = next.severity === "info" ? "" : ` (${next.severity})`;
      const from = el("span", { class: "agent-notice-from" });
      appendVisible(from, `From ${clip(next.from ?? "the agent", LIMITS.titleChars)}${severity}:`);
      const text = el("span", { class: "agent-notice-text" });
      appendVisible(text, clip(next.text, LIMITS.messageChars));
      replaceChildren(body, icon("hubot"), from, " ", text);
    },
    item,
  );
}
