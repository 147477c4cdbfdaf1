/**
 * What a permission request is about, from the structured subject rather than the agent's title (a harmless title
 * can front a dangerous command): exact command and cwd, paths, diffs, raw input.
 */
import type { PromptView, SubjectView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import type { HostPort } from "../host";
import { el, icon } from "../dom";
import { COMMAND_HIDDEN, hasHiddenCharacters, PATH_HIDDEN } from "../hiddenCharacters";
import { appendVisible, clip } from "../text";
import {
  commandContinuesNote,
  commandCutNote,
  omittedMarker,
  shownCommand,
  type ShownCommand,
} from "./commandShown";
import { reachableWhenScrolling } from "./scrollBox";
import {
  kindIcon,
  knownKind,
  otherNote,
  pathLabel,
  renderDiff,
  renderLocations,
  renderRawInput,
  toolTitle,
  unsupported,
} from "./toolParts";

function hiddenCharacterWarning(): HTMLElement {
  return el(
    "p",
    { class: "warning" },
    icon("warning"),
    " Contains hidden, control or lookalike characters (shown highlighted).",
  );
}

/** "Read" for a kind the ACP names; any other is the agent's word, marked as such: "read (no changes)" is not Read. */
function kindLabel(toolKind: string): HTMLElement {
  const known = knownKind(toolKind);
  const span = el(
    "span",
    { class: "subject-label" },
    known ? toolKind.charAt(0).toUpperCase() + toolKind.slice(1).replace(/_/g, " ") : "Agent's kind: ",
  );
  if (!known) appendVisible(span, toolKind);
  return span;
}

/**
 * The command a tool call will run (from its raw input), shown above the agent's description of it: a title such as
 * "Run echo hi > out.txt" is the model's wording, the command is what runs. Null when the tool call names none.
 */
export function renderToolCommand(prompt: PromptView): HTMLElement | null {
  const subject = prompt.subject;
  if (subject.type !== "tool_call" || subject.command === undefined) return null;
  const shown = shownCommand(subject.command, subject.commandCut);
  const cwd = subject.commandCwd;
  return el(
    "div",
    { class: "subject subject-command card-command" },
    ...commandLines(shown),
    // Where it runs, which the agent's model chose (Codex's `workdir`): another folder's Makefile is another `make`.
    ...(cwd ? cwdLines(cwd.display, cwd.path, cwd.relative ? "relative" : (cwd.inside ?? "unknown")) : []),
    hasHiddenCharacters(shown.head, COMMAND_HIDDEN) ||
      hasHiddenCharacters(shown.tail, COMMAND_HIDDEN) ||
      (cwd !== undefined && hasHiddenCharacters(cwd.path, PATH_HIDDEN))
      ? hiddenCharacterWarning()
      : null,
  );
}

/** "in <folder>", and a warning when it is, or may be, outside the workspace; a relative one is said to be relative. */
function cwdLines(display: string, path: string, inside: boolean | "relative" | "unknown"): HTMLElement[] {
  const line = el(
    "div",
    { class: "cwd" },
    el("span", { class: "subject-label" }, "in "),
    pathLabel(display, path),
  );
  if (inside === "relative") line.append(" (from where the agent runs)");
  const warning =
    inside === false
      ? " The working directory is outside the workspace."
      : inside === "unknown"
        ? " The working directory may be outside the workspace."
        : undefined;
  return warning ? [line, el("p", { class: "warning" }, icon("warning"), warning)] : [line];
}

/** What a command box that scrolls says when `commandContinuesNote` counted nothing to say. */
const COMMAND_TALLER_THAN_BOX = "This command continues past its box. Scroll to read all of it.";

/**
 * The "Command" label, the command exactly (hidden characters shown) and a note when it runs past its box. A command
 * too long to send whole shows its start and its end, with what is left out said above the box and marked in it.
 */
function commandLines(shown: ShownCommand): (HTMLElement | null)[] {
  const continues = commandContinuesNote(shown);
  // The note counts characters, not the box's width: in a side bar 12 lines of 150 "=" wrap to three times the
  // box's height and hide a last line "curl … | sh" with no note. So a box that scrolls says so too, once laid out
  // (before it is painted: a `ResizeObserver` runs before the frame's paint).
  let taller: HTMLElement | undefined;
  const onScrolls = (scrolls: boolean): void => {
    if (scrolls && !taller) {
      taller = el(
        "p",
        { class: "warning command-continues" },
        icon("warning"),
        ` ${COMMAND_TALLER_THAN_BOX}`,
      );
      command.after(taller);
    } else if (taller) taller.hidden = !scrolls;
  };
  // A group, so its name is exposed (a name on a plain `pre` is dropped).
  const command = reachableWhenScrolling(
    el("pre", { class: "command mono", role: "group", "aria-label": "Command" }),
    continues === null ? onScrolls : undefined,
  );
  appendVisible(command, shown.head, COMMAND_HIDDEN);
  if (shown.omitted > 0) {
    command.append(el("span", { class: "command-omitted" }, `\n${omittedMarker(shown)}\n`));
    appendVisible(command, shown.tail, COMMAND_HIDDEN);
  }
  const cut = commandCutNote(shown);
  return [
    el("div", { class: "subject-label" }, icon("terminal"), " Command"),
    cut === null ? null : el("p", { class: "warning command-cut" }, icon("warning"), ` ${cut}`),
    command,
    continues === null
      ? null
      : el("p", { class: "warning command-continues" }, icon("warning"), ` ${continues}`),
  ];
}

export function renderSubject(prompt: PromptView, host: HostPort): HTMLElement {
  const subject: SubjectView = prompt.subject;
  switch (subject.type) {
    case "tool_call": {
      const toolCallId = subject.toolCallId;
      const sessionKey = prompt.sessionKey;
      return el(
        "div",
        { class: "subject subject-tool" },
        el(
          "div",
          { class: "subject-head" },
          kindIcon(subject.toolKind),
          kindLabel(subject.toolKind),
          // The card title usually repeats the tool title; show the tool's own title only when it says something else.
          subject.toolTitle !== prompt.title ? toolTitle(subject.toolTitle) : null,
        ),
        renderLocations(
          subject.locations,
          (index) => host.post({ type: "openLocation", sessionKey, toolCallId, index, key: prompt.key }),
          subject.diffs,
          subject.locationsNotShown,
        ),
        ...subject.diffs.map((diff) =>
          // With the card's key: the diff as the agent asked about it, which it may have changed since.
          renderDiff(diff, () =>
            host.post({ type: "openDiff", sessionKey, toolCallId, index: diff.index, key: prompt.key }),
          ),
        ),
        ...(subject.notes ?? []).map(otherNote),
        renderRawInput(subject.rawInput, subject.rawInputTruncated),
      );
    }
    case "command": {
      const shown = shownCommand(subject.command, subject.commandCut);
      const hidden =
        hasHiddenCharacters(shown.head, COMMAND_HIDDEN) ||
        hasHiddenCharacters(shown.tail, COMMAND_HIDDEN) ||
        hasHiddenCharacters(subject.cwd, PATH_HIDDEN);
      return el(
        "div",
        { class: "subject subject-command" },
        ...commandLines(shown),
        ...cwdLines(subject.cwdDisplay, subject.cwd, subject.cwdInWorkspace),
        hidden ? hiddenCharacterWarning() : null,
      );
    }
    case "unknown": {
      const rawType = el("code", { class: "mono" });
      appendVisible(rawType, subject.rawType);
      const json = reachableWhenScrolling(
        el("pre", { class: "raw-json mono", role: "group", "aria-label": "Raw request" }),
      );
      appendVisible(json, clip(subject.rawJson, LIMITS.rawInputChars));
      return el(
        "div",
        { class: "subject subject-unknown" },
        el("p", { class: "warning" }, icon("warning"), " Unrecognised request type ", rawType),
        json,
        subject.truncated ? el("p", { class: "note" }, "Raw request shortened.") : null,
      );
    }
    case "not_shown":
      return el(
        "div",
        { class: "subject subject-none" },
        el(
          "p",
          { class: "warning" },
          icon("warning"),
          " Symposium cannot show what this request is about. Reject it unless you know what it does.",
        ),
      );
    case "none":
      return el(
        "div",
        { class: "subject subject-none" },
        el("p", { class: "note" }, "The agent gave no details about what this request does."),
      );
    default:
      return unsupported("subject", subject, "warning");
  }
}
