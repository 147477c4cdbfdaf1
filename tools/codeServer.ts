// code-server 4.100.3 (VS Code 1.100.3's server and workbench, from npm) is the real VS Code we can run offline.
// See /work/shared/docs/real-vscode.md for the facts this file relies on.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { killTree, killTreeSync } from "./processTree";
import { cacheDir } from "./paths";

export const CODE_SERVER_VERSION = "4.100.3";
/** The ripgrep release @vscode/ripgrep 1.15.11 (code-server's dependency) would download from GitHub. */
const RIPGREP_PACKAGE_VERSION = "1.15.11";
const RIPGREP_ASSET_VERSION = "v13.0.0-10";

const codeServerDir = join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
const codeServerEntry = join(codeServerDir, "node_modules", "code-server", "out", "node", "entry.js");
const installedMarker = join(codeServerDir, ".installed");
/** A native module code-server's postinstall builds: there only if that script ran, which npm 12 can skip. */
const NATIVE_MODULE = "node_modules/code-server/lib/vscode/node_modules/node-pty/build/Release/pty.node";
/**
 * The npm that installs code-server when the one on PATH is npm 12 or newer: code-server's postinstall runs a nested
 * `npm install --unsafe-perm`, a flag npm 12 refuses, and npm 12 skips install scripts a project has not listed.
 */
const NPM_FOR_CODE_SERVER = "11.21.2";

// ---------------------------------------------------------------------------------------------------------------------
// System packages

interface SystemRequirement {
  readonly aptPackage: string;
  readonly present: () => boolean;
}

function onPath(program: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
}

const requirements: readonly SystemRequirement[] = [
  { aptPackage: "chromium", present: () => existsSync("/usr/bin/chromium") },
  { aptPackage: "ripgrep", present: () => onPath("rg") },
  // kerberos (a code-server dependency) builds from source against these headers.
  {
    aptPackage: "libkrb5-dev",
    present: () => existsSync("/usr/include/krb5.h") || existsSync("/usr/include/krb5/krb5.h"),
  },
  // node-gyp builds of node-pty, kerberos and argon2.
  { aptPackage: "python3", present: () => onPath("python3") },
  { aptPackage: "make", present: () => onPath("make") },
  { aptPackage: "g++", present: () => onPath("g++") },
  // bwrap: the sandbox Codex runs commands in (the real-agent client tests).
  { aptPackage: "bubblewrap", present: () => onPath("bwrap") },
];

/**
 * Makes sure Debian's chromium, ripgrep and the build tools code-server's install needs are present. As root it installs
 * missing ones with apt-get; otherwise it throws naming them.
 */
export function ensureSystemPackages(): void {
  const missing = requirements.filter((r) => !r.present()).map((r) => r.aptPackage);
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(" ")}`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing system packages: ${missing.join(", ")}. Install them with: sudo sh -c '${command}'`,
    );
  }
  console.log(`Installing system packages: ${missing.join(", ")}`);
  const result = spawnSync("sh", ["-c", command], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const still = requirements.filter((r) => !r.present()).map((r) => r.aptPackage);
  if (result.status !== 0 || still.length > 0) {
    throw new Error(
      `'${command}' failed (exit ${result.status}); still missing: ${still.join(", ") || "none"}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Installing code-server

function ripgrepTarget(): string {
  switch (process.arch) {
    case "x64":
      return "x86_64-unknown-linux-musl";
    case "arm64":
      return "aarch64-unknown-linux-musl";
    default:
      throw new Error(
        `No ripgrep cache recipe for ${process.arch}; code-server cannot be installed offline here.`,
      );
  }
}

/**
 * Puts Debian's `rg` where @vscode/ripgrep's postinstall looks before it tries GitHub: a gzip tarball with one member `rg`
 * in `<tmp>/vscode-ripgrep-cache-<version>/`.
 */
function seedRipgrepCache(tmp: string): void {
  const rg = spawnSync("sh", ["-c", "command -v rg"], { encoding: "utf8" }).stdout.trim();
  if (!rg) throw new Error("ripgrep (rg) is not installed; run ensureSystemPackages() first.");
  const staging = join(tmp, "rg-staging");
  const cache = join(tmp, `vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}`);
  mkdirSync(staging, { recursive: true });
  mkdirSync(cache, { recursive: true });
  copyFileSync(rg, join(staging, "rg"));
  const tarball = join(cache, `ripgrep-${RIPGREP_ASSET_VERSION}-${ripgrepTarget()}.tar.gz`);
  const tar = spawnSync("tar", ["-czf", tarball, "-C", staging, "rg"], { encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`Could not build the ripgrep cache tarball: ${tar.stderr}`);
}

function isCodeServerInstalled(): boolean {
  // An install whose scripts were skipped has the entry but not VS Code's native modules: installed again.
  return (
    existsSync(installedMarker) &&
    existsSync(codeServerEntry) &&
    existsSync(join(codeServerDir, NATIVE_MODULE))
  );
}

/** `npm install <spec>` into `scratch` (its own package.json, so npm does not walk up to the repository's). */
function npmInstall(
  npm: string,
  scratch: string,
  spec: string,
  env: NodeJS.ProcessEnv,
  options: string[] = [],
) {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({ name: "symposium-test-cache", private: true }) + "\n",
  );
  return spawnSync(npm, ["install", "--prefix", scratch, "--no-save", "--loglevel=warn", ...options, spec], {
    cwd: scratch,
    env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
}

/**
 * The npm program to install code-server with: the one on PATH up to npm 11; from npm 12 on, npm
 * `NPM_FOR_CODE_SERVER` installed once into the cache (and put first on the install's PATH, where the postinstall's
 * nested install finds it).
 */
/** The prefix holding this Node's own headers (`include/node`, of its very version), if they are installed. */
function localNodeHeaders(): string | undefined {
  const prefix = dirname(dirname(process.execPath));
  try {
    const header = readFileSync(join(prefix, "include", "node", "node_version.h"), "utf8");
    const part = (name: string) => /\d+/.exec(header.split(`#define NODE_${name}_VERSION `)[1] ?? "")?.[0];
    const version = `v${part("MAJOR")}.${part("MINOR")}.${part("PATCH")}`;
    return version === process.version ? prefix : undefined;
  } catch {
    return undefined;
  }
}

function npmForCodeServer(env: NodeJS.ProcessEnv): string {
  const version = spawnSync("npm", ["--version"], { env, encoding: "utf8" }).stdout?.trim() ?? "";
  if (!(Number(version.split(".")[0]) >= 12)) return "npm";
  const dir = join(cacheDir, `npm-${NPM_FOR_CODE_SERVER}`);
  const npm = join(dir, "node_modules", ".bin", "npm");
  if (!existsSync(npm)) {
    console.log(
      `npm ${version} cannot install code-server ${CODE_SERVER_VERSION} (its postinstall runs \`npm install --unsafe-perm\`); ` +
        `installing npm ${NPM_FOR_CODE_SERVER} for it into ${dir}`,
    );
    const scratch = `${dir}.partial-${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    const result = npmInstall("npm", scratch, `npm@${NPM_FOR_CODE_SERVER}`, env);
    if (result.status !== 0) {
      rmSync(scratch, { recursive: true, force: true });
      throw new Error(
        `Installing npm ${NPM_FOR_CODE_SERVER} failed (exit ${result.status}):\n${result.stderr}`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(scratch, dir);
  }
  env.PATH = `${dirname(npm)}${delimiter}${env.PATH ?? ""}`;
  return npm;
}

/**
 * Installs code-server into `.vscode-test/code-server-<version>/` unless it is already there (about a minute the first
 * time, instant afterwards). It installs into a scratch folder next to it and renames it into place, so an interrupted
 * install never looks finished and two concurrent installs cannot mix.
 */
export function ensureCodeServer(): string {
  if (isCodeServerInstalled()) return codeServerEntry;
  mkdirSync(cacheDir, { recursive: true });
  const scratch = `${codeServerDir}.partial-${process.pid}`;
  const tmp = mkdtempSync(join(tmpdir(), "symposium-code-server-install-"));
  const logFile = join(cacheDir, `code-server-${CODE_SERVER_VERSION}-install.log`);
  const started = Date.now();
  console.log(
    `Installing code-server ${CODE_SERVER_VERSION} into ${codeServerDir} (about a minute; log: ${logFile})`,
  );
  try {
    rmSync(scratch, { recursive: true, force: true });
    seedRipgrepCache(tmp);
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) {
      // Variables `npm run` exports describe *this* package; they must not leak into the nested install.
      if (!/^npm_(package|lifecycle)_/.test(key)) env[key] = value;
    }
    Object.assign(env, {
      TMPDIR: tmp, // where the ripgrep cache is, and where node-gyp scratch goes
      npm_config_unsafe_perm: "true", // code-server's postinstall refuses to run as root otherwise
      npm_config_yes: "true", // node-pty's postinstall runs `npx node-gyp`, which would ask
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    });
    const nodeDir = localNodeHeaders();
    // node-gyp builds against this Node's own headers where they are installed (Debian's nodejs ships them), instead
    // of downloading them from nodejs.org, which a machine with only the npm registry cannot reach.
    if (nodeDir !== undefined && env.npm_config_nodedir === undefined) env.npm_config_nodedir = nodeDir;
    const npm = npmForCodeServer(env);
    const result = npmInstall(npm, scratch, `code-server@${CODE_SERVER_VERSION}`, env, ["--omit=dev"]);
    writeFileSync(logFile, `${result.stdout ?? ""}\n${result.stderr ?? ""}`);
    const entry = join(scratch, "node_modules", "code-server", "out", "node", "entry.js");
    const built = existsSync(join(scratch, NATIVE_MODULE));
    if (result.status !== 0 || !existsSync(entry) || !built) {
      const tail = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n");
      const why = result.status === 0 && !built ? " (its install scripts did not run)" : "";
      throw new Error(
        `Installing code-server ${CODE_SERVER_VERSION} failed (exit ${result.status})${why}. Log: ${logFile}\n${tail}`,
      );
    }
    writeFileSync(join(scratch, ".installed"), `${CODE_SERVER_VERSION}\n`);
    if (isCodeServerInstalled()) {
      rmSync(scratch, { recursive: true, force: true }); // another process finished first
    } else {
      rmSync(codeServerDir, { recursive: true, force: true }); // a broken leftover without the marker
      renameSync(scratch, codeServerDir);
    }
    console.log(
      `Installed code-server ${CODE_SERVER_VERSION} in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return codeServerEntry;
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Running code-server

export interface CodeServerOptions {
  /** Folder opened in the workbench (absolute path). */
  readonly workspace: string;
  /** Written to `<run>/user-data/User/settings.json`, over a few defaults that keep the workbench quiet. */
  readonly userSettings?: Record<string, unknown>;
  /** Extra environment for the server; its extension host (and so the extension) inherits it. */
  readonly env?: Record<string, string>;
  /** Port to listen on; by default one the system picks as the server binds (read from its log). */
  readonly port?: number;
  /**
   * true (default): `--disable-workspace-trust`, every folder is trusted and nothing prompts.
   * false: Workspace Trust is on and the folder opens in Restricted Mode, without the startup prompt.
   */
  readonly trust?: boolean;
  /** Use this run folder instead of a fresh one under `.vscode-test/runs/` (kept on stop). */
  readonly runDir?: string;
  /** Extensions folder (default `<run>/extensions`). */
  readonly extensionsDir?: string;
  /** Prefix of each server log line echoed to stdout; by default the log is only kept for error messages. */
  readonly echoLog?: string;
  /** Also append the server's output to this file. */
  readonly logFile?: string;
}

export interface CodeServer {
  readonly url: string;
  readonly port: number;
  readonly runDir: string;
  readonly userDataDir: string;
  readonly userSettingsPath: string;
  readonly extensionsDir: string;
  /** The last lines the server printed (for error messages). */
  logTail(lines?: number): string;
  /** Settles when the server process exits, with how it exited. */
  readonly exited: Promise<string>;
  /** Kills the server and everything it started, then removes the run folder (unless it was given). */
  stop(): Promise<void>;
}

/** Settings every harness run starts from: no tips, no update checks, no welcome page, no telemetry. */
export const quietSettings: Readonly<Record<string, unknown>> = {
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "security.workspace.trust.startupPrompt": "never", // with trust: false, open in Restricted Mode without a modal
  "git.enabled": false,
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** The port in code-server's "HTTP server listening on http://127.0.0.1:<port>/" line; undefined for any other line. */
export function listeningPort(line: string): number | undefined {
  const port = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(line)?.[1];
  return port === undefined ? undefined : Number(port);
}

export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Servers still running; killed synchronously if this process exits without stopping them. The process's, on
 * `globalThis`: each e2e file is a bundle with its own copy of this module, and a mocha worker runs many of them (one
 * exit listener each went past Node's warning at 11).
 */
const thisProcess = globalThis as typeof globalThis & { symposiumCodeServers?: Set<ChildProcess> };
const running = thisProcess.symposiumCodeServers ?? installExitHook();

function installExitHook(): Set<ChildProcess> {
  const servers = (thisProcess.symposiumCodeServers = new Set<ChildProcess>());
  process.on("exit", () => {
    for (const child of servers) if (child.pid !== undefined) killTreeSync(child.pid);
  });
  return servers;
}

/** The environment for code-server: isolated XDG folders, no gallery, nothing of an enclosing VS Code. */
function serverEnv(runDir: string, extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // A terminal inside VS Code exports VSCODE_* (IPC hooks, injection flags) that would confuse a nested server.
    if (!key.startsWith("VSCODE_") && key !== "ELECTRON_RUN_AS_NODE") env[key] = value;
  }
  return {
    ...env,
    XDG_CONFIG_HOME: join(runDir, "xdg", "config"),
    XDG_DATA_HOME: join(runDir, "xdg", "data"),
    XDG_CACHE_HOME: join(runDir, "xdg", "cache"),
    EXTENSIONS_GALLERY: "{}", // no lookups of the public marketplace
    // As when VS Code starts from a terminal (`code .`): the extension host takes this environment as it is, without
    // the server first running a login shell to read the person's (2 s of each window's start on a busy 2-core
    // machine).
    VSCODE_CLI: "1",
    ...extra,
  };
}

/** Folders and config of one run; used for both starting a server and installing a .vsix into the same profile. */
function prepareRunDir(runDir: string): { userDataDir: string; configFile: string } {
  const userDataDir = join(runDir, "user-data");
  for (const dir of [
    join(userDataDir, "User"),
    join(runDir, "xdg", "config"),
    join(runDir, "xdg", "data"),
    join(runDir, "xdg", "cache"),
  ]) {
    mkdirSync(dir, { recursive: true });
  }
  // Without --config code-server writes ~/.config/code-server/config.yaml.
  const configFile = join(runDir, "config.yaml");
  writeFileSync(configFile, "auth: none\ncert: false\n");
  return { userDataDir, configFile };
}

/** Installs a packaged extension into an extensions folder, offline (`--install-extension`). */
export function installVsix(vsix: string, options: { runDir: string; extensionsDir?: string }): void {
  const { userDataDir, configFile } = prepareRunDir(options.runDir);
  const extensionsDir = options.extensionsDir ?? join(options.runDir, "extensions");
  const result = spawnSync(
    process.execPath,
    [
      codeServerEntry,
      "--config",
      configFile,
      "--user-data-dir",
      userDataDir,
      "--extensions-dir",
      extensionsDir,
      "--install-extension",
      vsix,
      "--force",
    ],
    { env: serverEnv(options.runDir, undefined), encoding: "utf8" },
  );
  if (result.status !== 0) {
    throw new Error(
      `code-server --install-extension ${vsix} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

/** Starts code-server on 127.0.0.1 and resolves once `/healthz` answers. */
export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  if (!isCodeServerInstalled())
    throw new Error("code-server is not installed; call ensureCodeServer() first.");
  const ownRunDir = options.runDir === undefined;
  const runDir = options.runDir ?? join(cacheDir, "runs", randomBytes(6).toString("hex"));
  const { userDataDir, configFile } = prepareRunDir(runDir);
  const extensionsDir = options.extensionsDir ?? join(runDir, "extensions");
  mkdirSync(extensionsDir, { recursive: true });
  const userSettingsPath = join(userDataDir, "User", "settings.json");
  writeFileSync(
    userSettingsPath,
    JSON.stringify({ ...quietSettings, ...options.userSettings }, null, 2) + "\n",
  );

  // Port 0 by default: the system picks a free port as the server binds it, and the server logs which. Finding a free
  // port first and passing it on left a moment between the two in which two servers starting at once could be handed
  // the same one (the test runner starts two workbenches at a time).
  let port = options.port;
  const trust = options.trust ?? true;
  const args = [
    codeServerEntry,
    "--config",
    configFile,
    "--auth",
    "none",
    "--bind-addr",
    `127.0.0.1:${port ?? 0}`,
    "--user-data-dir",
    userDataDir,
    "--extensions-dir",
    extensionsDir,
    "--disable-telemetry",
    "--disable-update-check",
    ...(trust ? ["--disable-workspace-trust"] : []),
    "--disable-getting-started-override",
    "--ignore-last-opened",
    options.workspace,
  ];
  // Its own process group (detached), so stop() can signal the server and its extension hosts together.
  const child = spawn(process.execPath, args, {
    cwd: options.workspace,
    env: serverEnv(runDir, options.env),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);

  const log: string[] = [];
  const logStream = options.logFile ? createWriteStream(options.logFile, { flags: "a" }) : undefined;
  const collect = (chunk: Buffer): void => {
    logStream?.write(chunk);
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line) continue;
      log.push(line);
      port ??= listeningPort(line);
      if (options.echoLog !== undefined) console.log(`${options.echoLog}${line}`);
    }
    if (log.length > 2000) log.splice(0, log.length - 1000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let exited: string | undefined;
  const exitPromise = new Promise<string>((resolve) => {
    child.once("exit", (code, sig) => {
      exited = `exited with ${sig ?? `code ${code}`}`;
      running.delete(child);
      logStream?.end();
      resolve(exited);
    });
    child.once("error", (error) => {
      exited = `failed to start: ${error.message}`;
      running.delete(child);
      resolve(exited);
    });
  });

  const logTail = (lines = 40): string => log.slice(-lines).join("\n");
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    if (child.pid !== undefined && exited === undefined) {
      await killTree(child.pid);
      await Promise.race([exitPromise, new Promise((r) => setTimeout(r, 2000))]);
    }
    running.delete(child);
    if (ownRunDir && process.env.SYMPOSIUM_KEEP_RUNS !== "1")
      rmSync(runDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    const where = port === undefined ? "before saying its port" : `on port ${port}`;
    if (exited !== undefined) {
      await stop();
      throw new Error(`code-server ${exited} before answering /healthz ${where}.\n${logTail()}`);
    }
    if (port !== undefined) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer /healthz ${where} within 60 s.\n${logTail()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    runDir,
    userDataDir,
    userSettingsPath,
    extensionsDir,
    logTail,
    exited: exitPromise,
    stop,
  };
}
