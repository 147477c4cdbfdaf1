// `npm run bench`: compiles bench/**/*.ts to out/bench/ (the options of the test build in esbuild.config.mjs; only
// the benchmark entries, so the dist/ bundles other runs use are left alone), then runs the driver, out/bench/main.js,
// with --expose-gc. The driver builds its own production bundles in a temporary folder, measures, and writes
// bench/results/latest.{json,md} plus SVG plots. Options (passed through): --quick (fewer samples, for trying
// changes), --only <group> (repeatable: floors, memory, cards, activation, bundles, host), --docs (also refresh the
// generated part of docs/performance.md and its plots).
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function tsFilesBelow(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFilesBelow(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const started = Date.now();
await esbuild.build({
  absWorkingDir: root,
  entryPoints: tsFilesBelow(join(root, "bench")),
  bundle: true,
  minify: false,
  sourcemap: "inline",
  legalComments: "none",
  logLevel: "warning",
  outbase: root,
  outdir: join(root, "out"),
  platform: "node",
  format: "cjs",
  target: "node20",
  external: ["vscode", "mocha", "playwright-core", "ajv", "ajv/*"],
  mainFields: ["module", "main"],
});
console.log(`Compiled the benchmarks in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

const child = spawn(
  process.execPath,
  ["--expose-gc", "--enable-source-maps", join(root, "out", "bench", "main.js"), ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
