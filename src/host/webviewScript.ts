/**
 * Where the Symposium view's script is loaded from. A development build has `dist/webview.js`. The package ships it
 * brotli-compressed (`dist/webview.js.br`: 8 KB of the .vsix less than the zip's own compression of it), and it is
 * written out once per build into the extension's global storage, which the view may then load from. The file is
 * named by the checksum of what it was made from, so a window of another version never loads this one's script; it is
 * written beside and renamed into place, so a window reading it never sees half a file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, crc32 } from "node:zlib";

/** The folder of the global storage the script is written to (`localResourceRoots` must name it). */
export const STORED_SCRIPT_FOLDER = "webview";

/**
 * `dist`: the extension's `dist` folder; `storage`: its global storage folder. The name of the script written into
 * `<storage>/webview`, or undefined where the build has `dist/webview.js`. Throws where it cannot be written.
 */
export function storedWebviewScript(dist: string, storage: string): string | undefined {
  if (existsSync(join(dist, "webview.js"))) return undefined;
  const packed = readFileSync(join(dist, "webview.js.br"));
  const folder = join(storage, STORED_SCRIPT_FOLDER);
  // Named by a checksum and length, not a cryptographic digest: activation does not load node:crypto (it tells builds
  // apart; nothing here is an attacker's to choose).
  const name = `webview-${crc32(packed).toString(16)}-${packed.length}.js`;
  const file = join(folder, name);
  if (existsSync(file)) return name;
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, brotliDecompressSync(packed));
  renameSync(partial, file);
  // Earlier builds' scripts (a window still on one writes its own again when its view next loads).
  for (const entry of readdirSync(folder))
    if (entry.endsWith(".js") && entry !== name) rmSync(join(folder, entry), { force: true });
  return name;
}
