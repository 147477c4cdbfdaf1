import assert from "node:assert/strict";
import { seededRandom as random } from "../../tools/seededRandom";
import { boundedJson, compactLengthPasses, jsonLongerThan } from "../../src/core/boundedJson";
import { capJson } from "../../src/core/text";
import { LIMITS } from "../../src/shared/limits";

/** Characters that stress escaping and cutting: quotes, backslashes, controls, bidi, lone and paired surrogates. */
const ALPHABET = [
  "a",
  "Z",
  " ",
  '"',
  "\\",
  "\n",
  "\u0000",
  "\u001f",
  "\u2028",
  "\u202e",
  "é",
  "😀",
  "\ud800",
  "\udc00",
];

function randomString(next: () => number): string {
  const length = Math.floor(next() * 12);
  let text = "";
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return text;
}

/** A value as `JSON.parse` could return it. */
function randomJson(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 4 || pick < 0.35) {
    const scalar = Math.floor(next() * 6);
    if (scalar === 0) return null;
    if (scalar === 1) return next() < 0.5;
    if (scalar === 2) return Math.floor(next() * 2000) - 1000;
    if (scalar === 3) return (next() - 0.5) * 1e21;
    return randomString(next);
  }
  const count = Math.floor(next() * 5);
  if (pick < 0.65) return Array.from({ length: count }, () => randomJson(next, depth + 1));
  const object: Record<string, unknown> = {};
  for (let i = 0; i < count; i++)
    object[next() < 0.2 ? String(i * 7) : randomString(next)] = randomJson(next, depth + 1);
  return object;
}

/** Wraps a parsed value so every read of a property or element is counted (what the serializer visits). */
function counted(value: unknown, reads: { count: number }): unknown {
  if (typeof value !== "object" || value === null) return value;
  return new Proxy(value, {
    get(target, key, receiver) {
      reads.count++;
      return counted(Reflect.get(target, key, receiver), reads);
    },
    getOwnPropertyDescriptor(target, key) {
      reads.count++;
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      return descriptor && "value" in descriptor
        ? { ...descriptor, value: counted(descriptor.value, reads) }
        : descriptor;
    },
  });
}

describe("boundedJson / capJson", () => {
  it("writes exactly what JSON.stringify(value, null, 2) writes when that fits (2,000 random parsed values)", () => {
    const next = random(14);
    for (let i = 0; i < 2000; i++) {
      const value = JSON.parse(JSON.stringify(randomJson(next, 0))) as unknown;
      const expected = JSON.stringify(value, null, 2);
      assert.deepEqual(capJson(value, expected.length), { text: expected, truncated: false }, expected);
      assert.deepEqual(capJson(value, LIMITS.rawInputChars), { text: expected, truncated: false });
    }
  });

  it("over the budget: the beginning of the same JSON, cut within the budget and ended with …", () => {
    const next = random(4);
    for (let i = 0; i < 2000; i++) {
      const value = JSON.parse(JSON.stringify(randomJson(next, 0))) as unknown;
      const full = JSON.stringify(value, null, 2);
      if (full.length < 2) continue;
      const max = 1 + Math.floor(next() * (full.length - 1));
      const { text, truncated } = capJson(value, max);
      assert.equal(truncated, true, full);
      assert.ok(text.length <= max, `${text.length} > ${max}`);
      assert.ok(text.endsWith("…"));
      const kept = text.slice(0, -1);
      assert.ok(full.startsWith(kept), `${JSON.stringify(kept)} is not the start of ${JSON.stringify(full)}`);
      assert.ok(kept.length >= max - 2, "cut early"); // at most the mark and half a surrogate pair
    }
  });

  it("reads a bounded number of nodes from 7 MB of small objects (the card-build case)", () => {
    const files = Array.from({ length: 73_400 }, (_, i) => ({
      path: `src/f${i}.ts`,
      content: "y".repeat(70),
    }));
    const reads = { count: 0 };
    const { text, truncated } = capJson(counted({ files }, reads), LIMITS.rawInputChars);
    assert.equal(truncated, true);
    assert.ok(text.length <= LIMITS.rawInputChars);
    assert.ok(text.startsWith('{\n  "files": [\n    {\n      "path": "src/f0.ts",'));
    // About 120 output characters per object: some 550 objects fit in 64 KB, each read a few times.
    assert.ok(reads.count < 5_000, `${reads.count} reads`);
    assert.ok(boundedJson({ files }, LIMITS.rawInputChars).visited < 2_000);
  });

  it("a huge array of numbers, a huge string and a huge key cost about the budget", () => {
    const max = 1000;
    const numbers = boundedJson(
      Array.from({ length: 1_000_000 }, (_, i) => i),
      max,
    );
    assert.equal(numbers.truncated, true);
    assert.ok(numbers.visited <= max, `${numbers.visited}`);
    const string = boundedJson({ content: "\u0001".repeat(5_000_000) }, max);
    assert.equal(string.text.length, max);
    assert.ok(string.text.startsWith('{\n  "content": "\\u0001\\u0001'));
    const key = boundedJson({ ["k\n".repeat(1_000_000)]: 1 }, max);
    assert.equal(key.text.length, max);
    assert.ok(key.text.startsWith('{\n  "k\\nk\\n'));
  });

  it("deep nesting neither blows the stack nor the budget", () => {
    // JSON.parse builds this iteratively; a recursive walk of all of it would overflow the stack.
    const deep = JSON.parse(`${"[".repeat(200_000)}${"]".repeat(200_000)}`) as unknown;
    const result = capJson(deep, LIMITS.rawInputChars);
    assert.equal(result.truncated, true);
    assert.ok(result.text.length <= LIMITS.rawInputChars);
    assert.ok(result.text.startsWith("[\n  [\n    [\n"));
    const huge = boundedJson(deep, 100_000_000);
    assert.equal(huge.truncated, true); // stopped by the nesting bound before the budget
    assert.ok(huge.visited <= 1_001);
  });

  it("runs no code of the value: getters and toJSON are not called, and left-out values cost budget too", () => {
    let calls = 0;
    const hostile = {
      get big() {
        calls++;
        return "x".repeat(10_000_000);
      },
      toJSON() {
        calls++;
        return "replaced";
      },
      plain: 1,
    };
    assert.deepEqual(capJson(hostile, 1000), { text: '{\n  "plain": 1\n}', truncated: false });
    assert.equal(calls, 0);
    const skipped: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) skipped[`k${i}`] = undefined;
    const result = boundedJson(skipped, 1000);
    assert.ok(result.visited <= 1001, `${result.visited}`);
    assert.equal(result.truncated, true);
  });

  it("keeps JSON.stringify's cases: keys with control characters, empty containers, non-finite numbers", () => {
    const value = {
      "a\u0000\u001b[31m\u202e": [],
      "": {},
      n: [Infinity, NaN, -0, 1e21],
      u: [undefined, () => 1],
    };
    assert.equal(capJson(value, 10_000).text, JSON.stringify(value, null, 2));
    assert.deepEqual(capJson(undefined, 100), { text: "undefined", truncated: false });
    assert.deepEqual(capJson({ n: 10n }, 100), { text: "[object Object]", truncated: false });
    assert.deepEqual(capJson("😀😀", 3), { text: '"…', truncated: true }); // never half an emoji
  });

  it("jsonLongerThan tells whether compact JSON.stringify is longer than the cap, reading a bounded number of nodes", () => {
    const next = random(99);
    for (let i = 0; i < 2000; i++) {
      const value = JSON.parse(JSON.stringify(randomJson(next, 0))) as unknown;
      const length = JSON.stringify(value).length;
      assert.equal(jsonLongerThan(value, length), false, JSON.stringify(value));
      assert.equal(jsonLongerThan(value, length - 1), length > 0, JSON.stringify(value));
    }
    const files = Array.from({ length: 73_400 }, (_, i) => ({
      path: `src/f${i}.ts`,
      content: "y".repeat(70),
    }));
    const reads = { count: 0 };
    assert.equal(jsonLongerThan(counted({ files }, reads), 64 * 1024), true);
    assert.ok(reads.count < 5_000, `${reads.count} reads`);
  });
  it("compactLengthPasses is a lower bound: never true at or above the true length, true far over it", () => {
    const next = random(7);
    let passed = 0;
    for (let i = 0; i < 2000; i++) {
      const value = JSON.parse(JSON.stringify(randomJson(next, 0))) as unknown;
      const length = JSON.stringify(value).length;
      assert.equal(compactLengthPasses(value, length), false, JSON.stringify(value));
      // Below the length it may or may not prove it; when it does, the exact count agrees.
      const cap = Math.floor(length / 2);
      if (compactLengthPasses(value, cap)) {
        passed++;
        assert.equal(jsonLongerThan(value, cap), true);
      }
    }
    assert.ok(passed > 200, `${passed} values proven over half their length`);
    // Escapes, non-finite numbers, left-out values and holes: all longer in the real text, never shorter.
    const sparse: unknown[] = [];
    sparse[3] = "x";
    const odd = { q: '"\\\n', n: [Infinity, -0, 1e21], u: [undefined, () => 1], s: sparse, e: {}, a: [] };
    assert.equal(compactLengthPasses(odd, JSON.stringify(odd).length), false);
  });

  it("compactLengthPasses proves 7 MB of small objects over 1 MB reading about 1 MB, and runs no getter", () => {
    const files = Array.from({ length: 73_400 }, (_, i) => ({
      path: `src/f${i}.ts`,
      content: "y".repeat(70),
    }));
    const reads = { count: 0 };
    assert.equal(compactLengthPasses(counted({ files }, reads), 1024 * 1024), true);
    // About 100 characters per object: some 10,500 of the 73,400 objects, a few reads each (the proxy counts the
    // enumerability checks of Object.keys too); reading them all would be over 300,000.
    assert.ok(reads.count < 60_000, `${reads.count} reads`);
    let calls = 0;
    const hostile = {
      get big() {
        calls++;
        return "x".repeat(1000);
      },
    };
    assert.equal(compactLengthPasses(hostile, 100), false);
    assert.equal(calls, 0);
  });

  it("compactLengthPasses gives up (false) past the nesting bound and past as many values as the cap", () => {
    const deep = JSON.parse(`${"[".repeat(5_000)}${"]".repeat(5_000)}`) as unknown;
    assert.equal(compactLengthPasses(deep, 1_000), false);
    assert.equal(jsonLongerThan(deep, 1_000), true); // the exact count decides
    const reads = { count: 0 };
    const empties = Array.from({ length: 100_000 }, () => ({}));
    assert.equal(compactLengthPasses(counted(empties, reads), 1_000_000), false);
    assert.ok(reads.count < 200_000, `${reads.count} reads`);
    assert.equal(compactLengthPasses(empties, 100_000), true); // 300,001 characters, 100,001 values
  });
});
