/**
 * Pretty JSON of an untrusted value that stops walking once its output budget is spent. `JSON.stringify` visits
 * every node even when only the first 64 KB are kept (a replacer can blank what is over budget, not skip it): 7 MB of
 * raw input made of 73k small objects took 28 ms to cap. Here the walk ends at the budget, so the work is bounded by
 * the output size whatever the input.
 *
 * Output: for what `JSON.parse` can produce, exactly `JSON.stringify(value, null, 2)` while that fits in `max`
 * characters; otherwise its first characters, cut before `max` and ended with "…" (`truncated`). Values
 * `JSON.parse` never produces follow `JSON.stringify` where that is harmless (undefined, functions and symbols are
 * left out, or `null` in arrays; non-finite numbers are `null`; a bigint throws a `TypeError`) but no code of the
 * value runs: `toJSON` methods and getters are not called (an accessor property is left out, as if undefined).
 * The text is always a new string (the written parts joined into one): keeping it keeps no string of the value alive.
 */

export interface BoundedJson {
  text: string;
  truncated: boolean;
  /** Values read (the root, each array element and each property), for tests of the work bound. */
  visited: number;
}

/**
 * Past this nesting the walk stops as if the budget were spent. Never reached under the budgets used here: each level
 * adds its indentation to the output, so 64 KB hold about 250 levels; it keeps a huge `max` from blowing the stack.
 */
const MAX_DEPTH = 1_000;

export function boundedJson(value: unknown, max: number): BoundedJson {
  return new Writer(Math.max(0, max), "  ", "text").run(value);
}

/**
 * Whether `JSON.stringify(value)` (compact) is longer than `max` characters, found by writing (and keeping) no more
 * than `max` of them. Throws where `JSON.stringify` throws (a bigint).
 */
export function jsonLongerThan(value: unknown, max: number): boolean {
  const cap = Math.max(0, max);
  // First a cheap lower bound: a value far over the cap is known to be so at that price. Only one that may fit is
  // counted exactly.
  return compactLengthPasses(value, cap) || new Writer(cap, "", "count").run(value).truncated;
}

/**
 * Whether a lower bound of the compact JSON's length already passes `cap`: each string counted as if it needed no
 * escaping (its length, with no test of its characters), each number as one character, nothing written or kept.
 * About twice as fast as the writer's count over small objects, which matters because a value far over the cap
 * (7 MB of raw input) is read until the bound passes it. Reads values as the writer does (own data properties only,
 * no getter or `toJSON` runs) and gives up (false) past the writer's nesting or as many values as the cap, so its
 * work is bounded like the writer's. True only when the writer's count would pass the cap too.
 */
export function compactLengthPasses(value: unknown, cap: number): boolean {
  const bound = new LowerBound(cap);
  bound.value(value, 0);
  return !bound.gaveUp && bound.length > cap;
}

/**
 * A lower bound of the compact JSON's length, as `compactLengthPasses` counts it (strings as if unescaped), read no
 * further than `cap`: `cap` when the bound passes it or the walk gives up. What a kept value holds, for a budget.
 */
export function compactLengthLowerBound(value: unknown, cap: number): number {
  const bound = new LowerBound(cap);
  bound.value(value, 0);
  return bound.gaveUp ? cap : Math.min(bound.length, cap);
}

class LowerBound {
  length = 0;
  gaveUp = false;
  private visited = 0;
  /** The bound passed the cap, or the walk gave up: every loop stops. */
  private done = false;

  constructor(private readonly cap: number) {}

  /** Adds a lower bound of what `value` writes; false when it writes nothing (left out, or `null` in an array). */
  value(value: unknown, depth: number): boolean {
    if (++this.visited > this.cap) return this.giveUp();
    switch (typeof value) {
      case "string":
        this.length += value.length + 2;
        break;
      case "number":
        this.length += 1;
        break;
      case "boolean":
        this.length += 4;
        break;
      case "bigint":
        throw new TypeError("Do not know how to serialize a BigInt");
      case "object":
        if (value === null) this.length += 4;
        else if (depth >= MAX_DEPTH) return this.giveUp();
        else if (Array.isArray(value)) this.array(value, depth);
        else this.object(value, depth);
        break;
      default:
        return false;
    }
    if (this.length > this.cap) this.done = true;
    return true;
  }

  private array(array: readonly unknown[], depth: number): void {
    const count = array.length;
    // The brackets and the commas between elements.
    this.length += count === 0 ? 2 : count + 1;
    for (let index = 0; index < count && !this.done; index++) {
      const descriptor = Object.getOwnPropertyDescriptor(array, index);
      const item = descriptor && "value" in descriptor ? (descriptor.value as unknown) : undefined;
      if (!this.value(item, depth + 1)) this.length += 4; // written as null
    }
  }

  private object(object: object, depth: number): void {
    this.length += 2;
    let written = 0;
    for (const key of Object.keys(object)) {
      if (this.done) return;
      const descriptor = Object.getOwnPropertyDescriptor(object, key);
      const item = descriptor && "value" in descriptor ? (descriptor.value as unknown) : undefined;
      // The key, its quotes and colon, and the comma before all but the first property.
      if (this.value(item, depth + 1)) this.length += key.length + (written++ === 0 ? 3 : 4);
    }
  }

  private giveUp(): false {
    this.gaveUp = this.done = true;
    return false;
  }
}

/** What a value is written as, or `skip` where `JSON.stringify` leaves it out. */
type Kind = "skip" | "value";

class Writer {
  private readonly parts: string[] = [];
  private length = 0;
  private full = false;
  private visited = 0;
  private readonly indents = [""];
  /** What follows an opening bracket or a comma, before the indentation ("" when compact). */
  private readonly newline: string;
  private readonly colon: string;

  private readonly keep: boolean;

  /**
   * `unit`: one level of indentation ("" for compact JSON). `mode`: keep the text, or only count it.
   */
  constructor(
    private readonly max: number,
    private readonly unit: string,
    mode: "text" | "count",
  ) {
    this.keep = mode === "text";
    this.newline = unit === "" ? "" : "\n";
    this.colon = unit === "" ? ":" : ": ";
  }

  run(value: unknown): BoundedJson {
    // A root `JSON.stringify` leaves out is shown as `String(value)`, as `JSON.stringify(value) ?? String(value)` did.
    if (this.value(value, 0) === "skip") this.write(String(value));
    const text = this.parts.join("");
    if (!this.full) return { text, truncated: false, visited: this.visited };
    if (this.max === 0) return { text: "", truncated: true, visited: this.visited };
    // Cut before the last character so the mark fits, without leaving half a surrogate pair.
    let end = this.max - 1;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
    return { text: `${text.slice(0, end)}…`, truncated: true, visited: this.visited };
  }

  /** Writes `value` at nesting `depth`; false once the budget is spent (callers stop at once). */
  private value(value: unknown, depth: number): Kind {
    if (this.full) return "value";
    this.visited++;
    // Values that write nothing (left-out properties) still cost one unit, so no input walks past the budget.
    if (this.visited > this.max) return this.stop();
    switch (typeof value) {
      case "string":
        this.string(value);
        return "value";
      case "number":
        this.write(Number.isFinite(value) ? String(value) : "null");
        return "value";
      case "boolean":
        this.write(value ? "true" : "false");
        return "value";
      case "bigint":
        throw new TypeError("Do not know how to serialize a BigInt");
      case "object":
        if (value === null) this.write("null");
        else if (depth >= MAX_DEPTH) this.stop();
        else if (Array.isArray(value)) this.array(value, depth);
        else this.object(value, depth);
        return "value";
      default:
        return "skip"; // undefined, function, symbol
    }
  }

  private array(array: readonly unknown[], depth: number): void {
    const count = array.length;
    if (count === 0) return void this.write("[]");
    const inner = this.indent(depth + 1);
    this.write("[");
    for (let index = 0; index < count && !this.full; index++) {
      this.write(index === 0 ? `${this.newline}${inner}` : `,${this.newline}${inner}`);
      if (this.value(ownValue(array, String(index)), depth + 1) === "skip") this.write("null");
    }
    this.write(`${this.newline}${this.indent(depth)}]`);
  }

  private object(object: object, depth: number): void {
    const inner = this.indent(depth + 1);
    let written = 0;
    this.write("{");
    for (const key of Object.keys(object)) {
      if (this.full) return;
      const item = ownValue(object, key);
      if (isSkipped(item)) {
        // Counted, as `value` would count it, so a million left-out properties cannot walk past the budget.
        if (++this.visited > this.max) this.stop();
        continue;
      }
      this.write(written === 0 ? `${this.newline}${inner}` : `,${this.newline}${inner}`);
      this.string(key);
      this.write(this.colon);
      this.value(item, depth + 1);
      written++;
    }
    this.write(written === 0 ? "}" : `${this.newline}${this.indent(depth)}}`);
  }

  /**
   * A JSON string literal, escaping no more of `text` than can still be written: escaping never shortens, so the
   * room left plus one character overflows the budget. The cut never ends on the first half of a surrogate pair
   * (alone it is escaped as `\udxxx`; whole, written as it is), so the output is a prefix of the whole literal.
   */
  private string(text: string): void {
    const room = this.max - this.length;
    if (text.length + 2 <= room && !NEEDS_ESCAPE.test(text)) {
      // Most strings need no escaping, and this test costs a third of a JSON.stringify call.
      if (this.keep) this.parts.push('"', text, '"');
      this.length += text.length + 2;
      return;
    }
    if (text.length <= room) return void this.write(JSON.stringify(text));
    if (!this.keep) return void this.stop(); // only counting: escaped, it cannot fit either
    let end = room + 1;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
    this.write(JSON.stringify(text.slice(0, end)).slice(0, -1));
  }

  private write(text: string): void {
    if (this.full) return;
    const room = this.max - this.length;
    if (text.length <= room) {
      if (this.keep) this.parts.push(text);
      this.length += text.length;
      return;
    }
    if (this.keep) this.parts.push(text.slice(0, room));
    this.length = this.max;
    this.full = true;
  }

  private stop(): "value" {
    this.full = true;
    return "value";
  }

  private indent(depth: number): string {
    while (this.indents.length <= depth) this.indents.push(`${this.indents.at(-1)}${this.unit}`);
    return this.indents[depth]!;
  }
}

/** What JSON.stringify escapes: quotes, backslashes, controls, and surrogates (a lone one is escaped). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** An own data property's value; undefined for a missing one or an accessor (its getter is not run). */
function ownValue(object: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(object, key);
  return descriptor && "value" in descriptor ? descriptor.value : undefined;
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}
