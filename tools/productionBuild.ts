/**
 * Production bundles, built by the project's own `esbuild.config.mjs --production --no-tests`, into a temporary
 * folder instead of `dist/` (which `npm test` and other runs rebuild in development mode at the same time). The folder
 * gets symbolic links to the repository's top-level entries (sources, node_modules, …), so the config runs
 * unchanged with that folder as its working directory; the links are removed afterwards. `stageExtension` then
 * copies what the packaged extension holds besides `dist/` (package.json, the files `.vscodeignore` lets in), so the
 * folder can be packaged with vsce or loaded as an extension development path.
 *
 * For analyses, the config's own options and plugins are kept and only extended: a module loader hook hands the
 * config a wrapper of esbuild whose `build()` adds a metafile and extra entry points to the build that makes
 * dist/extension.js.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync } from "node:zlib";

/** Entries that are never inputs of the build (or are its output). */
const NOT_LINKED = new Set(["dist", "out", ".git", ".vscode-test", "test-results"]);

export interface ProductionBuild {
  /** The temporary folder; its `dist/` holds the production bundles. */
  dir: string;
  dist: string;
  seconds: number;
  remove(): void;
}

export interface BuildAnalysis {
  /** Write the extension build's metafile to `<dir>/extension.meta.json`. */
  metafile?: boolean;
  /** More entry points for the extension build (name -> source path), e.g. to measure one module bundled alone. */
  extraEntries?: Record<string, string>;
}

/** Loader hook files: `esbuild` imported by esbuild.config.mjs resolves to a wrapper of the real one. */
function writeEsbuildHook(repoRoot: string, dir: string, analysis: BuildAnalysis): string {
  const real = pathToFileURL(createRequire(join(repoRoot, "package.json")).resolve("esbuild")).href;
  writeFileSync(
    join(dir, "esbuild-wrapper.mjs"),
    [
      `import { writeFileSync } from "node:fs";`,
      `import * as real from ${JSON.stringify(real)};`,
      `export * from ${JSON.stringify(real)};`,
      `const analysis = ${JSON.stringify({ ...analysis, metafileOut: join(dir, "extension.meta.json") })};`,
      `export async function build(options) {`,
      `  const entries = options.entryPoints;`,
      `  if (!entries || Array.isArray(entries) || !("extension" in entries)) return real.build(options);`,
      `  const result = await real.build({ ...options, entryPoints: { ...entries, ...(analysis.extraEntries ?? {}) }, metafile: options.metafile || !!analysis.metafile });`,
      `  if (analysis.metafile) writeFileSync(analysis.metafileOut, JSON.stringify(result.metafile));`,
      `  return result;`,
      `}`,
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "esbuild-hooks.mjs"),
    [
      `export async function resolve(specifier, context, next) {`,
      `  if (specifier === "esbuild" && context.parentURL && context.parentURL.endsWith("/esbuild.config.mjs"))`,
      `    return { url: new URL("./esbuild-wrapper.mjs", import.meta.url).href, shortCircuit: true };`,
      `  return next(specifier, context);`,
      `}`,
    ].join("\n"),
  );
  const register = join(dir, "esbuild-register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister("./esbuild-hooks.mjs", import.meta.url);\n`,
  );
  return register;
}

export function buildProduction(repoRoot: string, analysis?: BuildAnalysis): ProductionBuild {
  const dir = mkdtempSync(join(tmpdir(), "symposium-production-"));
  const linked: string[] = [];
  const started = Date.now();
  try {
    for (const name of readdirSync(repoRoot)) {
      if (NOT_LINKED.has(name) || name.endsWith(".vsix")) continue;
      symlinkSync(join(repoRoot, name), join(dir, name));
      linked.push(name);
    }
    const hook = analysis ? ["--import", pathToFileURL(writeEsbuildHook(repoRoot, dir, analysis)).href] : [];
    const result = spawnSync(
      process.execPath,
      [...hook, join(repoRoot, "esbuild.config.mjs"), "--production", "--no-tests"],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    if (result.status !== 0) {
      throw new Error(
        `esbuild.config.mjs --production failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
      );
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    for (const name of linked) rmSync(join(dir, name), { force: true }); // the link only, never its target
    for (const name of ["esbuild-wrapper.mjs", "esbuild-hooks.mjs", "esbuild-register.mjs"])
      rmSync(join(dir, name), { force: true });
  }
  return {
    dir,
    dist: join(dir, "dist"),
    seconds: (Date.now() - started) / 1000,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Copies next to `dist/` what the extension ships besides it: every top-level file of the repository (the
 * `.vscodeignore` allow-list decides what vsce takes) and every top-level folder `.vscodeignore` re-includes.
 */
export function stageExtension(repoRoot: string, build: ProductionBuild): void {
  const ignore = readFileSync(join(repoRoot, ".vscodeignore"), "utf8");
  const folders = new Set(
    ignore
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.startsWith("!"))
      .map((line) => line.slice(1).replace(/^\//, "").split("/")[0]!)
      .filter((name) => name && name !== "dist" && !name.includes("*")),
  );
  for (const name of readdirSync(repoRoot)) {
    const source = join(repoRoot, name);
    const isFile = statSync(source).isFile();
    if ((isFile && !name.endsWith(".vsix")) || (!isFile && folders.has(name))) {
      cpSync(source, join(build.dir, name), { recursive: true });
    }
  }
}

/**
 * A bundle's code as it runs: a production build ships some brotli-compressed (`scripts/brotli.mjs`), `<name>.br`
 * beside a loader of that name, whose own few hundred bytes are not the bundle.
 */
export function bundleCode(file: string): Buffer {
  let compressed: Buffer;
  try {
    compressed = readFileSync(`${file}.br`);
  } catch {
    return readFileSync(file);
  }
  return brotliDecompressSync(compressed);
}
