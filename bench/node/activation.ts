/**
 * Activation cost in fresh processes, with the production bundle and a stub `vscode` (fakeVscode.ts): `require` of
 * dist/extension.js and `activate()`, median of many runs. For attribution: V8 compiling the same file without running
 * it, loading the Node built-ins it requires, and the SDK runtime the extension imports lazily (src/acp/connectionRuntime.ts), bundled alone by the same
 * production build as an extra entry and required in a fresh process: what the first agent start pays instead.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ProductionBuild } from "../../tools/productionBuild";
import { benchOut } from "../paths";
import { summarize, type Summary } from "../stats";

export interface ActivationResult {
  runs: number;
  requireMs: Summary;
  activateMs: Summary;
  compileMs: Summary;
  /** require() of the Node built-ins the bundle loads (crypto, child_process, fs/promises, …). */
  builtinsMs: Summary;
  runtime?: { source: string; bytes: number; requireMs: Summary };
}

const CHILD = join(benchOut, "node", "activationChild.js");

/** The extra entry to give `buildProduction` for the runtime attribution (skipped if the module is gone). */
export const RUNTIME_ENTRY = "benchRuntime";
export const RUNTIME_SOURCE = "src/acp/connectionRuntime.ts";

function runChild(
  args: string[],
): Promise<{ requireMs?: number; activateMs?: number; compileMs?: number; builtinsMs?: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim()) as Record<string, number>)
        : reject(new Error(`activation run failed (${code}): ${err}`)),
    );
  });
}

export async function measureActivation(build: ProductionBuild, runs: number): Promise<ActivationResult> {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "symposium-bench-activation-")));
  writeFileSync(join(workspace, "README.md"), "# Workspace\n");
  try {
    const bundle = join(build.dist, "extension.js");
    const runtime = join(build.dist, `${RUNTIME_ENTRY}.js`);
    const hasRuntime = existsSync(runtime);
    const requires: number[] = [];
    const activates: number[] = [];
    const compiles: number[] = [];
    const builtins: number[] = [];
    const runtimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await runChild([bundle, workspace]);
      requires.push(run.requireMs!);
      activates.push(run.activateMs!);
      compiles.push((await runChild([bundle, workspace, "--compile-only"])).compileMs!);
      builtins.push((await runChild([bundle, workspace, "--builtins-only"])).builtinsMs!);
      if (hasRuntime) runtimes.push((await runChild([runtime, workspace, "--require-only"])).requireMs!);
    }
    return {
      runs,
      requireMs: summarize(requires),
      activateMs: summarize(activates),
      compileMs: summarize(compiles),
      builtinsMs: summarize(builtins),
      ...(hasRuntime
        ? {
            runtime: {
              source: RUNTIME_SOURCE,
              bytes: statSync(runtime).size,
              requireMs: summarize(runtimes),
            },
          }
        : {}),
    };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}
