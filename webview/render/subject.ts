/**
 * What a permission request is about, from the structured subject rather than the agent's title (a harmless title
 * can front a dangerous command): exact command and cwd, paths, diffs, raw input.
 */
import type { PromptView, SubjectView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import type { HostPort } from "../host";
import { el, icon } from "../dom";
import { appendVisible, clip, hasHiddenCharacters } from "../text";
import { kindIcon, renderDiff, renderLocations, renderRawInput, toolTitle } from "./toolParts";

function hiddenCharacterWarning(): HTMLElement {
  return el(
    "p",
    { class: "warning" },
    icon("warning"),
    " Contains hidden or control characters (shown highlighted).",
  );
}

function kindLabel(toolKind: string): string {
  const label = toolKind.replace(/_/g, " ");
  return label.charAt(0).toUpperCase() + label.slice(1);
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
          el("span", { class: "subject-label" }, kindLabel(subject.toolKind)),
          // The card title usually repeats the tool title; show the tool's own title only when it says something else.
          subject.toolTitle !== prompt.title ? toolTitle(subject.toolTitle) : null,
        ),
        renderLocations(subject.locations, (index) =>
          host.post({ type: "openLocation", sessionKey, toolCallId, index }),
        ),
        ...subject.diffs.map((diff) =>
          renderDiff(diff, () => host.post({ type: "openDiff", sessionKey, toolCallId, index: diff.index })),
        ),
        renderRawInput(subject.rawInput, subject.rawInputTruncated),
      );
    }
    case "command": {
      const command = el("pre", { class: "command mono", "aria-label": "Command" });
      appendVisible(command, clip(subject.command, LIMITS.commandChars));
      const cwd = el("code", { class: "mono" });
      appendVisible(cwd, subject.cwd);
      const hidden = hasHiddenCharacters(subject.command) || hasHiddenCharacters(subject.cwd);
      return el(
        "div",
        { class: "subject subject-command" },
        el("div", { class: "subject-label" }, icon("terminal"), " Command"),
        command,
        el("div", { class: "cwd" }, el("span", { class: "subject-label" }, "in "), cwd),
        subject.cwdInWorkspace
          ? null
          : el(
              "p",
              { class: "warning" },
              icon("warning"),
              " The working directory is outside the workspace.",
            ),
        hidden ? hiddenCharacterWarning() : null,
      );
    }
    case "unknown": {
      const rawType = el("code", { class: "mono" });
      appendVisible(rawType, subject.rawType);
      const json = el("pre", { class: "raw-json mono", "aria-label": "Raw request" });
      appendVisible(json, clip(subject.rawJson, LIMITS.rawInputChars));
      return el(
        "div",
        { class: "subject subject-unknown" },
        el("p", { class: "warning" }, icon("warning"), " Unrecognised request type ", rawType),
        json,
        subject.truncated ? el("p", { class: "note" }, "Raw request shortened.") : null,
      );
    }
    case "none":
      return el(
        "div",
        { class: "subject subject-none" },
        el("p", { class: "note" }, "The agent gave no details about what this request does."),
      );
    default: {
      const unknown: never = subject;
      return el(
        "p",
        { class: "warning" },
        `Unsupported subject ${String((unknown as { type?: unknown }).type)}`,
      );
    }
  }
}
