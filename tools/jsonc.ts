// settings.json is JSON with comments and trailing commas. jsonc-parser is not a dependency, and VS Code writes plain
// JSON there anyway, so a small tolerant reader is enough.
import { readFileSync } from "node:fs";

/** Index of the next character after whitespace and comments, starting at `i`. */
function skipTrivia(text: string, i: number): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith("//", i)) {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      return i;
    }
  }
}

/** Parses JSON that may contain `//` and block comments and trailing commas (outside strings). */
export function parseJsonc(text: string): unknown {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1; // copy the string literal verbatim, honouring escapes
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (text.startsWith("//", i) || text.startsWith("/*", i)) {
      i = skipTrivia(text, i);
      out += " ";
    } else if (c === ",") {
      const next = text[skipTrivia(text, i + 1)];
      if (next !== "}" && next !== "]") out += c; // drop a trailing comma
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out) as unknown;
}

export function readJsonc(path: string): unknown {
  return parseJsonc(readFileSync(path, "utf8"));
}

/** Parses a settings.json text; throws naming `source` unless it holds a JSON object. */
export function parseSettings(text: string, source: string): Record<string, unknown> {
  const value = parseJsonc(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${source} does not hold a JSON object of settings`);
  }
  return value as Record<string, unknown>;
}

/**
 * The settings named by SYMPOSIUM_TEST_SETTINGS (a JSON file), or {} without it. `${repoRoot}` in the file stands for
 * this checkout, so a committed file can point at test agents built into out/.
 */
export function testSettingsFromEnv(repoRoot: string): Record<string, unknown> {
  const file = process.env.SYMPOSIUM_TEST_SETTINGS;
  if (!file) return {};
  const text = readFileSync(file, "utf8").replaceAll("${repoRoot}", JSON.stringify(repoRoot).slice(1, -1));
  return parseSettings(text, `SYMPOSIUM_TEST_SETTINGS=${file}`);
}
