/**
 * The real ACP client (`AgentSessions`) in plain Node, with the benchmark agent configured as "Bench" and a temporary
 * workspace: what the memory benchmark drives. Mirrors what `extension.ts` passes, minus VS Code.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentSessions } from "../../src/acp/agentSessions";
import type { PendingLimits } from "../../src/core/pendingApprovals";
import { parseAgentSettings } from "../../src/core/settings";
import { GitAllowance, revisionChanges } from "../../src/core/policy/gitChanges";
import { gitFolders, hooksFolder, plainRepository, sharedConfig } from "../../src/core/policy/gitHooks";
import { RepositoryScan } from "../../src/core/policy/nestedRepositories";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import { BENCH_AGENT } from "../paths";

export const BENCH_AGENT_NAME = "Bench";

export interface PlainClient {
  sessions: AgentSessions;
  workspace: string;
  logFile: string;
  dispose(): Promise<void>;
}

export function createPlainClient(options: { limits?: PendingLimits; bypass?: boolean } = {}): PlainClient {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "symposium-bench-client-")));
  const logFile = join(workspace, "agent.jsonl");
  writeFileSync(join(workspace, "README.md"), "# Benchmark workspace\n");
  const agents = {
    [BENCH_AGENT_NAME]: {
      command: process.execPath,
      args: [BENCH_AGENT],
      env: { BENCH_AGENT_LOG: logFile },
      bypassPermissions: options.bypass ?? false,
    },
  };
  // A git repository, read as `extension.ts`'s `policyBoundary` reads the workspace: its hooks, configuration and
  // nested repositories are checked on every request there, so they are here.
  execFileSync("git", ["init", "-q", workspace]);
  const paths = new PolicyBoundary([workspace], {
    gitFolders,
    hooksFolder,
    plainRepository,
    sharedConfig,
    repositoryScan: new RepositoryScan(),
    gitAllowance: new GitAllowance(),
    gitConfigs: [],
    revisionChanges,
    startupEnv: process.env,
  });
  const quiet = () => undefined;
  const versions = new Map<string, 1 | 2>();
  const sessions = new AgentSessions({
    readAgents: () => parseAgentSettings(agents),
    demoAgent: { command: process.execPath, args: [], env: {} },
    workspaceRoots: () => [workspace],
    workspaceTrusted: () => true,
    workspacePaths: () => paths,
    documents: { openText: () => undefined },
    writeBypass: () => Promise.resolve(),
    chooseAuthMethod: () => Promise.resolve(undefined),
    versionMemory: { get: (name) => versions.get(name), set: (name, version) => versions.set(name, version) },
    // As the extension host at its default log level (Info): debug lines are not built.
    log: { debugEnabled: () => false, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet },
    clientVersion: "0.0.0-bench",
    ...(options.limits ? { limits: options.limits } : {}),
  });
  return {
    sessions,
    workspace,
    logFile,
    async dispose() {
      await sessions.dispose();
      rmSync(workspace, { recursive: true, force: true });
    },
  };
}
