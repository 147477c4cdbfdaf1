/**
 * What a production build ships brotli-compressed: the shell parser's wasm (`shellParserWasm.mjs`) and the ACP
 * runtime's bundle, each about a fifth smaller than the `.vsix`'s deflate makes it. Compressed at the highest quality
 * once, and kept in `node_modules/.cache` under the input's hash: that takes seconds for a file of a few hundred KB,
 * and the size and package tests make several production builds.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

/**
 * @param {Buffer} bytes
 * @returns {Buffer}
 */
export function brotliCached(bytes) {
  const cache = join("node_modules", ".cache", "symposium-brotli");
  const cached = join(cache, `${createHash("sha256").update(bytes).digest("hex")}.br`);
  if (existsSync(cached)) return readFileSync(cached);
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  };
  const compressed = brotliCompressSync(bytes, { params });
  mkdirSync(cache, { recursive: true });
  writeFileSync(cached, compressed);
  return compressed;
}

/**
 * Replaces the CommonJS bundle `dist/<name>` with `<name>.br` and a loader of that name, which inflates it and runs
 * it as this very module, so that the extension's `import()` and the demo agent's `require()` are unchanged.
 * Inflating the ACP runtime (645 KB) takes about 4 ms of its first agent start.
 * @param {string} dist
 * @param {string} name
 * @param {{ script?: boolean }} [options]
 */
export function compressBundle(dist, name, { script = false } = {}) {
  const file = join(dist, name);
  const bundle = readFileSync(file);
  // `import()` of a CommonJS file names its exports from the file's text: esbuild writes them at its end as
  // `0&&(module.exports={…})`, which the loader repeats (the extension imports the runtime). A script (the demo
  // agent, which `node` runs) exports nothing.
  const exportNames = script
    ? ""
    : /0&&\(module\.exports=\{[\w$,]*\}\);\s*$/.exec(bundle.toString("utf8"))?.[0];
  if (exportNames === undefined)
    throw new Error(`dist/${name} does not end by naming its exports for import()`);
  writeFileSync(`${file}.br`, brotliCached(bundle));
  writeFileSync(
    file,
    `"use strict";\n// ${name} ships brotli-compressed (scripts/brotli.mjs): this inflates it and runs it as this module.\n` +
      // Run as Node runs a CommonJS file, with its wrapper's arguments (`vm`, not Node's internal `module._compile`).
      `require("node:vm").compileFunction(require("node:zlib").brotliDecompressSync(require("node:fs").readFileSync(__filename + ".br")).toString("utf8"), ["exports", "require", "module", "__filename", "__dirname"], { filename: __filename })(exports, require, module, __filename, __dirname);\n` +
      (exportNames ? `${exportNames.trim()}\n` : ""),
  );
}

/**
 * Writes `dist/<name>.br` beside `dist/<name>`, which stays for development runs of the build; the package ships the
 * `.br` alone (`.vscodeignore`), and the extension writes it out where the webview loads it (`webviewScript.ts`).
 * @param {string} dist
 * @param {string} name
 */
export function compressAsset(dist, name) {
  const file = join(dist, name);
  writeFileSync(`${file}.br`, brotliCached(readFileSync(file)));
}
