// `npm run bench`: compiles bench/**/*.ts and tools/ to out/ (the Node-side options of scripts/buildOptions.mjs; only
// those entries, so the dist/ bundles other runs use are left alone), then runs the driver, out/bench/main.js, with
// --expose-gc. The driver builds its own production bundles in a temporary folder, measures, and writes
// bench/results/latest.{json,md}. Options (passed through): --quick (fewer samples, for trying changes), --only <group>
// (repeatable: cards, memory, activation, bundles, floors, client, host), --docs (also refresh the generated part of
// docs/performance.md).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { nodeScriptsBuild } from "./buildOptions.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

const started = Date.now();
await esbuild.build({ ...nodeScriptsBuild(root, ["bench", "tools"]), logLevel: "warning" });
console.log(`Compiled the benchmarks in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

const child = spawn(
  process.execPath,
  ["--expose-gc", "--enable-source-maps", join(root, "out", "bench", "main.js"), ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"]))
  process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
