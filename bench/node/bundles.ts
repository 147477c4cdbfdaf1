/**
 * Bundle and package sizes: the production bundles (minified, and gzipped for scale), and the `.vsix` that
 * `vsce package --no-dependencies` makes of them (what `npm run package` does, run on the staged production build so
 * the repository's dist/ is left alone), with its file list checked for node_modules.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { extensionComposition } from "../build/esbuildApi";
import { bundleCode, type ProductionBuild } from "../../tools/productionBuild";

export interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleResult {
  files: FileSize[];
  vsixBytes: number;
  vsixEntries: string[];
  nodeModulesInVsix: string[];
  /** Minified bytes of dist/extension.js by origin (npm package or src/ folder), from an esbuild metafile. */
  composition: { origin: string; bytes: number }[];
  /** Set when packaging needed a workaround (what `npm run package` would hit). */
}

/** Names of the entries of a zip file, from its central directory. */
export function zipEntries(zip: Buffer): string[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("not a zip file: no end of central directory");
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error("corrupt central directory");
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString("utf8", offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

export function vsceBin(repoRoot: string): string {
  return join(repoRoot, "node_modules", "@vscode", "vsce", "vsce");
}

export function measureBundles(repoRoot: string, build: ProductionBuild): BundleResult {
  const files = ["extension.js", "webview.js", "webview.css", "demoAgent.js", "history.js", "history.css"]
    .filter((name) => existsSync(join(build.dist, name)))
    .map((name) => {
      const content = bundleCode(join(build.dist, name));
      return {
        file: `dist/${name}`,
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
      };
    });
  const vsix = join(build.dir, "symposium.vsix");
  const vsce = (extra: string[]) =>
    spawnSync(
      process.execPath,
      [vsceBin(repoRoot), "package", "--no-dependencies", "--out", vsix, ...extra],
      { cwd: build.dir, encoding: "utf8" },
    );
  // The same flags as `npm run package` (README.md links its screenshot relatively).
  const result = vsce(["--no-rewrite-relative-links"]);
  if (result.status !== 0)
    throw new Error(`vsce package failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  const vsixEntries = zipEntries(readFileSync(vsix));
  return {
    composition: extensionComposition(build),
    files,
    vsixBytes: statSync(vsix).size,
    vsixEntries,
    nodeModulesInVsix: vsixEntries.filter((entry) => entry.split("/").includes("node_modules")),
  };
}
