// Runs the integration suite (out/test/integration/**/*.test.js) inside code-server's real extension host, the way
// @vscode/test-electron does on a desktop: the workbench loads the extension from this repository and calls `run()` of
// out/test/integration/index.js; results come back through window.codeAutomationLog / codeAutomationExit.
//
//   npm run build && node out/test/harness/runIntegration.js
//
// Environment:
//   SYMPOSIUM_TEST_SETTINGS=<file.json>  merged into the user settings, e.g. to define test agents (`${repoRoot}` in it
//                                        is replaced by this checkout's path)
//   MOCHA_GREP=<pattern>                 run only matching tests
//   SYMPOSIUM_INTEGRATION_TIMEOUT_MS     overrides the 8-minute guard
//   SYMPOSIUM_VERBOSE=1                  also print the workbench's own log
import { existsSync } from "node:fs";
import { join } from "node:path";
import { format } from "node:util";
import { INTEGRATION_START_MARKER } from "./automationLog";
import { integrationEnv } from "./integrationEnv";
import { testSettingsFromEnv } from "../../tools/jsonc";
import { repoRoot } from "../../tools/paths";
import { openWorkbench, type Workbench } from "../../tools/workbench";

const testsIndex = join(repoRoot, "out", "test", "integration", "index");
/** Workbench lines that also arrive after the tests started; they say nothing about the tests. */
const workbenchChatter =
  /^(Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache)/;
const timeoutMs = Number(process.env.SYMPOSIUM_INTEGRATION_TIMEOUT_MS ?? 8 * 60_000);

async function main(): Promise<number> {
  if (!existsSync(`${testsIndex}.js`))
    throw new Error(`${testsIndex}.js is missing: run \`npm run build\` first.`);
  if (!existsSync(join(repoRoot, "dist", "extension.js")))
    throw new Error("dist/extension.js is missing: run `npm run build` first.");

  let settle: (code: number) => void = () => undefined;
  const exitCode = new Promise<number>((resolve) => (settle = resolve));
  let workbench: Workbench | undefined;
  const verbose = process.env.SYMPOSIUM_VERBOSE === "1";
  let started = false;
  const startupLog: string[] = [];
  const onSignal = (signal: NodeJS.Signals): void => {
    console.error(`\nInterrupted (${signal}); stopping code-server and the browser.`);
    settle(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const guard = setTimeout(() => {
    console.error(`\nIntegration tests did not finish within ${timeoutMs / 1000} s: failing the run.`);
    if (workbench) console.error(`--- code-server log (last lines) ---\n${workbench.server.logTail(60)}`);
    settle(1);
  }, timeoutMs);

  try {
    workbench = await openWorkbench({
      settings: testSettingsFromEnv(repoRoot),
      extensionTestsPath: testsIndex,
      env: integrationEnv(),
      // The run may finish before the workbench is fully painted; results come from the automation hooks.
      noWait: true,
      beforeNavigate: async (page) => {
        // Must exist before the workbench loads: it looks for them once, at start-up.
        await page.exposeFunction("codeAutomationLog", (_type: string, args: unknown[]) => {
          const line = format(...(Array.isArray(args) ? args : [args]));
          if (verbose || (started && !workbenchChatter.test(line))) console.log(line);
          else if (line.startsWith(INTEGRATION_START_MARKER)) {
            started = true;
            console.log(line);
          } else startupLog.push(line);
        });
        await page.exposeFunction("codeAutomationExit", (code: number) => settle(code));
      },
    });
    const code = await exitCode;
    if (!started && startupLog.length > 0) {
      console.log(`The tests never started. Workbench log:\n${startupLog.join("\n")}`);
    }
    return code;
  } finally {
    clearTimeout(guard);
    await workbench?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
