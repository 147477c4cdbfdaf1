/**
 * Render time of many cards holding large diffs. The agent sends `cards` requests whose tool calls carry a
 * `lines`-line git patch (previews are capped by the host) and leaves them pending. First, while the view is open:
 * each card's arrival -> painted. Then the webview is reloaded (Developer: Reload Webviews) `reloads` times: it sends
 * `ready`, the host posts one snapshot holding every card, and the render time is from that post to the webview's
 * `painted` report for the cards (reported from the frame after the DOM was built, so layout and paint of the
 * snapshot's frame are included).
 */
import * as vscode from "vscode";
import { commandId } from "../agentLog";
import type { HostContext } from "./context";
import { pendingOf, turnEnded, until } from "../waits";
import { MANUAL_AGENT, type RenderHostResult, type RenderSettings } from "./protocol";
import type { Snapshot } from "../../src/shared/protocol";

export async function runRender(ctx: HostContext, settings: RenderSettings): Promise<RenderHostResult> {
  const { sessions } = ctx.api;
  sessions.setLimits({ perSession: 10_000, perAgent: 10_000, timeoutMs: 0 });
  ctx.paints.clear();
  const key = await sessions.startSession(MANUAL_AGENT);
  const mark = ctx.posts.mark();
  try {
    void sessions.sendPrompt(
      key,
      JSON.stringify({
        op: "hold",
        id: commandId("render"),
        count: settings.cards,
        payload: "diff",
        diffLines: settings.lines,
      }),
    );
    const prompts = await until(
      () => {
        const pending = pendingOf(sessions, key);
        return (
          pending.length === settings.cards && pending.every((p) => ctx.paints.reports.has(p.key)) && pending
        );
      },
      `${settings.cards} diff cards to be painted`,
      120_000,
    );
    const arrivalToPaintMs = prompts.map((p) => ctx.paints.reports.get(p.key)!.value);
    const largestUpdateBytes = ctx.posts.largestBytes(mark, "update");
    const snapshotToPaintMs: number[] = [];
    let snapshotBytes = 0;
    let snapshotMessages = 0;
    let snapshotTotalBytes = 0;
    let largestSnapshotMessageBytes = 0;
    for (let i = 0; i < settings.reloads; i++) {
      const before = ctx.posts.mark();
      await vscode.commands.executeCommand("workbench.action.webview.reloadWebviewAction");
      const snapshot = await until(
        () => ctx.posts.since(before).find((p) => p.message.type === "snapshot"),
        "the snapshot after a webview reload",
        60_000,
        5,
      );
      const painted = await until(
        () => prompts.every((p) => (ctx.paints.reports.get(p.key)?.setAt ?? 0) >= snapshot.at) && prompts,
        "the snapshot's cards to be painted",
        60_000,
        5,
      );
      snapshotToPaintMs.push(
        Math.max(...painted.map((p) => p.receivedAt + ctx.paints.reports.get(p.key)!.value)) - snapshot.at,
      );
      if (i === 0) {
        snapshotBytes = Buffer.byteLength(JSON.stringify(snapshot.message));
        // The snapshot is paged: its first message says how many updates follow it with the rest.
        const posts = ctx.posts.since(before);
        const first = posts.indexOf(snapshot);
        const pages = (snapshot.message as { type: string; snapshot?: Snapshot }).snapshot?.continuedIn ?? 0;
        const reload = posts.slice(first, first + 1 + pages);
        snapshotMessages = reload.length;
        snapshotTotalBytes = reload.reduce((sum, p) => sum + Buffer.byteLength(JSON.stringify(p.message)), 0);
        largestSnapshotMessageBytes = ctx.posts.largestBytes(before);
      }
    }
    return {
      cards: settings.cards,
      lines: settings.lines,
      snapshotToPaintMs,
      arrivalToPaintMs,
      snapshotBytes,
      snapshotMessages,
      snapshotTotalBytes,
      largestSnapshotMessageBytes,
      largestUpdateBytes,
    };
  } finally {
    await sessions.stop(key);
    await turnEnded(sessions, key).catch(() => undefined);
    await sessions.closeSession(key);
  }
}
