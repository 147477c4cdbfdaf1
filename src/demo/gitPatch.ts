// A `git_patch` text for one file change, for v2 `diff` content (v2 diffs carry structured `changes` plus an
// optional renderable patch). One hunk spans everything between the common leading and trailing lines; that is
// a correct unified diff for any change, though not always the smallest one.

const CONTEXT_LINES = 3;

/** Lines with their `\n` kept, so a missing final newline counts as a difference, as it does for git. */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function patchLine(marker: string, line: string): string {
  return line.endsWith("\n")
    ? `${marker}${line.slice(0, -1)}`
    : `${marker}${line}\n\\ No newline at end of file`;
}

/** `relativePath` uses forward slashes, as git patches do. `oldText` null means the file is new. */
export function gitPatch(relativePath: string, oldText: string | null, newText: string): string {
  const before = splitLines(oldText ?? "");
  const after = splitLines(newText);
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix++;
  }
  const start = Math.max(0, prefix - CONTEXT_LINES);
  const leading = before.slice(start, prefix);
  const trailing = before.slice(before.length - suffix, before.length - suffix + CONTEXT_LINES);
  const removed = before.slice(prefix, before.length - suffix);
  const added = after.slice(prefix, after.length - suffix);
  const oldCount = leading.length + removed.length + trailing.length;
  const newCount = leading.length + added.length + trailing.length;
  // Unified diff numbering: a range of zero lines names the line before it.
  const oldStart = oldCount === 0 ? start : start + 1;
  const newStart = newCount === 0 ? start : start + 1;
  const header =
    oldText === null
      ? [
          `diff --git a/${relativePath} b/${relativePath}`,
          "new file mode 100644",
          "--- /dev/null",
          `+++ b/${relativePath}`,
        ]
      : [`diff --git a/${relativePath} b/${relativePath}`, `--- a/${relativePath}`, `+++ b/${relativePath}`];
  const body = [
    ...leading.map((line) => patchLine(" ", line)),
    ...removed.map((line) => patchLine("-", line)),
    ...added.map((line) => patchLine("+", line)),
    ...trailing.map((line) => patchLine(" ", line)),
  ];
  return [...header, `@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, ...body, ""].join("\n");
}
