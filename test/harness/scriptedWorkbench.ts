// The set-up most end-to-end suites share: one workbench for the whole suite whose user settings run scripted agents,
// each logging to its own file in a temporary folder. Registers the suite's `before` and `after` hooks, so a suite
// says only what differs: its workspace files, its agents and any other settings.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { makeTempFolder, openWorkbench, type Workbench } from "../../tools/workbench";
import { ScriptedAgentLog, scriptedAgent, stopButton, symposium, waitUntil } from "./scripted";

type Protocol = "v1" | "v2" | "dual";

/** A scripted agent's entry: its protocol, or that plus extra environment and the agent's Bypass setting. */
export type ScriptedAgentSpec =
  | Protocol
  | {
      readonly protocol: Protocol;
      readonly env?: Record<string, string>;
      readonly bypassPermissions?: boolean;
    };

export interface ScriptedWorkbenchOptions {
  /** Files of the temporary workspace folder, relative path -> content. */
  readonly workspaceFiles?: Record<string, string>;
  /** A multi-root workspace instead: folder name -> its files (`openWorkbench`'s `workspaceFolders`). */
  readonly workspaceFolders?: Record<string, Record<string, string>>;
  /** The folder of `workspaceFolders` that holds the `.code-workspace` file (`openWorkbench`'s `workspaceFileIn`). */
  readonly workspaceFileIn?: string;
  /** The scripted agents in `symposium.agents`, by name, in that order. */
  readonly agents: Record<string, ScriptedAgentSpec>;
  /** Other user settings; entries of its `symposium.agents` (agents that are not scripted) follow the scripted ones. */
  readonly settings?: Record<string, unknown>;
}

export interface ScriptedWorkbench {
  /** The suite's workbench (from its `before` hook on). */
  readonly workbench: Workbench;
  /** The log of the scripted agent named `name` (from the suite's `before` hook on). */
  log(name: string): ScriptedAgentLog;
}

/** A suite's workbench once open: the workbench, its agents' logs and the folder they are in. */
interface OpenedWorkbench {
  readonly workbench: Workbench;
  readonly logDir: string;
  readonly logs: ReadonlyMap<string, ScriptedAgentLog>;
}

async function openScripted(options: ScriptedWorkbenchOptions): Promise<OpenedWorkbench> {
  const logDir = makeTempFolder("symposium-e2e-logs-");
  const logs = new Map<string, ScriptedAgentLog>();
  const agents: Record<string, unknown> = {};
  for (const [index, [name, spec]] of Object.entries(options.agents).entries()) {
    const log = new ScriptedAgentLog(join(logDir, `agent-${index}.jsonl`));
    logs.set(name, log);
    const { protocol, env, bypassPermissions } = typeof spec === "string" ? { protocol: spec } : spec;
    const definition = scriptedAgent(log.path, protocol);
    agents[name] = {
      ...definition,
      ...(env === undefined ? {} : { env: { ...definition.env, ...env } }),
      ...(bypassPermissions === undefined ? {} : { bypassPermissions }),
    };
  }
  const settings = options.settings ?? {};
  const otherAgents = settings["symposium.agents"] as Record<string, unknown> | undefined;
  let workbench: Workbench | undefined;
  try {
    workbench = await openWorkbench({
      workspaceFiles: options.workspaceFiles,
      workspaceFolders: options.workspaceFolders,
      workspaceFileIn: options.workspaceFileIn,
      settings: { ...settings, "symposium.agents": { ...agents, ...otherAgents } },
    });
    // The suite's tests start with the Symposium view shown.
    await symposium(workbench.page);
    return { workbench, logDir, logs };
  } catch (error) {
    await workbench?.close();
    rmSync(logDir, { recursive: true, force: true });
    throw error;
  }
}

async function closeOpened({ workbench, logDir }: OpenedWorkbench): Promise<void> {
  await workbench.close();
  rmSync(logDir, { recursive: true, force: true });
}

/**
 * Call inside a `describe`: its workbench is open, with the Symposium view showing, before its tests, and closed,
 * its logs removed, after them.
 */
export function scriptedWorkbench(options: ScriptedWorkbenchOptions): ScriptedWorkbench {
  let opened: OpenedWorkbench | undefined;

  before(async () => {
    opened = await openScripted(options);
  });

  // A test that fails with cards waiting would fail the suite's later tests on them too: Stop answers the shown
  // session's cards, so one failure is reported once. Only after a failure; a passing test leaves what it leaves.
  afterEach(async function () {
    if (this.currentTest?.state !== "failed" || !opened) return;
    try {
      const webview = await symposium(opened.workbench.page);
      // Disabled when no turn runs (nothing to stop): the click then gives up.
      await stopButton(webview)
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await waitUntil(async () => (await webview.locator(".card").count()) === 0, "no card left", 10_000);
    } catch (error) {
      console.log(`      (the clean-up after that failure failed too: ${(error as Error).message})`);
    }
  });

  after(async () => {
    if (opened) await closeOpened(opened);
  });

  return {
    get workbench(): Workbench {
      if (opened === undefined) throw new Error("the workbench opens in the suite's before hook");
      return opened.workbench;
    },
    log(name: string): ScriptedAgentLog {
      const log = opened?.logs.get(name);
      if (log === undefined)
        throw new Error(`no scripted agent named ${name} (or its before hook has not run)`);
      return log;
    },
  };
}
