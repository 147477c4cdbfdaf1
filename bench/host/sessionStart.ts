/**
 * New Session -> ready, per kind of agent, and the first request of a new session -> visible. Each run starts a new
 * session (a fresh agent process: the previous run's session was closed, which ends its process) and times
 * `startSession` until it resolves: the agent process spawned, `initialize` answered (and, for an agent that answers
 * protocol version 1 to a v2 `initialize`, whatever fallback the client makes), `session/new` answered. Then one
 * probe per new session, preceded by a tool call with a diff: agent sent -> card inserted / painted in the webview.
 * Each run alternates with a floor run (`bareSessionStart`): the same agent program started by a bare SDK client, so
 * the two share the machine's minute; which of the two goes first alternates.
 */
import { join } from "node:path";
import * as vscode from "vscode";
import { DEMO_AGENT_NAME } from "../../src/core/settings";
import { commandId, waitForResult } from "../agentLog";
import type { AgentResult } from "../agents/ops";
import { REJECT_ONCE } from "../payload";
import { turnEnded } from "../waits";
import { bareSessionStart, type BareLaunch } from "./bareSessionStart";
import type { HostContext } from "./context";
import {
  MANUAL_AGENT,
  type PaintProbe,
  type SessionStartResult,
  type SessionStartSettings,
} from "./protocol";

async function closeQuietly(ctx: HostContext, key: string): Promise<void> {
  await ctx.api.sessions.stop(key).catch(() => undefined);
  await turnEnded(ctx.api.sessions, key).catch(() => undefined);
  await ctx.api.sessions.closeSession(key);
}

/** How Symposium starts `name`'s program (extension.ts for the demo agent, user settings for the others). */
function bareLaunch(name: string, protocol: 1 | 2): BareLaunch {
  if (name === DEMO_AGENT_NAME) {
    const extension = vscode.extensions.getExtension("symposium.symposium");
    if (!extension) throw new Error("symposium.symposium is not loaded in this extension host");
    return {
      command: process.execPath,
      args: [join(extension.extensionPath, "dist", "demoAgent.js")],
      env: { ELECTRON_RUN_AS_NODE: "1" },
      protocol,
    };
  }
  const agents = vscode.workspace
    .getConfiguration("symposium")
    .get<Record<string, Partial<BareLaunch>>>("agents");
  const entry = agents?.[name];
  if (!entry?.command) throw new Error(`no agent "${name}" in symposium.agents`);
  return { command: entry.command, args: entry.args ?? [], env: entry.env ?? {}, protocol };
}

export async function runSessionStart(
  ctx: HostContext,
  settings: SessionStartSettings,
): Promise<SessionStartResult> {
  const { sessions } = ctx.api;
  const result: SessionStartResult = { ready: [], firstRequest: [] };
  for (const agent of settings.agents) {
    const entry: SessionStartResult["ready"][number] = { ...agent, ms: [], floorMs: [] };
    result.ready.push(entry);
    const symposium = async () => {
      const started = Date.now();
      const key = await sessions.startSession(agent.name);
      entry.ms.push(Date.now() - started);
      await closeQuietly(ctx, key);
    };
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
    const floor = async () =>
      entry.floorMs.push(await bareSessionStart(bareLaunch(agent.name, agent.protocol), cwd));
    try {
      for (let i = 0; i < settings.runs; i++) {
        if (i % 2 === 0) {
          await symposium();
          await floor();
        } else {
          await floor();
          await symposium();
        }
      }
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
    }
  }
  for (let i = 0; i < settings.firstRequests; i++) {
    ctx.paints.clear();
    const key = await sessions.startSession(MANUAL_AGENT);
    try {
      const id = commandId("first-request");
      let probeKey: string | undefined;
      const subscription = sessions.onDidChange((ops) => {
        for (const op of ops)
          if (op.op === "prompt" && op.prompt.sessionKey === key && probeKey === undefined) {
            probeKey = op.prompt.key;
            const chosen = op.prompt.key;
            void ctx.paints.wait(chosen, 15_000).then(
              () => sessions.choose(chosen, REJECT_ONCE),
              () => sessions.choose(chosen, REJECT_ONCE),
            );
          }
      });
      try {
        void sessions.sendPrompt(
          key,
          JSON.stringify({
            op: "probe",
            id,
            count: 1,
            gapMs: 0,
            title: "First",
            toolCall: true,
            diffLines: settings.diffLines,
          }),
        );
        const agent = await waitForResult<Extract<AgentResult, { op: "probe" }>>(ctx.manualLog, id, 30_000);
        const report = probeKey === undefined ? undefined : ctx.paints.reports.get(probeKey);
        if (probeKey !== undefined && report) {
          const probe: PaintProbe = {
            key: probeKey,
            sentAt: agent.probes[0]!.sentAt,
            receivedAt: report.paintedAt - report.value,
            paintedAt: report.paintedAt,
            ...(report.insertedAt !== undefined ? { insertedAt: report.insertedAt } : {}),
            ...(report.frameAt !== undefined ? { frameAt: report.frameAt } : {}),
          };
          result.firstRequest.push(probe);
        }
      } finally {
        subscription.dispose();
      }
    } finally {
      await closeQuietly(ctx, key);
    }
  }
  return result;
}
