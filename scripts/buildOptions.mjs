// esbuild options both the main build (esbuild.config.mjs) and `npm run bench` (scripts/bench.mjs) use for the
// Node-side bundles of tests, benchmarks and tools, so the two cannot drift apart.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Every `.ts` file below `dir` (recursively); none when `dir` does not exist.
 * @param {string} dir
 * @returns {string[]}
 */
export function tsFilesBelow(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFilesBelow(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * One CommonJS file per `.ts` file of `dirs` under `out/` (same relative paths), for mocha and the bench driver.
 * @param {string} root the repository
 * @param {string[]} dirs folders of `root` to compile
 * @returns {import("esbuild").BuildOptions}
 */
export function nodeScriptsBuild(root, dirs) {
  return {
    absWorkingDir: root,
    entryPoints: dirs.flatMap((dir) => tsFilesBelow(join(root, dir))),
    bundle: true,
    minify: false,
    sourcemap: "inline",
    legalComments: "none",
    outbase: root,
    outdir: join(root, "out"),
    platform: "node",
    format: "cjs",
    target: "node20",
    // axe-core's script is read from node_modules at run time (`require.resolve`), to be evaluated in a page.
    external: ["vscode", "mocha", "playwright-core", "ajv", "ajv/*", "esbuild", "axe-core", "axe-core/*"],
    mainFields: ["module", "main"],
  };
}
