// The real agents people run, pinned, installed on demand into `.vscode-test/agents/<name>-<version>/` (like
// code-server). See /work/shared/docs/real-agents.md for the facts this file relies on.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lock } from "proper-lockfile";
import { cacheDir } from "../../tools/paths";

export type RealAgentName = "claude" | "codex" | "gemini" | "qwen" | "copilot";

export interface RealAgentPackage {
  readonly name: RealAgentName;
  readonly pkg: string;
  readonly version: string;
  /** The script `node` runs, relative to the package folder. */
  readonly entry: string;
  /** Arguments after the entry script, as a user's settings.json would hold them. */
  readonly args: readonly string[];
  /**
   * Dependencies whose install scripts run. npm 11 ran every script, npm 12 only those a package.json allows; naming
   * them keeps the agent the same on both (Gemini with its native pty and keychain, as npm 11 users have it).
   */
  readonly installScripts?: readonly string[];
}

export const REAL_AGENTS: Record<RealAgentName, RealAgentPackage> = {
  claude: {
    name: "claude",
    pkg: "@agentclientprotocol/claude-agent-acp",
    version: "0.100.0",
    entry: "dist/index.js",
    args: [],
  },
  codex: {
    name: "codex",
    pkg: "@agentclientprotocol/codex-acp",
    version: "2.6.0",
    entry: "dist/index.js",
    args: [],
  },
  gemini: {
    name: "gemini",
    pkg: "@google/gemini-cli",
    version: "0.61.0",
    entry: "bundle/gemini.js",
    args: ["--acp"],
    installScripts: ["node-pty", "@github/keytar"],
  },
  qwen: {
    name: "qwen",
    pkg: "@qwen-code/qwen-code",
    version: "0.24.4",
    entry: "cli-entry.js",
    args: ["--acp", "--auth-type", "openai"],
  },
  copilot: {
    name: "copilot",
    pkg: "@github/copilot",
    version: "1.0.102",
    entry: "npm-loader.js",
    args: ["--acp", "--no-auto-update", "--disable-client-telemetry"],
  },
};

/** SYMPOSIUM_AGENTS_DIR moves the cache (to try a cold install, or the skip without a registry). */
export const agentsCacheDir = process.env.SYMPOSIUM_AGENTS_DIR ?? join(cacheDir, "agents");

export function agentDir(agent: RealAgentPackage): string {
  return join(agentsCacheDir, `${agent.name}-${agent.version}`);
}

export function packageDir(agent: RealAgentPackage): string {
  return join(agentDir(agent), "node_modules", ...agent.pkg.split("/"));
}

const marker = (agent: RealAgentPackage) => join(agentDir(agent), ".installed");

export function isAgentInstalled(agent: RealAgentPackage): boolean {
  return existsSync(marker(agent)) && existsSync(join(packageDir(agent), agent.entry));
}

/** Why the last install of this agent failed, so a suite does not retry a registry it cannot reach in every test. */
const failures = new Map<RealAgentName, Error>();

/**
 * Installs the pinned package unless it is there already (marker file). Like code-server's install it goes into a
 * scratch folder that is renamed into place, so an interrupted install never looks finished. Rejects with the tail of
 * npm's output when the registry cannot be reached.
 *
 * One process installs an agent at a time (a lock beside its folder): test files run two at a time, and two that
 * wanted Claude Code at once both installed it (40 s of npm each), the later one then removing and renaming folders
 * the earlier one's tests were starting from. The lock is refreshed while held and taken over once stale (its
 * process died).
 */
export async function ensureAgent(agent: RealAgentPackage): Promise<string> {
  const entry = join(packageDir(agent), agent.entry);
  if (isAgentInstalled(agent)) return entry;
  const failed = failures.get(agent.name);
  if (failed) throw failed;
  mkdirSync(agentsCacheDir, { recursive: true });
  const dir = agentDir(agent);
  const release = await lock(dir, {
    realpath: false,
    lockfilePath: `${dir}.lock`,
    stale: 30_000,
    // Waits as long as an install may take (several minutes on a slow registry), checking every second.
    retries: { retries: 900, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
  });
  try {
    // Installed meanwhile by the process that held the lock.
    if (!isAgentInstalled(agent)) await install(agent);
  } finally {
    await release();
  }
  return entry;
}

async function install(agent: RealAgentPackage): Promise<void> {
  const dir = agentDir(agent);
  const scratch = `${dir}.partial-${process.pid}`;
  const logFile = `${dir}-install.log`;
  const started = Date.now();
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  // Our own package.json, so npm does not walk up and treat the repository as the project.
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({
      name: `${agent.name}-cache`,
      private: true,
      allowScripts: Object.fromEntries((agent.installScripts ?? []).map((pkg) => [pkg, true])),
    }),
  );
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_(package|lifecycle)_/.test(key)) env[key] = value;
  }
  Object.assign(env, {
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    // Without a registry, fail in seconds rather than after npm's minute of retries: the suite then skips.
    npm_config_fetch_retries: "1",
    npm_config_fetch_retry_mintimeout: "2000",
    npm_config_fetch_retry_maxtimeout: "5000",
  });
  const spec = `${agent.pkg}@${agent.version}`;
  console.log(`    Installing ${spec} into ${dir} (log: ${logFile})`);
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      "npm",
      ["install", "--prefix", scratch, "--no-save", "--ignore-scripts=false", "--loglevel=warn", spec],
      { cwd: scratch, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.on("error", (error) => resolve({ code: 127, output: `${text}\n${error.message}` }));
    child.on("close", (status) => resolve({ code: status, output: text }));
  });
  writeFileSync(logFile, output);
  const scratchEntry = join(scratch, "node_modules", ...agent.pkg.split("/"), agent.entry);
  if (code !== 0 || !existsSync(scratchEntry)) {
    rmSync(scratch, { recursive: true, force: true });
    const lines = output.trim().split("\n");
    // npm's own summary ("code ECONNREFUSED", "request to … failed") says why; the last lines are advice.
    const why = lines.filter((line) => /npm error (code |errno |network |request to |404 )/.test(line));
    const reason = (why.length ? why.slice(0, 3) : lines.slice(-3)).join(" | ");
    const error = new Error(`installing ${spec} failed (npm exit ${code}; log ${logFile}): ${reason}`);
    failures.set(agent.name, error);
    throw error;
  }
  writeFileSync(join(scratch, ".installed"), `${spec}\n`);
  rmSync(dir, { recursive: true, force: true }); // a broken leftover without the marker
  renameSync(scratch, dir);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`    Installed ${spec} in ${seconds} s`);
}

/** The version of a package installed next to an agent (Codex's `@openai/codex`), for messages. */
export function installedVersion(agent: RealAgentPackage, pkg: string): string | undefined {
  const manifest = join(agentDir(agent), "node_modules", ...pkg.split("/"), "package.json");
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
}
