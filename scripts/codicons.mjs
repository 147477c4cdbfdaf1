// The codicons the views draw, into dist/codicons: the icon font cut down to those glyphs (as WOFF2, which webviews
// read: 6.2 KB where the TrueType cut took 7.3 KB of the .vsix) and its stylesheet to their rules. The whole font is
// 126 KB (61 KB of the .vsix) for about 650 icons; the views use a few dozen. Which ones is
// read from the views' sources: every word of a string literal that names a codicon (`icon("shield")`, a map of
// kinds to icons, a button's `icon` attribute). A name made at run time from pieces would be missed; the e2e
// suites' axe scans check that every icon on screen has its glyph (`test/harness/axe.ts`).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";

const CODICONS = "node_modules/@vscode/codicons/dist";
/** Where the views' code is: the Symposium view and the approval history page. */
const SOURCES = ["webview"];

/** `.codicon-add:before { content: "\ea60" }`: one icon's rule (aliases share a code point). */
const ICON_RULE = /^\.codicon-([a-z0-9-]+):before\s*\{\s*content:\s*"\\([0-9a-f]+)"\s*\}\s*$/;

/**
 * Writes the cut-down font and stylesheet; `all` keeps every icon, as @vscode/codicons' TrueType file (watch mode, where
 * sources change under it).
 */
export async function writeCodicons({ all = false } = {}) {
  const css = readFileSync(join(CODICONS, "codicon.css"), "utf8").split("\n");
  const firstIcon = css.findIndex((line) => ICON_RULE.test(line));
  const rules = css.slice(firstIcon).flatMap((line) => {
    const match = ICON_RULE.exec(line);
    return match ? [{ name: match[1] ?? "", codePoint: parseInt(match[2] ?? "", 16), line }] : [];
  });
  const used = all ? undefined : namesUsed(new Set(rules.map((rule) => rule.name)));
  const kept = used ? rules.filter((rule) => used.has(rule.name)) : rules;
  const text = String.fromCodePoint(...new Set(kept.map((rule) => rule.codePoint)));
  const font = readFileSync(join(CODICONS, "codicon.ttf"));
  const subset = all ? font : await subsetFont(font, text, { targetFormat: "woff2" });
  const [file, format] = all ? ["codicon.ttf", "truetype"] : ["codicon.woff2", "woff2"];
  // The font's URL carries a hash of its bytes, so a webview never keeps an older cut of it.
  const hash = createHash("sha256").update(subset).digest("hex").slice(0, 32);
  const source = /url\("\.\/codicon\.ttf\?[0-9a-f]+"\) format\("truetype"\)/;
  const preamble = css.slice(0, firstIcon).join("\n");
  if (!source.test(preamble))
    throw new Error("codicon.css names its font otherwise: update scripts/codicons.mjs");
  // The other format's file of an earlier build goes: the package takes the whole folder.
  rmSync("dist/codicons", { recursive: true, force: true });
  mkdirSync("dist/codicons", { recursive: true });
  writeFileSync(`dist/codicons/${file}`, subset);
  const face = preamble.replace(source, `url("./${file}?${hash}") format("${format}")`);
  writeFileSync("dist/codicons/codicon.css", `${face}\n${kept.map((rule) => rule.line).join("\n")}\n`);
}

/**
 * The codicon names that appear as words of string literals in the views' sources.
 * @param {ReadonlySet<string>} names
 * @returns {Set<string>}
 */
function namesUsed(names) {
  /** @type {Set<string>} */
  const used = new Set();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(dir))) {
    for (const match of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? "";
      for (const word of literal.split(/\s+/)) if (names.has(word)) used.add(word);
    }
  }
  return used;
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}
