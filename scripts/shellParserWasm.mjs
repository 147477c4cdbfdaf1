/**
 * The shell parser's wasm (the tree-sitter runtime and the bash grammar) next to the bundles, where
 * `src/core/policy/shellParser.ts` reads it. A production build ships each file brotli-compressed (`.wasm.br`): the
 * two make 270 KB of the 600 KB `.vsix` deflated and 199 KB this way, and inflating them when the policy first loads
 * takes about 5 ms (compressed once, `brotliCached`).
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCached } from "./brotli.mjs";

/** @type {[source: string, name: string][]} */
const WASM = [
  ["node_modules/web-tree-sitter/web-tree-sitter.wasm", "web-tree-sitter.wasm"],
  ["node_modules/tree-sitter-bash/tree-sitter-bash.wasm", "tree-sitter-bash.wasm"],
];

/**
 * Writes the wasm files into `dist`: raw for development, `.br` for a production build (and removes the other).
 * @param {string} dist
 * @param {{ compressed: boolean }} options
 */
export function writeShellParserWasm(dist, { compressed }) {
  mkdirSync(dist, { recursive: true });
  for (const [source, name] of WASM) {
    const raw = join(dist, name);
    const br = `${raw}.br`;
    rmSync(compressed ? raw : br, { force: true });
    if (!compressed) {
      cpSync(source, raw);
      continue;
    }
    writeFileSync(br, brotliCached(readFileSync(source)));
  }
}
