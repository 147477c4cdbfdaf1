/** Capped unified-diff previews for tool-call diffs (v1 `{path, oldText, newText}`, v2 `{changes, patch}`). */
import { structuredPatch } from "diff";
import { LIMITS } from "../shared/protocol";
import { capText } from "./text";

export interface DiffPreview {
  path: string;
  preview: string[];
  truncated: boolean;
  added: number;
  removed: number;
}

/** Inputs above this are not diffed line by line (the full diff opens in VS Code's diff editor instead). */
const MAX_DIFF_INPUT_CHARS = 512 * 1024;

export function previewTextDiff(
  path: string,
  oldText: string | null | undefined,
  newText: string,
): DiffPreview {
  const before = oldText ?? "";
  if (before.length + newText.length > MAX_DIFF_INPUT_CHARS) {
    const lines = capText(newText, LIMITS.previewChars).text.split("\n").slice(0, LIMITS.previewLines);
    return {
      path,
      preview: lines.map((line) => `+${line}`),
      truncated: true,
      added: lines.length,
      removed: 0,
    };
  }
  // Bounded work: a card must build in milliseconds whatever the agent sends. Past the bound, show the change as a
  // replacement of the old lines by the new ones.
  const patch = structuredPatch(path, path, before, newText, undefined, undefined, {
    context: 3,
    maxEditLength: 150,
    timeout: 5,
  });
  if (!patch) return replacementPreview(path, before, newText);
  const lines: string[] = [];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith("+")) added++;
      else if (line.startsWith("-")) removed++;
      if (!line.startsWith("\\")) lines.push(line);
    }
  }
  return { path, added, removed, ...capLines(lines) };
}

function replacementPreview(path: string, before: string, after: string): DiffPreview {
  const removed = before === "" ? [] : before.split("\n");
  const added = after.split("\n");
  const lines = [
    `@@ -1,${removed.length} +1,${added.length} @@`,
    ...removed.map((l) => `-${l}`),
    ...added.map((l) => `+${l}`),
  ];
  return { path, added: added.length, removed: removed.length, ...capLines(lines) };
}

/** A v2 git patch, shown as its lines. */
export function previewPatch(path: string, patchText: string): DiffPreview {
  const all = patchText.split("\n");
  if (all.at(-1) === "") all.pop(); // a patch ends with a newline, not an empty context line
  // A git patch's file headers (`diff --git`, `index …`, `--- a/…`, `+++ b/…`, modes) are not changed lines, and the
  // path they name is the diff's heading already: the preview keeps hunks only.
  const lines: string[] = [];
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (const line of all) {
    if (line.startsWith("diff ")) inHunk = false;
    else if (line.startsWith("@@")) inHunk = true;
    if (!inHunk) continue;
    lines.push(line);
    if (line.startsWith("+")) added++;
    else if (line.startsWith("-")) removed++;
  }
  // Not a unified diff at all: show it as it came rather than nothing.
  if (lines.length === 0) return { path, added: 0, removed: 0, ...capLines(all) };
  return { path, added, removed, ...capLines(lines) };
}

function capLines(lines: string[]): { preview: string[]; truncated: boolean } {
  const preview: string[] = [];
  let chars = 0;
  for (const line of lines) {
    if (preview.length >= LIMITS.previewLines || chars + line.length > LIMITS.previewChars) {
      return { preview, truncated: true };
    }
    preview.push(line);
    chars += line.length;
  }
  return { preview, truncated: false };
}
