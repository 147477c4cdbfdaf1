/** Where the benchmark finds the repository and its compiled pieces. */
import { join } from "node:path";
import { repoRoot } from "../tools/paths";

export { repoRoot };
/** Compiled benchmark files (esbuild writes bench/**.ts to out/bench/**.js). */
export const benchOut = join(repoRoot, "out", "bench");
export const BENCH_AGENT = join(benchOut, "agents", "benchAgent.js");
export const RAW_AGENT = join(benchOut, "agents", "rawAgent.js");
export const resultsDir = join(repoRoot, "bench", "results");
