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

/** Inputs above this are not diffed line by line (the full diff opens in VS Code's diff editor instead). */
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
  const old = textLines(before);
  const next = textLines(newText);
  const blocks = changedBlocks(old.keys, next.keys);
  let added = 0;
  let removed = 0;
  for (const block of blocks) {
    removed += block.oldEnd - block.oldStart;
    added += block.newEnd - block.newStart;
  }
  return { path, added, removed, ...unifiedPreview(blocks, old.shown, next.shown) };
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
    sink.add(`@@ -${oldStart + 1},${oldLines} +${newStart + 1},${newLines} @@`);
    let i = oldStart;
    for (let b = first; b <= last && !sink.full; b++) {
      const block = blocks[b]!;
      for (; i < block.oldStart && !sink.full; i++) sink.add(` ${old[i]}`);
      for (let r = block.oldStart; r < block.oldEnd && !sink.full; r++) sink.add(`-${old[r]}`);
      for (let a = block.newStart; a < block.newEnd && !sink.full; a++) sink.add(`+${next[a]}`);
      i = block.oldEnd;
    }
    for (; i < tail.oldEnd + trail && !sink.full; i++) sink.add(` ${old[i]}`);
    first = last + 1;
  }
  return { preview: sink.lines, truncated: sink.full };
}

/** Preview lines up to `LIMITS.previewLines` lines and `LIMITS.previewChars` characters; `full` once one is refused. */
class PreviewLines {
  readonly lines: string[] = [];
  full = false;
  private chars = 0;

  add(line: string): void {
    if (this.lines.length >= LIMITS.previewLines || this.chars + line.length > LIMITS.previewChars) {
      this.full = true;
      return;
    }
    this.lines.push(line);
    this.chars += line.length;
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
  const sink = new PreviewLines();
  for (const line of lines) {
    sink.add(line);
    if (sink.full) break;
  }
  return { preview: sink.lines, truncated: sink.full };
}
