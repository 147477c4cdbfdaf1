// `npm start`: the product as a user gets it. Builds and packages symposium.vsix, installs it into an isolated
// code-server profile (.vscode-test/start/), opens a sample workspace and serves VS Code in the browser until Ctrl+C.
//
//   npm start                          sample workspace (a fresh copy of samples/workspace), port 3000 or the next free
//   npm start -- --port 8080           a fixed port
//   npm start -- --workspace ~/code/x  your own folder (Workspace Trust stays on: VS Code asks whether you trust it)
//
// The profile (settings, installed extension) persists in .vscode-test/start/ between runs; settings you change in the
// UI are kept. The server listens on 127.0.0.1 only, without a password.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const startDir = join(root, ".vscode-test", "start");
const sampleCopy = join(startDir, "workspace");

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

/** @returns {{ port?: string; workspace?: string; help?: boolean }} */
function readOptions() {
  try {
    return parseArgs({
      options: {
        port: { type: "string" },
        workspace: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    fail(
      `${error instanceof Error ? error.message : String(error)}\nUsage: npm start [-- --port N] [-- --workspace DIR]`,
    );
  }
}
const options = readOptions();
if (options.help) {
  console.log("Usage: npm start [-- --port N] [-- --workspace DIR]");
  process.exit(0);
}
const requestedPort = options.port === undefined ? undefined : Number(options.port);
if (
  requestedPort !== undefined &&
  !(Number.isInteger(requestedPort) && requestedPort > 0 && requestedPort < 65536)
) {
  fail(`--port must be a port number, not "${options.port}"`);
}
const ownWorkspace = options.workspace === undefined ? undefined : resolve(options.workspace);
if (ownWorkspace !== undefined && !(existsSync(ownWorkspace) && statSync(ownWorkspace).isDirectory())) {
  fail(`--workspace ${ownWorkspace} is not a folder`);
}

/** @param {string} script */
function npmRun(script) {
  console.log(`> npm run ${script}`);
  // stdin closed: vsce must never wait for an answer.
  const result = spawnSync("npm", ["run", "--silent", script], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) fail(`npm run ${script} failed (exit ${result.status ?? result.signal}).`);
}

// The extension and the code-server helpers this script uses (out/tools); the tests' bundles are `npm test`'s.
console.log("> node esbuild.config.mjs --tools-only");
const built = spawnSync(process.execPath, ["esbuild.config.mjs", "--tools-only"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
});
if (built.status !== 0) fail(`the build failed (exit ${built.status ?? built.signal}).`);
npmRun("package");
const vsix = join(root, "symposium.vsix");
if (!existsSync(vsix)) fail("npm run package did not produce symposium.vsix");

const harness = /** @type {typeof import("../tools/codeServer")} */ (
  await import(join(root, "out", "tools", "codeServer.js"))
);
const { readJsonc } = /** @type {typeof import("../tools/jsonc")} */ (
  await import(join(root, "out", "tools", "jsonc.js"))
);
try {
  harness.ensureSystemPackages();
  harness.ensureCodeServer();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

mkdirSync(startDir, { recursive: true });
harness.installVsix(vsix, { runDir: startDir });
console.log(`Installed ${vsix} into ${join(startDir, "extensions")}`);

let workspace = ownWorkspace;
if (workspace === undefined) {
  // A fresh copy each time, so the demo starts from the same files even after an agent edited them.
  rmSync(sampleCopy, { recursive: true, force: true });
  cpSync(join(root, "samples", "workspace"), sampleCopy, { recursive: true });
  workspace = sampleCopy;
}

let port = requestedPort;
if (port === undefined) {
  for (port = 3000; !(await harness.isPortFree(port)); port++)
    if (port > 3100) fail("no free port in 3000-3100; pass --port");
} else if (!(await harness.isPortFree(port))) {
  fail(`port ${port} is in use`);
}

// Keep what the user set in an earlier run; the harness defaults only fill gaps. Nothing Symposium-specific is written:
// the extension always offers its built-in Demo Agent.
const settingsPath = join(startDir, "user-data", "User", "settings.json");
const previous = /** @type {Record<string, unknown>} */ (
  existsSync(settingsPath) ? readJsonc(settingsPath) : {}
);
const userSettings = {
  ...previous,
  // The sample is ours and trusted; a folder of the user's gets VS Code's normal trust question.
  "security.workspace.trust.startupPrompt": ownWorkspace === undefined ? "never" : "once",
};

const logFile = join(startDir, "code-server.log");
const server = await harness.startCodeServer({
  workspace,
  port,
  runDir: startDir,
  userSettings,
  trust: ownWorkspace === undefined,
  logFile,
});

let stopping = false;
/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping code-server...");
  await server.stop();
  if (workspace === sampleCopy) rmSync(sampleCopy, { recursive: true, force: true });
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
process.on("SIGHUP", () => void shutdown(0));

const url = `${server.url}/?folder=${encodeURIComponent(workspace)}`;
console.log(`
Symposium is running in VS Code (code-server ${harness.CODE_SERVER_VERSION}) at:

    ${url}

Workspace: ${workspace}
Open the Symposium icon in the activity bar and start a session with the built-in "Demo Agent".
Server log: ${logFile}
Press Ctrl+C to stop.`);

const how = await server.exited;
if (!stopping) {
  console.error(`code-server ${how} unexpectedly.\n${server.logTail()}`);
  await shutdown(1);
}
