/**
 * Slash commands, usage and Resume Session… over the in-process seam: the real client (`AgentSessions` down to
 * `AgentConnection`) against SDK agent apps in this process, each advertising a different part of ACP (v1
 * `session/load`, v1 `session/resume`, neither), some of them sending hostile values.
 */
import assert from "node:assert/strict";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v1 from "@agentclientprotocol/sdk";
import { AgentSessions, type PastSession } from "../../src/acp/agentSessions";
import { SessionStartError } from "../../src/acp/session";
import { parseAgentSettings } from "../../src/core/settings";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import { waitFor } from "../../tools/waitFor";
import { LIMITS, type SessionHeader, type ViewOp } from "../../src/shared/protocol";
import { Gate, InProcessAgent } from "../support/inProcessAgent";
import { silentLog } from "../support/silentLog";

type App = ConstructorParameters<typeof InProcessAgent>[1];

interface Advertised {
  list?: boolean;
  load?: boolean;
  resume?: boolean;
}

/** What a scripted agent was asked, for the assertions. */
interface Asked {
  listed: { cwd?: string | null }[];
  loaded: { sessionId: string; cwd: string }[];
  resumed: { sessionId: string; cwd: string }[];
  prompted: { sessionId: string; prompt: unknown[] }[];
}

/** A v1 agent with past sessions `old-1` … in `cwd`, advertising `advertised`; `history` is what a load replays. */
function pastSessionsAgent(
  cwd: string,
  advertised: Advertised,
  asked: Asked,
  extra: {
    pastSessions?: unknown[];
    onPrompt?: (client: v1.AgentContext, sessionId: string) => Promise<void>;
    /** The turn's token usage on the prompt response (ACP's unstable `PromptResponse.usage`). */
    promptUsage?: Record<string, number>;
    /** Runs first in each `session/load`; a throw fails that load. */
    onLoad?: () => Promise<void>;
  } = {},
): App {
  return v1
    .agent({ name: "past" })
    .onRequest(v1.methods.agent.initialize, () => ({
      protocolVersion: 1,
      agentCapabilities: {
        loadSession: advertised.load === true,
        sessionCapabilities: {
          ...(advertised.list ? { list: {} } : {}),
          ...(advertised.resume ? { resume: {} } : {}),
        },
      },
      agentInfo: { name: "past", version: "0.0.0" },
    }))
    .onRequest(v1.methods.agent.session.new, () => ({ sessionId: "fresh" }))
    .onRequest(v1.methods.agent.session.list, ({ params }) => {
      asked.listed.push({ cwd: params.cwd });
      return {
        sessions: (extra.pastSessions ?? [
          { sessionId: "old-1", cwd, title: "Fix the parser", updatedAt: "2026-11-20T10:00:00Z" },
          { sessionId: "old-2", cwd, title: "Newer one", updatedAt: "2026-11-21T10:00:00Z" },
        ]) as v1.SessionInfo[],
      };
    })
    .onRequest(v1.methods.agent.session.load, async ({ params, client }) => {
      asked.loaded.push({ sessionId: params.sessionId, cwd: params.cwd });
      await extra.onLoad?.();
      const sessionId = params.sessionId;
      const send = (update: v1.SessionUpdate) =>
        client.notify(v1.methods.client.session.update, { sessionId, update });
      await send({ sessionUpdate: "user_message_chunk", content: { type: "text", text: "Please fix " } });
      await send({ sessionUpdate: "user_message_chunk", content: { type: "text", text: "the parser" } });
      await send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Fixed it." } });
      await send({
        sessionUpdate: "usage_update",
        used: 500,
        size: 1000,
        cost: { amount: 0.5, currency: "EUR" },
      });
      return {};
    })
    .onRequest(v1.methods.agent.session.resume, ({ params }) => {
      asked.resumed.push({ sessionId: params.sessionId, cwd: params.cwd });
      return {};
    })
    .onRequest(v1.methods.agent.session.prompt, async ({ params, client }) => {
      asked.prompted.push({ sessionId: params.sessionId, prompt: params.prompt });
      await extra.onPrompt?.(client, params.sessionId);
      return { stopReason: "end_turn" as const, ...(extra.promptUsage ? { usage: extra.promptUsage } : {}) };
    });
}

class Client {
  readonly workspace = realpathSync(mkdtempSync(join(tmpdir(), "symposium-controls-")));
  readonly ops: ViewOp[] = [];
  readonly asked: Asked = { listed: [], loaded: [], resumed: [], prompted: [] };
  readonly sessions: AgentSessions;

  constructor(app: (client: Client) => App) {
    const paths = new PolicyBoundary([this.workspace]);
    this.sessions = new AgentSessions({
      readAgents: () => parseAgentSettings({ Past: { command: "none" } }),
      demoAgent: { command: "none", args: [], env: {} },
      workspaceRoots: () => [this.workspace],
      workspaceTrusted: () => true,
      workspacePaths: () => paths,
      documents: { openText: () => undefined },
      writeBypass: () => Promise.resolve(),
      chooseAuthMethod: () => Promise.resolve(undefined),
      versionMemory: { get: () => 1, set: () => undefined },
      log: silentLog,
      clientVersion: "0.0.0-test",
      timeouts: { initializeMs: 10_000, newSessionMs: 10_000, stopGraceMs: 10_000 },
      startAgent: (launch) => Promise.resolve(new InProcessAgent(launch, app(this))),
    });
    this.sessions.onDidChange((ops) => this.ops.push(...ops));
  }

  /** Every header the view was sent for a session, in order. */
  headers(key: string): SessionHeader[] {
    return this.ops.flatMap((op) => (op.op === "session" && op.header.key === key ? [op.header] : []));
  }

  /** The last header the view was sent for a session. */
  header(key: string): SessionHeader | undefined {
    return this.headers(key).at(-1);
  }

  async dispose(): Promise<void> {
    await this.sessions.dispose();
    rmSync(this.workspace, { recursive: true, force: true });
  }
}

describe("Session controls over the in-process seam", function () {
  let client: Client | undefined;

  afterEach(async () => {
    await client?.dispose();
    client = undefined;
  });

  it("Resume lists this workspace's sessions newest first and session/load brings the transcript back", async () => {
    client = new Client((c) => pastSessionsAgent(c.workspace, { list: true, load: true }, c.asked));
    let offered: PastSession[] = [];
    const result = await client.sessions.resumeSession("Past", (past) => {
      offered = past;
      return Promise.resolve(past.find((s) => s.sessionId === "old-1"));
    });
    assert.deepEqual(
      offered.map((s) => [s.sessionId, s.title]),
      [
        ["old-2", "Newer one"],
        ["old-1", "Fix the parser"],
      ],
    );
    assert.deepEqual(client.asked.listed, [{ cwd: client.workspace }], "asked for this workspace only");
    assert.deepEqual(client.asked.loaded, [{ sessionId: "old-1", cwd: client.workspace }]);
    assert.equal(result.outcome, "opened");
    const key = (result as { sessionKey: string }).sessionKey;
    const model = client.sessions.session(key)!;
    assert.equal(model.status, "ready");
    // From its first header on, while it opened, it said it was an earlier session reopening (the empty transcript
    // says so, not "Starting"); no more once open.
    const starting = client.headers(key).filter((header) => header.status === "starting");
    assert.ok(starting.length > 0);
    assert.ok(starting.every((header) => header.reopening === "with-messages"));
    assert.equal(client.header(key)?.reopening, undefined);
    // Named by the agent's id from the first header: the view hands it a draft a window reload left in that session.
    assert.ok(client.headers(key).every((header) => header.agentSessionId === "old-1"));
    const items = model.transcript();
    assert.deepEqual(
      items.flatMap((item) =>
        item.kind === "user" ? [item.text] : item.kind === "agent" ? [item.markdown] : [],
      ),
      ["Please fix the parser", "Fixed it."],
      "the replayed conversation, the person's messages included",
    );
    assert.equal(client.header(key)?.title, "Fix the parser", "the tab takes the session's title");
    assert.deepEqual(client.header(key)?.usage?.cost, { amount: 0.5, currency: "EUR" });
    // Live again: the person's messages are theirs, not echoed twice.
    await client.sessions.sendPrompt(key, "And the tests");
    assert.deepEqual(
      model.transcript().flatMap((item) => (item.kind === "user" ? [item.text] : [])),
      ["Please fix the parser", "And the tests"],
    );
    // Reopening the same session again shows its tab instead of a second copy.
    const again = await client.sessions.resumeSession("Past", (past) =>
      Promise.resolve(past.find((s) => s.sessionId === "old-1")),
    );
    assert.deepEqual(again, { outcome: "opened", sessionKey: key });
    assert.equal(client.asked.loaded.length, 1);
  });

  it("a v1 session/resume reopens without the earlier messages, and the tab says so", async () => {
    client = new Client((c) => pastSessionsAgent(c.workspace, { list: true, resume: true }, c.asked));
    const result = await client.sessions.resumeSession("Past", (past) => Promise.resolve(past[0]));
    const key = (result as { sessionKey: string }).sessionKey;
    assert.deepEqual(client.asked.resumed, [{ sessionId: "old-2", cwd: client.workspace }]);
    const notices = client.sessions
      .session(key)!
      .transcript()
      .flatMap((item) => (item.kind === "notice" ? [item.text] : []));
    assert.equal(notices.length, 1);
    assert.match(notices[0]!, /does not send the earlier messages/);
    // While it reopened, its empty transcript did not promise the earlier messages either.
    const starting = client.headers(key).filter((header) => header.status === "starting");
    assert.ok(starting.length > 0);
    assert.ok(starting.every((header) => header.reopening === "without-messages"));
  });

  /** Past session `old-1` reopened, failing its first load after "Now the tests" was written in its tab. */
  const pickOld1 = (past: PastSession[]) => Promise.resolve(past.find((s) => s.sessionId === "old-1"));
  async function failedReopenWithMessage(): Promise<{ c: Client; failedKey: string }> {
    let loads = 0;
    const firstLoad = new Gate();
    client = new Client((c) =>
      pastSessionsAgent(c.workspace, { list: true, load: true }, c.asked, {
        onLoad: async () => {
          if (++loads > 1) return;
          await firstLoad.pass();
          throw new Error("the session store is locked");
        },
      }),
    );
    const failing = client.sessions.resumeSession("Past", pickOld1);
    await firstLoad.arrived;
    const [failedKey] = client.sessions.sessionKeys();
    await client.sessions.sendPrompt(failedKey!, "Now the tests");
    firstLoad.open();
    await assert.rejects(failing, SessionStartError);
    return { c: client, failedKey: failedKey! };
  }

  it("Try again after a failed reopen reopens the same past session, with the message written meanwhile", async () => {
    const { c, failedKey } = await failedReopenWithMessage();
    assert.equal(c.sessions.session(failedKey)?.status, "error");

    const retried = await c.sessions.retryStart(failedKey);
    assert.ok(retried);
    assert.deepEqual(
      c.sessions.sessionKeys(),
      [retried],
      "the failed tab closed, the new one is the only one",
    );
    assert.deepEqual(
      c.asked.loaded.map((asked) => asked.sessionId),
      ["old-1", "old-1"],
      "the same past session, not a new one",
    );
    const model = c.sessions.session(retried)!;
    assert.equal(c.header(retried)?.title, "Fix the parser");
    await waitFor(() => c.asked.prompted.length === 1 || undefined, "the message written meanwhile sent");
    assert.deepEqual(c.asked.prompted[0], {
      sessionId: "old-1",
      prompt: [{ type: "text", text: "Now the tests" }],
    });
    assert.deepEqual(
      model.transcript().flatMap((item) => (item.kind === "user" ? [item.text] : [])),
      ["Please fix the parser", "Now the tests"],
      "the replayed conversation, then the message",
    );
  });

  it("Try again on a failed reopen of a session reopened since in another tab goes to that tab, with the message", async () => {
    const { c, failedKey } = await failedReopenWithMessage();
    const reopened = await c.sessions.resumeSession("Past", pickOld1);
    assert.equal(reopened.outcome, "opened");
    const openKey = (reopened as { sessionKey: string }).sessionKey;
    assert.notEqual(openKey, failedKey, "Resume reopens it in a new tab: the failed reopen left no route");

    const retried = await c.sessions.retryStart(failedKey);
    assert.equal(retried, openKey, "Try again shows the tab that has the session open");
    assert.deepEqual(c.sessions.sessionKeys(), [openKey], "the failed tab closed, no third tab");
    assert.equal(c.sessions.snapshot().activeSessionKey, openKey, "and makes it the active one");
    await waitFor(
      () => c.asked.prompted.length === 1 || undefined,
      "the message written in the failed tab sent in the open one",
    );
    assert.deepEqual(c.asked.prompted[0], {
      sessionId: "old-1",
      prompt: [{ type: "text", text: "Now the tests" }],
    });
    assert.deepEqual(
      c.asked.loaded.map((asked) => asked.sessionId),
      ["old-1", "old-1"],
      "not loaded a third time: a second load would take the open tab's updates and requests",
    );
  });

  it("keeps the agent while the person picks a past session, though its last tab is closed meanwhile", async () => {
    const c = (client = new Client((c) =>
      pastSessionsAgent(c.workspace, { list: true, load: true }, c.asked),
    ));
    const first = await c.sessions.startSession("Past");
    const reopened = await c.sessions.resumeSession("Past", async (past) => {
      await c.sessions.closeSession(first);
      return pickOld1(past);
    });
    assert.equal(reopened.outcome, "opened");
    const key = (reopened as { sessionKey: string }).sessionKey;
    assert.equal(c.sessions.session(key)?.status, "ready", c.sessions.session(key)?.error);
    assert.deepEqual(
      c.asked.loaded.map((asked) => asked.sessionId),
      ["old-1"],
    );
  });

  it("says a session still reopening for a closed tab is busy, not that the agent gave a wrong id", async () => {
    const load = new Gate();
    let loads = 0;
    const c = (client = new Client((c) =>
      pastSessionsAgent(c.workspace, { list: true, load: true }, c.asked, {
        onLoad: () => (++loads === 1 ? load.pass() : Promise.resolve()),
      }),
    ));
    const closing = c.sessions.resumeSession("Past", pickOld1).catch((error: unknown) => error);
    await load.arrived;
    const [closedKey] = c.sessions.sessionKeys();
    await c.sessions.closeSession(closedKey!);
    await assert.rejects(
      c.sessions.resumeSession("Past", pickOld1),
      /still busy with this session in a tab closed meanwhile \(reopening it, or finishing a turn\)\. Try again in a moment/,
    );
    const [busyKey] = c.sessions.sessionKeys();
    assert.match(c.sessions.session(busyKey!)?.error ?? "", /Try again in a moment/, "the tab says so");
    load.open();
    await closing;
    // Once the closed tab's reopen ended, Try again reopens it.
    const retried = await c.sessions.retryStart(busyKey!);
    assert.equal(c.sessions.session(retried!)?.status, "ready");
  });

  it("an agent that cannot list and reopen sessions is not offered, and no tab opens", async () => {
    for (const advertised of [{}, { list: true }, { load: true }] as Advertised[]) {
      client = new Client((c) => pastSessionsAgent(c.workspace, advertised, c.asked));
      let asked = false;
      const result = await client.sessions.resumeSession("Past", () => {
        asked = true;
        return Promise.resolve(undefined);
      });
      assert.deepEqual(result, { outcome: "unsupported" }, JSON.stringify(advertised));
      assert.equal(asked, false, "no list is shown");
      assert.deepEqual(client.sessions.sessionKeys(), []);
      assert.equal(client.sessions.agentChoices().find((a) => a.name === "Past")?.canResume, false);
      await client.dispose();
      client = undefined;
    }
  });

  it("leaves out listed sessions of other folders, ids too long to send back whole, and junk", async () => {
    client = new Client((c) =>
      pastSessionsAgent(c.workspace, { list: true, load: true }, c.asked, {
        pastSessions: [
          { sessionId: "elsewhere", cwd: "/somewhere/else", title: "Not this workspace" },
          { sessionId: "x".repeat(LIMITS.agentSessionIdChars + 1), cwd: c.workspace },
          { sessionId: 42, cwd: c.workspace },
          { sessionId: "ok", cwd: c.workspace, title: "Line one\nline two\u0007", updatedAt: "not a date" },
        ],
      }),
    );
    let offered: PastSession[] = [];
    await client.sessions.resumeSession("Past", (past) => {
      offered = past;
      return Promise.resolve(undefined);
    });
    assert.deepEqual(offered, [{ sessionId: "ok", title: "Line one line two" }]);
    assert.deepEqual(client.sessions.sessionKeys(), [], "cancelled: nothing opened");
  });

  it("does not let a session dated in the future head the list", async () => {
    const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
    client = new Client((c) =>
      pastSessionsAgent(c.workspace, { list: true, load: true }, c.asked, {
        pastSessions: [
          {
            sessionId: "pinned",
            cwd: c.workspace,
            title: "Open me first",
            updatedAt: "2999-01-01T00:00:00Z",
          },
          { sessionId: "hour-ago", cwd: c.workspace, title: "Hour ago", updatedAt: ahead(-3_600_000) },
          // A clock a minute ahead of this one is still this session's last activity.
          { sessionId: "skewed", cwd: c.workspace, title: "Just now", updatedAt: ahead(60_000) },
        ],
      }),
    );
    let offered: PastSession[] = [];
    await client.sessions.resumeSession("Past", (past) => {
      offered = past;
      return Promise.resolve(undefined);
    });
    assert.deepEqual(
      offered.map((s) => s.sessionId),
      ["skewed", "hour-ago", "pinned"],
    );
    assert.equal(offered[2]!.updatedAt, undefined, "no time is shown for a date that has not come");
  });

  it("sends slash commands and usage to the view as they arrive, checked and capped", async () => {
    const commandsSent = new Gate();
    client = new Client((c) =>
      pastSessionsAgent(c.workspace, {}, c.asked, {
        onPrompt: async (agent, sessionId) => {
          const send = (update: unknown) =>
            agent.notify(v1.methods.client.session.update, { sessionId, update } as never);
          await send({
            sessionUpdate: "available_commands_update",
            availableCommands: [
              { name: "review", description: "Review the diff", input: { hint: "what to review" } },
              { name: "has space", description: "not typable" },
              { name: "review", description: "a duplicate" },
              { name: "\u202eevil", description: "bidi override" },
              { name: "long", description: "d".repeat(10_000) },
              ...Array.from({ length: 500 }, (_, i) => ({ name: `c${i}`, description: "" })),
            ],
          });
          // The turn waits here: the header must reach the view now, not with the turn's end.
          await commandsSent.pass();
          await send({
            sessionUpdate: "usage_update",
            used: 10,
            size: 100,
            cost: { amount: 0.25, currency: "USD" },
          });
          await send({
            sessionUpdate: "usage_update",
            used: 10,
            size: 100,
            cost: { amount: -1, currency: "<b>" },
          });
        },
        promptUsage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 },
      }),
    );
    const key = await client.sessions.startSession("Past");
    const turn = client.sessions.sendPrompt(key, "go");
    await commandsSent.arrived;
    await waitFor(
      () => (client!.header(key)?.commands.length ?? 0) > 0,
      "the commands in a header op",
      1_000,
    );
    commandsSent.open();
    await turn;
    const header = client.header(key)!;
    assert.equal(header.commands.length, LIMITS.commands);
    assert.deepEqual(header.commands[0], {
      name: "review",
      description: "Review the diff",
      hint: "what to review",
    });
    assert.deepEqual(
      header.commands.slice(1, 2).map((c) => [c.name, c.description.length]),
      [["long", LIMITS.commandDescriptionChars + 1]],
      "bad names and duplicates left out, long descriptions capped",
    );
    assert.deepEqual(header.usage, {
      context: { used: 10, size: 100 },
      cost: { amount: 0.25, currency: "USD" },
      turnCost: 0.25,
      turnTokens: 120,
      sessionTokens: 120,
    });
    await client.sessions.sendPrompt(key, "again");
    assert.deepEqual(
      [
        client.header(key)?.usage?.turnTokens,
        client.header(key)?.usage?.sessionTokens,
        client.header(key)?.usage?.turnCost,
      ],
      [120, 240, 0],
      "the second turn adds its tokens; the cost did not change in it",
    );
  });
});
