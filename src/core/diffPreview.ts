/** Capped unified-diff previews for tool-call diffs (v1 `{path, oldText, newText}`, v2 `{changes, patch}`). */
import { LIMITS } from "../shared/protocol";
import { capText } from "./text";

export interface DiffPreview {
  path: string;
  preview: string[];
  truncated: boolean;
  added: number;
  removed: number;
}

/** Texts above this together are not split into lines whole, nor is a changed region above it diffed (`largeTextDiff`). */
const MAX_DIFF_INPUT_CHARS = 512 * 1024;
/** Lines of context around each change, as `diff -u`. */
const CONTEXT = 3;
/**
 * Bounded work: a card must build in milliseconds whatever the agent sends. The line diff stops after this many
 * steps (diagonals tried plus lines compared) and shows the changed region as a replacement of its old lines by the
 * new ones: a true diff, if not the shortest.
 */
const MAX_DIFF_STEPS = 200_000;

/**
 * A v1 diff (whole old and new texts). Only the region between the common first and last lines is diffed, and in
 * it only the lines both sides have (a line the other side lacks is changed whatever the alignment), so a small edit
 * to a large file, and a rewrite of every line, cost about a pass over the lines. Counts are exact unless the diff
 * stopped at its bound; the preview is built only as far as it is shown.
 */
export function previewTextDiff(
  path: string,
  oldText: string | null | undefined,
  newText: string,
): DiffPreview {
  const before = oldText ?? "";
  if (before.length + newText.length > MAX_DIFF_INPUT_CHARS) return largeTextDiff(path, before, newText);
  return lineDiff(path, before, newText, 0);
}

/** The line diff of two texts; `offset`: how many lines precede them in the file, for the hunk headers. */
function lineDiff(path: string, before: string, after: string, offset: number): DiffPreview {
  const old = textLines(before);
  const next = textLines(after);
  const blocks = changedBlocks(old.keys, next.keys);
  let added = 0;
  let removed = 0;
  for (const block of blocks) {
    removed += block.oldEnd - block.oldStart;
    added += block.newEnd - block.newStart;
  }
  return { path, added, removed, ...unifiedPreview(blocks, old.shown, next.shown, offset) };
}

/**
 * Texts too large to split into lines whole (a lock file): the common first and last lines are found on the
 * characters, and only the lines between them, with their context, are diffed; when those are still too large, they
 * are shown as one replacement (its counts exact, the first of its old lines, then the first new ones). Never a
 * preview of the new text's first lines as if added: unchanged lines read as new, the change out of sight.
 */
function largeTextDiff(path: string, before: string, after: string): DiffPreview {
  const shorter = Math.min(before.length, after.length);
  let same = 0;
  while (same < shorter && before.charCodeAt(same) === after.charCodeAt(same)) same++;
  if (same === before.length && same === after.length)
    return { path, preview: [], truncated: false, added: 0, removed: 0 };
  let sameEnd = 0;
  while (
    sameEnd < shorter - same &&
    before.charCodeAt(before.length - 1 - sameEnd) === after.charCodeAt(after.length - 1 - sameEnd)
  )
    sameEnd++;
  // The changed lines: from the start of the line the first difference is in, to the first line start in the common
  // end (alike in both texts: what follows is the same in both).
  const start = before.lastIndexOf("\n", same - 1) + 1;
  const toLineStart =
    lineStartsAt(before, before.length - sameEnd) && lineStartsAt(after, after.length - sameEnd)
      ? 0
      : nextLineStart(before, before.length - sameEnd) - (before.length - sameEnd);
  const oldEnd = before.length - sameEnd + toLineStart;
  const newEnd = after.length - sameEnd + toLineStart;
  const linesBefore = countLines(before, 0, start);
  const removed = countLines(before, start, oldEnd);
  const added = countLines(after, start, newEnd);
  if (oldEnd - start + (newEnd - start) <= MAX_DIFF_INPUT_CHARS) {
    // With their context, which the common lines around them hold alike.
    let from = start;
    for (let n = 0; n < CONTEXT && from > 0; n++) from = before.lastIndexOf("\n", from - 2) + 1;
    let oldTo = oldEnd;
    let newTo = newEnd;
    for (let n = 0; n < CONTEXT && oldTo < before.length; n++) {
      const next = nextLineStart(before, oldTo);
      newTo += next - oldTo;
      oldTo = next;
    }
    const offset = linesBefore - countLines(before, from, start);
    return lineDiff(path, before.slice(from, oldTo), after.slice(from, newTo), offset);
  }
  const sink = new PreviewLines();
  sink.add(`@@ -${linesBefore + 1},${removed} +${linesBefore + 1},${added} @@`);
  const shownOld = Math.min(removed, added > 0 ? LIMITS.previewLines / 2 : LIMITS.previewLines);
  for (const line of firstLines(before, start, oldEnd, shownOld)) sink.add(`-${line}`);
  if (shownOld < removed) sink.omit(`@@ ${removed - shownOld} more removed lines not shown @@`);
  for (const line of firstLines(after, start, newEnd, LIMITS.previewLines)) sink.add(`+${line}`);
  return { path, added, removed, preview: sink.lines, truncated: sink.truncated };
}

function lineStartsAt(text: string, at: number): boolean {
  return at === 0 || text.charCodeAt(at - 1) === 10;
}

/** Past the newline at or after `at`, or the text's end. */
function nextLineStart(text: string, at: number): number {
  const newline = text.indexOf("\n", at);
  return newline < 0 ? text.length : newline + 1;
}

/** How many lines text[from, to) holds, `from` at a line's start: a last line without a newline counts. */
function countLines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf("\n", from); at >= 0 && at < to; at = text.indexOf("\n", at + 1)) count++;
  return to > from && text.charCodeAt(to - 1) !== 10 ? count + 1 : count;
}

/** The first `max` lines of text[from, to), each without its newline and capped as a preview line is. */
function firstLines(text: string, from: number, to: number, max: number): string[] {
  const lines: string[] = [];
  for (let at = from; at < to && lines.length < max;) {
    const newline = text.indexOf("\n", at);
    const end = newline < 0 || newline >= to ? to : newline;
    lines.push(capText(text.slice(at, Math.min(end, at + LIMITS.previewChars)), LIMITS.previewChars).text);
    at = end + 1;
  }
  return lines;
}

/**
 * A text's lines split on "\n" as a line diff sees them: `shown` is each line without its newline (a "\r" stays, as
 * `diff` shows it), `keys` what lines compare by; a last line without a newline differs from the same line with one.
 */
function textLines(text: string): { shown: string[]; keys: string[] } {
  const shown = text.split("\n");
  const last = shown.pop() ?? "";
  const keys = shown.slice();
  if (last !== "") {
    shown.push(last);
    keys.push(`\n${last}`); // no line that ends with a newline has this key: a split line holds no "\n"
  }
  return { shown, keys };
}

/** One run of changed lines: old lines [oldStart, oldEnd) became new lines [newStart, newEnd). */
interface Block {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

/** The changed runs, in order, of a shortest line diff (or, past the work bound, one run over the changed region). */
function changedBlocks(old: readonly string[], next: readonly string[]): Block[] {
  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start++;
  let oldEnd = old.length;
  let newEnd = next.length;
  while (oldEnd > start && newEnd > start && old[oldEnd - 1] === next[newEnd - 1]) {
    oldEnd--;
    newEnd--;
  }
  if (start === oldEnd && start === newEnd) return [];
  // Lines of each side that the other side has somewhere: only these can be matched.
  const ids = new Map<string, number>();
  for (let j = start; j < newEnd; j++) if (!ids.has(next[j]!)) ids.set(next[j]!, ids.size);
  const inOld = new Uint8Array(ids.size);
  const oldIndex: number[] = [];
  const oldIds: number[] = [];
  for (let i = start; i < oldEnd; i++) {
    const id = ids.get(old[i]!);
    if (id === undefined) continue;
    inOld[id] = 1;
    oldIndex.push(i);
    oldIds.push(id);
  }
  const newIndex: number[] = [];
  const newIds: number[] = [];
  for (let j = start; j < newEnd; j++) {
    const id = ids.get(next[j]!)!;
    if (!inOld[id]) continue;
    newIndex.push(j);
    newIds.push(id);
  }
  const matches = commonSubsequence(Int32Array.from(oldIds), Int32Array.from(newIds), MAX_DIFF_STEPS);
  if (!matches) return [{ oldStart: start, oldEnd, newStart: start, newEnd }];
  const blocks: Block[] = [];
  let i = start;
  let j = start;
  for (let m = 0; m <= matches.length; m += 2) {
    const matchOld = m < matches.length ? oldIndex[matches[m]!]! : oldEnd;
    const matchNew = m < matches.length ? newIndex[matches[m + 1]!]! : newEnd;
    if (matchOld > i || matchNew > j)
      blocks.push({ oldStart: i, oldEnd: matchOld, newStart: j, newEnd: matchNew });
    i = matchOld + 1;
    j = matchNew + 1;
  }
  return blocks;
}

/**
 * A longest common subsequence of `a` and `b` by Myers' O((N+M)D) algorithm, as flat pairs [ia0, ib0, ia1, ib1, …]
 * in order; undefined once `maxSteps` (diagonals tried plus elements compared) are spent. The frontier each round
 * starts from is kept for the walk back, in one buffer: round d reads d diagonals, so at most one entry per step.
 */
function commonSubsequence(a: Int32Array, b: Int32Array, maxSteps: number): number[] | undefined {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1); // v[offset + k]: how far diagonal k (x - y = k) reached
  let trace = new Int32Array(1024);
  const traceStart: number[] = [];
  let used = 0;
  let steps = 0;
  let found = -1;
  for (let d = 0; d <= n + m && found < 0; d++) {
    // Round d starts from round d - 1's diagonals: -(d - 1), -(d - 1) + 2, …, d - 1.
    traceStart.push(used);
    if (used + d > trace.length) {
      const grown = new Int32Array(Math.max(2 * trace.length, used + d));
      grown.set(trace);
      trace = grown;
    }
    for (let k = 1 - d; k < d; k += 2) trace[used++] = v[offset + k]!;
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
        steps++;
      }
      v[offset + k] = x;
      steps++;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    if (steps > maxSteps && found < 0) return undefined;
  }
  // Walk back from (n, m), collecting the diagonal moves (matches) in reverse.
  const reversed: number[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const base = traceStart[d]!;
    const reached = (k: number) => trace[base + (k + d - 1) / 2]!;
    const k = x - y;
    const down = k === -d || (k !== d && reached(k - 1) < reached(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = reached(prevK);
    // The snake after the edit: from the edit's end to (x, y).
    const startX = down ? prevX : prevX + 1;
    while (x > startX) {
      x--;
      y--;
      reversed.push(y, x);
    }
    x = prevX;
    y = prevX - prevK;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    reversed.push(y, x);
  }
  return reversed.reverse();
}

/** Unified-diff hunks of `blocks` with `CONTEXT` lines around them, built only up to the preview's caps. */
function unifiedPreview(
  blocks: readonly Block[],
  old: readonly string[],
  next: readonly string[],
  offset: number,
): { preview: string[]; truncated: boolean } {
  const sink = new PreviewLines();
  let first = 0;
  while (first < blocks.length && !sink.full) {
    // A hunk takes the following blocks while the unchanged lines between them are no more than twice the context.
    let last = first;
    while (last + 1 < blocks.length && blocks[last + 1]!.oldStart - blocks[last]!.oldEnd <= 2 * CONTEXT)
      last++;
    const head = blocks[first]!;
    const tail = blocks[last]!;
    const lead = Math.min(CONTEXT, head.oldStart);
    const trail = Math.min(CONTEXT, old.length - tail.oldEnd);
    const oldStart = head.oldStart - lead;
    const newStart = head.newStart - lead;
    const oldLines = tail.oldEnd + trail - oldStart;
    const newLines = tail.newEnd + trail - newStart;
    sink.add(`@@ -${oldStart + offset + 1},${oldLines} +${newStart + offset + 1},${newLines} @@`);
    let i = oldStart;
    for (let b = first; b <= last && !sink.full; b++) {
      const block = blocks[b]!;
      for (; i < block.oldStart && !sink.full; i++) sink.add(` ${old[i]}`);
      // Old lines take at most half the room left when new lines follow: a file replaced whole shows what it becomes.
      const removed = block.oldEnd - block.oldStart;
      const shown = block.newEnd > block.newStart ? Math.min(removed, Math.ceil(sink.room / 2)) : removed;
      for (let r = block.oldStart; r < block.oldStart + shown && !sink.full; r++) sink.add(`-${old[r]}`);
      if (shown < removed && !sink.full) sink.omit(`@@ ${removed - shown} more removed lines not shown @@`);
      for (let a = block.newStart; a < block.newEnd && !sink.full; a++) sink.add(`+${next[a]}`);
      i = block.oldEnd;
    }
    for (; i < tail.oldEnd + trail && !sink.full; i++) sink.add(` ${old[i]}`);
    first = last + 1;
  }
  return { preview: sink.lines, truncated: sink.truncated };
}

/** Preview lines up to `LIMITS.previewLines` lines and `LIMITS.previewChars` characters; `full` once one is refused. */
class PreviewLines {
  readonly lines: string[] = [];
  full = false;
  private omitted = false;
  private chars = 0;

  /** Lines that may still be added. */
  get room(): number {
    return LIMITS.previewLines - this.lines.length;
  }

  /** Whether lines were left out: refused at the caps, or skipped (`omit`). */
  get truncated(): boolean {
    return this.full || this.omitted;
  }

  add(line: string): void {
    if (this.lines.length >= LIMITS.previewLines || this.chars + line.length > LIMITS.previewChars) {
      this.full = true;
      return;
    }
    this.lines.push(line);
    this.chars += line.length;
  }

  /** A line saying what was skipped (as a hunk header, not a line of the file). */
  omit(note: string): void {
    this.omitted = true;
    this.add(note);
  }
}

/**
 * A git patch as one part per file, at its `diff --git` headers (what comes before the first goes with it), each
 * with the name of the file it changes as its headers give it (`+++`, else `---`, else the header's one name), or
 * undefined. The card heads each part by it: under one heading, a second file's lines read as the first's.
 */
export function patchParts(text: string): { name: string | undefined; text: string }[] {
  const starts = [...text.matchAll(/^diff --git /gm)].map((match) => match.index);
  starts[0] = 0;
  return starts.map((start, i) => {
    const part = text.slice(start, starts[i + 1]);
    const named = (pattern: RegExp) => {
      const name = pattern.exec(part)?.[1];
      return name === "/dev/null" ? undefined : name;
    };
    const header = /^diff --git a\/(.+) b\/(.+?)\r?$/m.exec(part);
    return {
      name:
        named(/^\+\+\+ (?:b\/)?(.+?)\t?\r?$/m) ??
        named(/^--- (?:a\/)?(.+?)\t?\r?$/m) ??
        (header && header[1] === header[2] ? header[1] : undefined),
      text: part,
    };
  });
}

/** A v2 git patch, shown as its lines. */
/** The extended headers of a git patch that change a file besides its lines. */
const FILE_CHANGE_HEADER =
  /^(?:old mode|new mode|new file mode|deleted file mode|rename from|rename to|copy from|copy to|Binary files) /;

export function previewPatch(path: string, patchText: string): DiffPreview {
  const all = patchText.split("\n");
  if (all.at(-1) === "") all.pop(); // a patch ends with a newline, not an empty context line
  // A git patch's file headers (`diff --git`, `index …`, `--- a/…`, `+++ b/…`) are not changed lines, and the path
  // they name is the diff's heading already: the preview keeps hunks, and the headers that change the file besides
  // its lines (a rename, a copy, a mode: a script made executable, a hook), which the card must say.
  const lines: string[] = [];
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (const line of all) {
    if (line.startsWith("diff ")) inHunk = false;
    else if (line.startsWith("@@")) inHunk = true;
    if (!inHunk) {
      if (FILE_CHANGE_HEADER.test(line)) lines.push(line);
      continue;
    }
    lines.push(line);
    if (line.startsWith("+")) added++;
    else if (line.startsWith("-")) removed++;
  }
  // Not a unified diff at all: show it as it came rather than nothing.
  if (lines.length === 0) return { path, added: 0, removed: 0, ...capLines(all) };
  return { path, added, removed, ...capLines(lines) };
}

function capLines(lines: string[]): { preview: string[]; truncated: boolean } {
  const sink = new PreviewLines();
  for (const line of lines) {
    sink.add(line);
    if (sink.full) break;
  }
  return { preview: sink.lines, truncated: sink.full };
}
