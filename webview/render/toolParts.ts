/**
 * Pieces shared by transcript tool calls and approval cards: kind and status icons, locations, diff previews,
 * raw input, terminal output. Paths, commands, code and diffs go through `appendVisible` (hidden characters shown).
 */
import type { LocationView, ToolContentView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { button, el, icon } from "../dom";
import { DIFF_LINE_HIDDEN, OUTPUT_HIDDEN, PATH_HIDDEN, PROSE_HIDDEN, visibleText } from "../hiddenCharacters";
import { appendVisible, clip } from "../text";
import { afterFirstPaint } from "./afterFirstPaint";
import { reachableWhenScrolling } from "./scrollBox";
import { FIRST_SCREEN_CHARS, FIRST_SCREEN_LINES, firstScreenEnd } from "./firstScreen";

export type DiffView = Extract<ToolContentView, { type: "diff" }>;

/** Defence in depth: the host caps these already. */

const KIND_ICONS: Readonly<Record<string, string>> = {
  read: "eye",
  edit: "edit",
  delete: "trash",
  move: "arrow-swap",
  search: "search",
  execute: "terminal",
  think: "lightbulb",
  fetch: "globe",
  switch_mode: "settings-gear",
};

/** A kind the ACP names (an agent's own word is shown as its own, hidden characters and all). */
export const knownKind = (toolKind: string): boolean =>
  toolKind === "other" || Object.hasOwn(KIND_ICONS, toolKind);

export function kindIcon(toolKind: string): HTMLSpanElement {
  const span = icon(KIND_ICONS[toolKind] ?? "tools", "kind-icon");
  span.title = visibleText(toolKind); // the agent's word, as it is shown elsewhere
  return span;
}

/** The agent's tool title, with bidi overrides and invisible characters shown, as in card titles. */
export function toolTitle(title: string): HTMLSpanElement {
  const span = el("span", { class: "tool-title" });
  appendVisible(span, clip(title, LIMITS.titleChars));
  return span;
}

const STATUS: Readonly<Record<string, { icon: string; label: string }>> = {
  pending: { icon: "circle-large-outline", label: "Pending" },
  in_progress: { icon: "loading codicon-modifier-spin", label: "Running" },
  completed: { icon: "pass", label: "Completed" },
  failed: { icon: "error", label: "Failed" },
  // Set by the host when a turn ends with the tool call still open (see SessionModel.settleOpenToolCalls).
  rejected: { icon: "close", label: "Rejected" },
  cancelled: { icon: "circle-slash", label: "Stopped" },
  // Set by the host when a turn ends with the tool call still open and the agent never said it finished.
  unfinished: { icon: "watch", label: "Not finished" },
  awaiting_approval: { icon: "shield", label: "Awaiting approval" },
  paused: { icon: "debug-pause", label: "Paused" }, // ACP v2
};

export function statusBadge(status: string): HTMLSpanElement {
  const known = Object.hasOwn(STATUS, status) ? STATUS[status] : undefined;
  return el(
    "span",
    { class: `status-badge status-${known ? status : "other"}` },
    icon(known?.icon ?? "question"),
    // Any other status is the agent's word, said to be: "Rejected" or "Approved by you" read as Symposium's own.
    el("span", {}, known?.label ?? `Agent’s status: ${visibleText(status)}`),
  );
}

/** `display:line`, with hidden characters shown. */
function locationLabel(location: LocationView): HTMLElement {
  const line = location.line !== undefined ? `:${location.line}` : "";
  return pathLabel(location.display + line, location.path + line);
}

/**
 * A path shown in its short (workspace-relative) form, the absolute one in the tooltip and, for screen readers, read
 * instead of the short one.
 */
export function pathLabel(display: string, full: string, className = "mono"): HTMLElement {
  const code = el("code", { class: className, title: visibleText(full, PATH_HIDDEN) });
  if (display === full) {
    appendVisible(code, full, PATH_HIDDEN);
    return code;
  }
  const shown = el("span", { "aria-hidden": "true" });
  appendVisible(shown, display, PATH_HIDDEN);
  const spoken = el("span", { class: "sr-only" });
  appendVisible(spoken, full, PATH_HIDDEN);
  code.append(shown, spoken);
  return code;
}

/**
 * Locations: inside the workspace they are buttons that ask the host to open them (by index, never by path);
 * outside it they are plain text with a warning.
 */
export function renderLocations(
  locations: readonly LocationView[],
  open: (index: number) => void,
  diffs: readonly ToolContentView[] = [],
  notShown = 0,
): HTMLElement | null {
  // A location that only names a file whose diff is shown says the same path twice: the diff's heading names it.
  const diffPaths = new Set(diffs.flatMap((c) => (c.type === "diff" ? [c.path] : [])));
  const shown = locations.flatMap((location, index) =>
    location.line === undefined && diffPaths.has(location.path) ? [] : [{ location, index }],
  );
  if (shown.length === 0 && !notShown) return null;
  const list = el("ul", { class: "locations", "aria-label": "Locations" });
  shown.forEach(({ location, index }) => {
    if (location.inWorkspace) {
      const openButton = button("link-button location", icon("go-to-file"), locationLabel(location));
      openButton.title = visibleText(`Open ${location.path}`, PATH_HIDDEN);
      openButton.addEventListener("click", () => open(index));
      list.appendChild(el("li", {}, openButton));
    } else {
      list.appendChild(
        el(
          "li",
          { class: "location outside" },
          icon("warning"),
          locationLabel(location),
          el("span", { class: "note" }, " (outside the workspace)"),
        ),
      );
    }
  });
  if (notShown) list.appendChild(el("li", { class: "note" }, `${notShown} more locations not shown`));
  return list;
}

/**
 * A preview line's kind. `inHunk`: a hunk header ("@@") was seen since the last file header. A v2 git patch starts
 * with file headers (`diff --git`, `index`, `--- a/…`, `+++ b/…`) that are not added or removed lines.
 */
function diffLineKind(line: string, inHunk: boolean): "add" | "del" | "hunk" | "ctx" {
  if (!inHunk && !line.startsWith("@")) return "hunk";
  switch (line[0]) {
    case "+":
      return "add";
    case "-":
      return "del";
    case "@":
      return "hunk";
    default:
      return "ctx";
  }
}

/**
 * Writes the preview's lines, each run of consecutive lines of one kind in one block (`diff-run add`, its lines
 * separated by line breaks): the run's background spans all its lines across the full width, as one block per line
 * did, but the frame that shows a new diff styles, lays out and paints a few blocks instead of one per line (with a
 * card arriving after its tool call, that frame cost 3x the plain card's; docs/performance.md). An empty line gets a
 * block of its own (a line break alone at the end of a run draws no line). Lines written in two calls give the same
 * blocks as in one (the first screenful now, the rest after the next paint: firstScreen.ts).
 */
class DiffLines {
  private inHunk = false;
  private run: HTMLElement | undefined;
  private runKind = "";
  private previous = "";

  constructor(private readonly body: HTMLElement) {}

  write(lines: readonly string[], from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const line = lines[i] ?? "";
      if (line.startsWith("@@")) this.inHunk = true;
      else if (line.startsWith("diff ")) this.inHunk = false;
      const kind = diffLineKind(line, this.inHunk);
      if (this.run && kind === this.runKind && line !== "" && this.previous !== "") this.run.append("\n");
      else {
        this.run = el("span", { class: `diff-run ${kind}` });
        this.runKind = kind;
        this.body.appendChild(this.run);
      }
      // A long run of blanks inside the line is one marker: the row is clipped, and the code after it stays in view.
      appendVisible(this.run, line, DIFF_LINE_HIDDEN);
      this.previous = line;
    }
  }
}

/**
 * A diff body scrolls only while hovered or focused (main.css), and then its scroll bars take room: a horizontal one
 * would make a wide diff shorter than its cap grow, pushing everything below it down under the pointer. Its bottom
 * margin gives that room back (`--diff-bar-room`), so the bar hangs over the space below as an overlay bar would.
 * Measured when the box becomes scrollable (the hover or focus style already applies when these events run), since
 * the bar's height depends on the platform (none with overlay scroll bars).
 */
function keepPlaceWhileScrollable(body: HTMLElement): void {
  const measure = (): void => {
    const borders = body.clientTop * 2;
    const bar = body.offsetHeight - body.clientHeight - borders;
    const cap = Number.parseFloat(getComputedStyle(body).maxHeight);
    const below = Number.isFinite(cap) ? cap - (body.scrollHeight + borders) : bar;
    body.style.setProperty("--diff-bar-room", `${Math.max(0, Math.min(bar, below))}px`);
  };
  body.addEventListener("pointerenter", measure);
  body.addEventListener("focus", measure);
}

/** A capped diff preview with +/- colouring and an "Open diff" button (the full diff opens in VS Code). */
export function renderDiff(diff: DiffView, openDiff: () => void): HTMLElement {
  const path = pathLabel(diff.display, diff.path, "mono diff-path");
  const openButton = button("secondary small", icon("diff"), "Open diff");
  openButton.title = visibleText(`Open the full diff of ${diff.path}`, PATH_HIDDEN);
  openButton.addEventListener("click", openDiff);
  // Focusable so that a keyboard can scroll it: it scrolls only while hovered or focused (main.css, `.diff-body`).
  const body = el("pre", {
    class: "diff-body mono",
    role: "region",
    tabindex: 0,
    "aria-label": `Diff of ${visibleText(diff.path, PATH_HIDDEN)}, scrollable`,
  });
  const lines =
    diff.preview.length > LIMITS.previewLines ? diff.preview.slice(0, LIMITS.previewLines) : diff.preview;
  // The box shows its first screenful until scrolled: the rest waits for the first frame to be painted.
  const writer = new DiffLines(body);
  const first = Math.min(lines.length, FIRST_SCREEN_LINES);
  writer.write(lines, 0, first);
  if (first < lines.length) afterFirstPaint(() => writer.write(lines, first, lines.length));
  keepPlaceWhileScrollable(body);
  afterFirstPaint(() => body.classList.add("fades-cut"));
  return el(
    "div",
    { class: "diff" },
    el(
      "div",
      { class: "diff-head" },
      el("div", { class: "diff-file" }, icon("diff"), path),
      el(
        "div",
        { class: "diff-actions" },
        el(
          "span",
          { class: "diff-stat" },
          el("span", { class: "added" }, `+${diff.added}`),
          " ",
          el("span", { class: "removed" }, `−${diff.removed}`),
        ),
        openButton,
      ),
    ),
    body,
    diff.truncated || lines.length < diff.preview.length
      ? el("p", { class: "note" }, "Preview shortened. Open the diff to see every change.")
      : null,
  );
}

/** Raw input as formatted JSON in a collapsed section. */
export function renderRawInput(
  rawInput: string | undefined,
  truncated: boolean | undefined,
): HTMLDetailsElement | null {
  if (rawInput === undefined || rawInput === "") return null;
  const pre = reachableWhenScrolling(el("pre", { class: "raw-json mono" }));
  appendVisible(pre, clip(rawInput, LIMITS.rawInputChars));
  return el(
    "details",
    { class: "raw-input" },
    el("summary", {}, "Raw input"),
    pre,
    truncated ? el("p", { class: "note" }, "Raw input shortened.") : null,
  );
}

export function renderToolContent(content: ToolContentView, openDiff: (index: number) => void): HTMLElement {
  switch (content.type) {
    case "text": {
      // Often a command's output (colour codes and all), else the agent's words: shown as terminal output and prose
      // are, an override marked.
      const text = el("div", { class: "tool-text" });
      appendVisible(text, clip(content.text, LIMITS.previewChars), PROSE_HIDDEN);
      if (content.truncated) text.appendChild(el("span", { class: "note" }, " (shortened)"));
      return text;
    }
    case "diff":
      return renderDiff(content, () => openDiff(content.index));
    case "terminal": {
      const output = clip(content.output, LIMITS.terminalOutputChars);
      // A terminal with nothing in it yet (a command waiting for approval) says so rather than drawing an empty box.
      const body =
        output === ""
          ? el(
              "p",
              { class: "note terminal-empty" },
              // Empty and truncated: the host let it go for newer terminals' output (`core/terminalOutputs.ts`).
              content.truncated
                ? "Output no longer kept"
                : content.exitCode === undefined
                  ? "No output yet"
                  : "No output",
            )
          : // A group, so its name is exposed (a name on a plain `pre` is dropped).
            reachableWhenScrolling(
              el("pre", { class: "terminal mono", role: "group", "aria-label": "Terminal output" }),
            );
      // Capped in height as a diff is: its first screenful now, the rest after the next paint.
      const cut = firstScreenEnd(output, FIRST_SCREEN_LINES, FIRST_SCREEN_CHARS);
      if (output !== "") appendVisible(body, output.slice(0, cut), OUTPUT_HIDDEN);
      if (cut < output.length) afterFirstPaint(() => appendVisible(body, output.slice(cut), OUTPUT_HIDDEN));
      const exit =
        content.exitCode === undefined
          ? null
          : el(
              "p",
              { class: "note" },
              content.exitCode === null ? "Exited (killed by a signal)" : `Exit code ${content.exitCode}`,
            );
      return el(
        "div",
        { class: "terminal-wrap" },
        body,
        content.truncated ? el("p", { class: "note" }, "Output shortened.") : null,
        exit,
      );
    }
    case "other":
      return otherNote(content.label);
    default:
      return unsupported("content", content, "note");
  }
}

/** A part of a tool call shown as a line: its label may name a path (a change sent without a patch), hidden characters shown. */
export function otherNote(label: string): HTMLElement {
  const note = el("p", { class: "note" });
  appendVisible(note, label);
  return note;
}

/** The last case of an exhaustive switch: a shape a newer host sends that this build cannot draw, said plainly. */
export function unsupported(what: string, value: never, className: "note" | "warning"): HTMLElement {
  return el("p", { class: className }, `Unsupported ${what} ${String((value as { type?: unknown }).type)}`);
}
