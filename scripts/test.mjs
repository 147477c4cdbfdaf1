// `npm test`: build, type check, lint, unit tests (plain Node) then integration tests (inside a real VS Code:
// code-server's extension host) beside the client tests (plain Node), then end-to-end tests (code-server + Chromium),
// then one summary line:
//   Total: N passed, M failed[, K skipped]
// preceded by one line per failed test, so that a log's tail says what failed.
// Each mocha run uses the spec reporter for humans; its summary lines ("N passing", "N failing", "N pending") are
// parsed for the total. A step that exits non-zero without a mocha failure count (build error, crash) counts as one
// failure. Options: --skip-lint, --only <unit|client|integration|e2e> (repeatable).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const mochaBin = join(root, "node_modules", "mocha", "bin", "mocha.js");
const args = process.argv.slice(2);
const only = args.flatMap((arg, i) => (arg === "--only" && args[i + 1] ? [args[i + 1]] : []));
const wanted = (/** @type {string} */ suite) => only.length === 0 || only.includes(suite);

/**
 * @typedef {{name: string, passed: number, failed: number, skipped: number, seconds: number, note?: string,
 *   failures?: string[]}} StepResult
 */
/** @type {StepResult[]} */
const results = [];

/**
 * Runs a command, echoing its output live, and resolves with its exit code and stdout+stderr text.
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {{ echo?: boolean }} [options] echo: false keeps the output for the caller to print (a step run beside
 *   another)
 * @returns {Promise<{ code: number; output: string }>}
 */
function run(command, commandArgs, { echo = true } = {}) {
  return new Promise((resolve) => {
    // Each step leads a process group of its own: a test that signals its own group by mistake (kill(0)) or a step
    // that dies hard ends only that step, and this runner still prints the summary line.
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running.add(child);
    let output = "";
    child.stdout.on("data", (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on("data", (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      if (echo) process.stderr.write(chunk);
    });
    child.on("error", (error) => {
      running.delete(child);
      resolve({ code: 127, output: `${output}\n${error.message}` });
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** The steps running now; Ctrl+C or a CI cancel ends each one's whole group, since it no longer shares ours. */
/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();
for (const sig of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(sig, () => {
    for (const child of running) {
      if (!child.pid) continue;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

/** @param {string} title */
function banner(title) {
  console.log(`\n=== ${title} ${"=".repeat(Math.max(0, 100 - title.length))}`);
}

/**
 * Mocha's last "N passing / N failing / N pending" lines.
 * @param {string} output
 */
function mochaCounts(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const count = (/** @type {string} */ word) => {
    const matches = [...plain.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, "gm"))];
    return matches.length ? Number(matches[matches.length - 1]?.[1]) : undefined;
  };
  return { passing: count("passing"), failing: count("failing"), pending: count("pending") };
}

/**
 * Each failed test of mocha's spec report as one line, "suite › test: first line of the error", so that the summary
 * (all a CI log's tail may keep) names what failed.
 * @param {string} output
 */
function mochaFailures(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const section = plain.slice(plain.search(/^\s*\d+ failing\b/m));
  return section
    .split(/^\s*\d+\) /m)
    .slice(1)
    .map((failure) => {
      const lines = failure.split("\n").map((line) => line.trim());
      const titleEnd = lines.findIndex((line) => line.endsWith(":"));
      const title = lines
        .slice(0, titleEnd + 1)
        .join(" › ")
        .replace(/:$/, "");
      const error = lines.slice(titleEnd + 1).find(Boolean) ?? "";
      return `${title}: ${error}`.slice(0, 300);
    });
}

/**
 * A step that is not a mocha run (build, type check, lint): one check, passed or failed.
 * @param {string} name
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {{ acceptOutput?: (output: string) => boolean }} [options]
 */
async function check(name, command, commandArgs, { acceptOutput } = {}) {
  banner(name);
  const started = Date.now();
  const { code, output } = await run(command, commandArgs);
  const ok = code === 0 || (acceptOutput?.(output) ?? false);
  results.push(checkResult(name, ok, started));
  return ok;
}

/**
 * @param {string} name
 * @param {boolean} ok
 * @param {number} started
 * @returns {StepResult}
 */
function checkResult(name, ok, started) {
  return { name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds: (Date.now() - started) / 1000 };
}

/**
 * Checks run side by side (each is one process on one core: the type checks and the linter share nothing). Each one's
 * output is printed whole under its banner when it ends, never interleaved; the results come in the order given.
 * @param {{ name: string, command: string, args: string[], acceptOutput?: (output: string) => boolean }[]} steps
 * @returns {Promise<StepResult[]>}
 */
async function checksAtOnce(steps) {
  return Promise.all(
    steps.map(async ({ name, command, args: commandArgs, acceptOutput }) => {
      const started = Date.now();
      const { code, output } = await run(command, commandArgs, { echo: false });
      const ok = code === 0 || (acceptOutput?.(output) ?? false);
      const result = checkResult(name, ok, started);
      banner(`${name} (${result.seconds.toFixed(1)} s, beside ${steps.length - 1} other step(s))`);
      process.stdout.write(output);
      return result;
    }),
  );
}

/**
 * A mocha run (directly or through the integration runner): counts from its summary. Echoed live, or, run beside
 * another suite (`echo: false`), printed whole under its banner when it ends.
 * @param {string} name
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {{ echo?: boolean }} [options]
 * @returns {Promise<StepResult>}
 */
async function suite(name, command, commandArgs, { echo = true } = {}) {
  if (echo) banner(name);
  const started = Date.now();
  const { code, output } = await run(command, commandArgs, { echo });
  const seconds = (Date.now() - started) / 1000;
  if (!echo) {
    banner(`${name} (${seconds.toFixed(1)} s, beside other suites)`);
    process.stdout.write(output);
  }
  const { passing, failing, pending } = mochaCounts(output);
  let failed = failing ?? 0;
  let note;
  if (code !== 0 && failed === 0) {
    failed = 1; // crashed, timed out or failed before mocha could report
    note = `exited with ${code} before reporting failures`;
  } else if (code === 0 && passing === undefined) {
    note = "no mocha summary";
  }
  return {
    name,
    passed: passing ?? 0,
    failed,
    skipped: pending ?? 0,
    seconds,
    note,
    failures: failing ? mochaFailures(output) : undefined,
  };
}

/**
 * Lanes of suites side by side, each lane's suites one after another; the results come in the order given. A lane
 * alone is echoed live.
 * @param {{ name: string, command: string, args: string[] }[][]} lanes
 * @returns {Promise<StepResult[]>}
 */
async function lanesAtOnce(lanes) {
  const busy = lanes.filter((lane) => lane.length > 0);
  const echo = busy.length === 1;
  if (!echo)
    console.log(
      `\n${busy.map((lane) => lane.map(({ name }) => name).join(" then ")).join(", beside ")}: each report prints whole when its suite ends.`,
    );
  const results = await Promise.all(
    busy.map(async (lane) => {
      /** @type {StepResult[]} */
      const done = [];
      for (const { name, command, args: commandArgs } of lane)
        done.push(await suite(name, command, commandArgs, { echo }));
      return done;
    }),
  );
  const byName = new Map(results.flat().map((result) => [result.name, result]));
  return lanes.flat().flatMap(({ name }) => byName.get(name) ?? []);
}

/**
 * @param {string} dir
 * @returns {boolean}
 */
function hasJsFiles(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? hasJsFiles(path) : name.endsWith(".js");
  });
}

/** @param {number} seconds */
function summarize(seconds) {
  banner(`Summary (${seconds} s)`);
  for (const r of results) {
    const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""}`;
    console.log(
      `${r.failed ? "FAIL" : "ok  "}  ${r.name.padEnd(12)} ${counts.padEnd(36)} ${r.seconds.toFixed(1).padStart(6)} s${r.note ? `  (${r.note})` : ""}`,
    );
  }
  for (const r of results)
    for (const [i, failure] of (r.failures ?? []).entries()) console.log(`  ${r.name} ${i + 1}) ${failure}`);
  const total = (/** @type {"passed" | "failed" | "skipped"} */ key) =>
    results.reduce((sum, r) => sum + r[key], 0);
  const skipped = total("skipped");
  console.log(
    `Total: ${total("passed")} passed, ${total("failed")} failed${skipped ? `, ${skipped} skipped` : ""}`,
  );
  process.exitCode = total("failed") > 0 ? 1 : 0;
}

async function main() {
  const mochaCommon = [
    "--enable-source-maps",
    "--reporter",
    "spec",
    ...(process.stdout.isTTY ? ["--color"] : ["--no-color"]),
    ...(process.env.CI ? ["--forbid-only"] : []),
  ];

  if (!(await check("build", "npm", ["run", "build"]))) return; // nothing below can run without the bundles

  // Only the suites that run inside code-server need it and Chromium: unit and client runs neither install nor
  // check them. The compiled harness exists only after the build.
  const needsCodeServer = wanted("integration") || wanted("e2e");
  /** @type {StepResult} */
  const setupFailed = {
    name: "setup",
    passed: 0,
    failed: 1,
    skipped: 0,
    seconds: 0,
    note: "code-server or Chromium unavailable",
  };
  const codeServerModule = join(root, "out", "tools", "codeServer.js");
  /** @type {typeof import("../tools/codeServer") | undefined} */
  let harness;
  if (needsCodeServer) {
    banner("VS Code for tests");
    try {
      harness = /** @type {typeof import("../tools/codeServer")} */ (await import(codeServerModule));
      harness.ensureSystemPackages(); // apt-get, alone: nothing else runs while it installs
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      results.push(setupFailed);
      return;
    }
  }

  // The type checks (one tsc after another), ESLint and code-server's install (npm and node-gyp, a minute on a clean
  // clone, partly waiting on the network) share nothing: side by side on a 2-core machine they take about as long as
  // the longest. Nothing else runs meanwhile. The install is a step of its own process (its npm runs synchronously);
  // it counts in the total only when it fails, as before.
  const install = {
    name: "setup",
    command: process.execPath,
    args: ["-e", `require(${JSON.stringify(codeServerModule)}).ensureCodeServer()`],
  };
  const done = await checksAtOnce([
    ...(needsCodeServer ? [install] : []),
    { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
    ...(args.includes("--skip-lint")
      ? []
      : [
          {
            name: "lint",
            command: "npm",
            args: ["run", "lint"],
            // ESLint exits 2 with this message when no file is lintable yet (an empty project): not a failure.
            acceptOutput: (/** @type {string} */ output) =>
              /No files matching|all of the files matching .* are ignored/i.test(output),
          },
        ]),
  ]);
  const setup = needsCodeServer ? done.shift() : undefined;
  results.push(...done);
  if (needsCodeServer) {
    if (setup?.failed) {
      results.push({ ...setupFailed, seconds: setup.seconds });
      return;
    }
    console.log(`code-server ${harness?.CODE_SERVER_VERSION} and Chromium are ready.`);
  }

  // The unit and client suites are Node processes that wait on the processes they drive as much as they compute (git,
  // shells, agents); the client suite's files run two at a time. On a 2-core machine the client suite took 290 s
  // beside the unit suite and then the integration suite (309 + 73 s), all passing; one file at a time it took 403-450
  // s beside them. The end-to-end suite runs after them.
  const unitDir = join(root, "out", "test", "unit");
  if (wanted("unit") && !hasJsFiles(unitDir)) console.log("\n(no unit tests in out/test/unit)");
  const unit = {
    name: "unit",
    command: process.execPath,
    // Mocha's 2 s default is a timing assertion in disguise: the tests that drive real git repositories (a dozen
    // processes each) took 1.8-2.3 s on a CI machine and failed there. A hang still fails, after 20 s.
    args: [mochaBin, ...mochaCommon, "--timeout", "20000", "--recursive", unitDir],
  };
  // The ACP client in plain Node against real agent processes (scripted and demo agents).
  // Two files at a time: a worker process per file, each file's report printed whole.
  const twoFilesAtOnce = ["--parallel", "--jobs", "2"];
  const client = {
    name: "client",
    command: process.execPath,
    args: [mochaBin, ...mochaCommon, ...twoFilesAtOnce, "--recursive", join(root, "out", "test", "client")],
  };
  const integration = {
    name: "integration",
    command: process.execPath,
    args: ["--enable-source-maps", join(root, "out", "test", "harness", "runIntegration.js")],
  };
  results.push(
    ...(await lanesAtOnce([
      [
        ...(wanted("unit") && hasJsFiles(unitDir) ? [unit] : []),
        ...(wanted("integration") ? [integration] : []),
      ],
      wanted("client") ? [client] : [],
    ])),
  );
  if (wanted("e2e")) {
    const e2eDir = join(root, "out", "test", "e2e");
    // Two files at a time, each with its own workbench (code-server, Chromium, extension host): one file at a time
    // left a core idle while tests waited on the page (1,018 s on a 2-core machine); two at a time kept both busy
    // (888 s, all passing).
    if (hasJsFiles(e2eDir))
      results.push(
        await suite("e2e", process.execPath, [
          mochaBin,
          ...mochaCommon,
          "--timeout",
          "120000",
          ...twoFilesAtOnce,
          "--recursive",
          e2eDir,
        ]),
      );
    else console.log("\n(no e2e tests in out/test/e2e)");
  }
}

const started = Date.now();
main()
  .catch((error) => {
    console.error(error);
    results.push({
      name: "harness",
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds: 0,
      note: "scripts/test.mjs crashed",
    });
  })
  .finally(() => summarize(Math.round((Date.now() - started) / 1000)));
