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
 * Replaces the CommonJS bundle `dist/<name>` with `<name>.br` and a loader of that name, which inflates it and
 * compiles it as this very module, so that `require("./<name>")` (the extension, the demo agent) is unchanged.
 * Inflating the ACP runtime (645 KB) takes about 4 ms of its first agent start.
 * @param {string} dist
 * @param {string} name
 */
export function compressBundle(dist, name) {
  const file = join(dist, name);
  writeFileSync(`${file}.br`, brotliCached(readFileSync(file)));
  writeFileSync(
    file,
    `"use strict";\n// ${name} ships brotli-compressed (scripts/brotli.mjs): this inflates it and compiles it as this module.\n` +
      `module._compile(require("node:zlib").brotliDecompressSync(require("node:fs").readFileSync(__filename + ".br")).toString("utf8"), __filename);\n`,
  );
}
