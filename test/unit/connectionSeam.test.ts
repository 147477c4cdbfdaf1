/**
 * Lifetime interleavings over the in-process seam: the real client (`AgentSessions` down to `AgentConnection`) talks
 * to SDK agent apps in this process over in-memory streams; gates hold the agent's requests in flight, so each
 * interleaving happens in the same order on every run, without processes or sleeps. `test/client/lifetimes.test.ts`
 * checks the same against real agent processes.
 */
import assert from "node:assert/strict";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v1 from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { AgentSessions } from "../../src/acp/agentSessions";
import { SessionClosedError } from "../../src/acp/session";
import type { PendingLimits } from "../../src/core/pendingApprovals";
import { parseAgentSettings, withBypass } from "../../src/core/settings";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import type { DecisionRecord, ViewOp } from "../../src/shared/protocol";
import { Gate, InProcessAgent } from "../support/inProcessAgent";
import { opsAfterRemoval } from "../support/viewOps";

const AGENT_INFO = { name: "seam-agent", version: "0.0.0" };
const OPTIONS = [
  { optionId: "allow", name: "Allow", kind: "allow_once" as const },
  { optionId: "reject", name: "Reject", kind: "reject_once" as const },
];

type App = ConstructorParameters<typeof InProcessAgent>[1];

/** A v1 agent that creates sessions `s1`, `s2`, … and plays `turn` for each prompt. */
function v1Agent(
  turn: (context: { sessionId: string; client: v1.AgentContext }) => Promise<void> = () => Promise.resolve(),
  onCancel: (sessionId: string) => void = () => undefined,
): App {
  let sessions = 0;
  return v1
    .agent({ name: AGENT_INFO.name })
    .onRequest(v1.methods.agent.initialize, () => ({
      protocolVersion: 1,
      agentCapabilities: {},
      agentInfo: AGENT_INFO,
    }))
    .onRequest(v1.methods.agent.session.new, () => ({ sessionId: `s${++sessions}` }))
    .onRequest(v1.methods.agent.session.prompt, async ({ params, client }) => {
      await turn({ sessionId: params.sessionId, client });
      return { stopReason: "end_turn" as const };
    })
    .onNotification(v1.methods.agent.session.cancel, ({ params }) => onCancel(params.sessionId));
}

/** A client whose agents run in this process; `agents` lists each one started, in order. */
class SeamClient {
  readonly workspace = realpathSync(mkdtempSync(join(tmpdir(), "symposium-seam-")));
  readonly ops: ViewOp[] = [];
  readonly decisions: DecisionRecord[] = [];
  readonly agents: InProcessAgent[] = [];
  readonly errors: string[] = [];
  readonly sessions: AgentSessions;
  settings: unknown;
  private readonly waiters = new Set<() => void>();

  constructor(
    app: (agentName: string) => App,
    options: {
      version?: 1 | 2;
      agents?: string[];
      stopGraceMs?: number;
      limits?: PendingLimits;
      writeBypass?: (agent: string, value: boolean) => Promise<void>;
      lastAgent?: { get(): string | undefined; set(name: string): void };
    } = {},
  ) {
    writeFileSync(join(this.workspace, "README.md"), "# Seam\n");
    this.settings = Object.fromEntries(
      (options.agents ?? ["Seam"]).map((name) => [name, { command: "none" }]),
    );
    const paths = new PolicyBoundary([this.workspace]);
    this.sessions = new AgentSessions({
      readAgents: () => parseAgentSettings(this.settings),
      demoAgent: { command: "none", args: [], env: {} },
      workspaceRoots: () => [this.workspace],
      workspaceTrusted: () => true,
      workspacePaths: () => paths,
      documents: { openText: () => undefined },
      writeBypass: options.writeBypass ?? (() => Promise.resolve()),
      chooseAuthMethod: () => Promise.resolve(undefined),
      versionMemory: { get: () => options.version ?? 1, set: () => undefined },
      ...(options.lastAgent ? { lastAgent: options.lastAgent } : {}),
      log: {
        trace: () => undefined,
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: (message) => this.errors.push(message),
      },
      clientVersion: "0.0.0-test",
      ...(options.limits ? { limits: options.limits } : {}),
      timeouts: { initializeMs: 10_000, newSessionMs: 10_000, stopGraceMs: options.stopGraceMs ?? 10_000 },
      startAgent: (launch) => {
        const agent = new InProcessAgent(launch, app(launch.name));
        this.agents.push(agent);
        return Promise.resolve(agent);
      },
    });
    this.sessions.onDidChange((ops) => {
      this.ops.push(...ops);
      for (const waiter of [...this.waiters]) waiter();
    });
    this.sessions.onDidDecide((_, record) => this.decisions.push(record));
  }

  /** Resolves with the first truthy value of `check`, re-checked on every view change (no polling). */
  until<T>(check: () => T | undefined | false): Promise<T> {
    const now = check();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const waiter = () => {
        const value = check();
        if (!value) return;
        this.waiters.delete(waiter);
        resolve(value);
      };
      this.waiters.add(waiter);
    });
  }

  async dispose(): Promise<void> {
    await this.sessions.dispose();
    rmSync(this.workspace, { recursive: true, force: true });
  }
}

describe("Lifetimes over the in-process seam", function () {
  let client: SeamClient | undefined;

  afterEach(async () => {
    await client?.dispose();
    client = undefined;
  });

  it("closing a tab while its session starts removes it for good and ends the agent no one uses", async () => {
    const newSession = new Gate();
    client = new SeamClient(
      () =>
        v2
          .agent({ name: AGENT_INFO.name })
          .onRequest(v2.methods.agent.initialize, () => ({
            protocolVersion: 2,
            info: AGENT_INFO,
            capabilities: {},
          }))
          .onRequest(v2.methods.agent.session.new, async () => {
            await newSession.pass();
            return { sessionId: "s1" };
          }),
      { version: 2 },
    );
    const starting = client.sessions.startSession("Seam").then(
      () => "started",
      (error: unknown) => (error instanceof SessionClosedError ? "closed" : String(error)),
    );
    await newSession.arrived;
    const [key] = client.sessions.sessionKeys();
    await client.sessions.closeSession(key!);
    newSession.open(); // the agent creates the session after the tab is gone
    assert.equal(await starting, "closed");
    assert.deepEqual(opsAfterRemoval(client.ops, key!), []);
    assert.deepEqual(client.sessions.sessionKeys(), []);
    assert.deepEqual(client.errors, [], "a closed start is not an error");
    const [agent] = client.agents;
    await agent!.exited;
    assert.ok(agent!.killed, "the connection no session uses is ended");
  });

  it("closing a tab during its v1 turn: the turn's late updates and its end bring nothing back", async () => {
    const turnHeld = new Gate();
    let lateUpdateSent = false;
    client = new SeamClient(() =>
      v1Agent(async ({ sessionId, client: agent }) => {
        if (sessionId !== "s1") return;
        const say = (text: string) =>
          agent.notify(v1.methods.client.session.update, {
            sessionId,
            update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
          });
        await say("working");
        await turnHeld.pass();
        await say("late");
        lateUpdateSent = true;
      }),
    );
    const closing = await client.sessions.startSession("Seam");
    // A second tab on the same agent keeps the connection open, so the late frames do arrive.
    const staying = await client.sessions.startSession("Seam");
    const turn = client.sessions.sendPrompt(closing, "go");
    await turnHeld.arrived;
    await client.sessions.closeSession(closing);
    turnHeld.open();
    await turn;
    assert.ok(lateUpdateSent, "the agent sent its update after the close");
    // The v1 turn's end (its prompt's answer) came after the update: once it is in, so is the update.
    assert.deepEqual(opsAfterRemoval(client.ops, closing), []);
    assert.deepEqual(client.sessions.sessionKeys(), [staying]);
    assert.equal(client.agents.length, 1);
    assert.ok(!client.agents[0]!.hasExited, "the agent still serves the other tab");
  });

  /**
   * An agent whose first session's turn runs until cancelled, if `obeys`, else for good; v2 ends a turn with an
   * idle state, v1 with its prompt's answer.
   */
  function turnUntilCancelled(version: 1 | 2, obeys: boolean): App {
    let sessions = 0;
    const cancelled = new Map<string, () => void>();
    const untilCancelled = (sessionId: string) =>
      new Promise<void>((resolve) => {
        if (obeys) cancelled.set(sessionId, resolve);
      });
    if (version === 1)
      return v1Agent(
        ({ sessionId }) => (sessionId === "s1" ? untilCancelled(sessionId) : Promise.resolve()),
        (sessionId) => cancelled.get(sessionId)?.(),
      );
    return v2
      .agent({ name: AGENT_INFO.name })
      .onRequest(v2.methods.agent.initialize, () => ({
        protocolVersion: 2,
        info: AGENT_INFO,
        capabilities: {},
      }))
      .onRequest(v2.methods.agent.session.new, () => ({ sessionId: `s${++sessions}` }))
      .onRequest(v2.methods.agent.session.prompt, async ({ params, client: agent }) => {
        const { sessionId } = params;
        const state = (update: v2.SessionUpdate) =>
          agent.notify(v2.methods.client.session.update, { sessionId, update });
        // Listening for the cancel before saying it runs: the client may cancel as soon as it reads that.
        const ended = sessionId === "s1" ? untilCancelled(sessionId) : new Promise((r) => setTimeout(r, 0));
        await state({ sessionUpdate: "state_update", state: "running" });
        void ended.then(() =>
          state({ sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" }),
        );
        return { messageId: `m-${sessionId}` };
      })
      .onNotification(v2.methods.agent.session.cancel, ({ params }) => cancelled.get(params.sessionId)?.());
  }

  for (const version of [1, 2] as const) {
    it(`closing a tab whose turn ignores Stop shuts down the agent it shares with another tab, as Stop does (v${version})`, async () => {
      client = new SeamClient(() => turnUntilCancelled(version, false), { version, stopGraceMs: 50 });
      const closing = await client.sessions.startSession("Seam");
      const staying = await client.sessions.startSession("Seam");
      void client.sessions.sendPrompt(closing, "go");
      await client.until(() => client!.sessions.session(closing)?.status === "running");
      await client.sessions.closeSession(closing);
      await client.until(() => client!.sessions.session(staying)?.status === "ended");
      assert.match(client.sessions.session(staying)?.error ?? "", /did not stop within 0 s after Stop/);
      assert.ok(client.agents[0]!.killed, "the agent that ignored the close is killed");
    });

    it(`closing a tab whose turn stops leaves the agent to the other tab (v${version})`, async () => {
      client = new SeamClient(() => turnUntilCancelled(version, true), { version, stopGraceMs: 50 });
      const closing = await client.sessions.startSession("Seam");
      const staying = await client.sessions.startSession("Seam");
      void client.sessions.sendPrompt(closing, "go");
      await client.until(() => client!.sessions.session(closing)?.status === "running");
      await client.sessions.closeSession(closing);
      await new Promise((resolve) => setTimeout(resolve, 200)); // past the grace
      assert.ok(!client.agents[0]!.hasExited, "the agent still serves the other tab");
      await client.sessions.sendPrompt(staying, "next");
      await client.until(() => client!.sessions.session(staying)?.status === "ready");
      assert.deepEqual(client.sessions.sessionKeys(), [staying]);
    });
  }

  it("Stop settles the card and ends the turn even when the agent stopped reading its input", async () => {
    let cancels = 0;
    client = new SeamClient(
      () =>
        v1Agent(
          async ({ sessionId, client: context }) => {
            client!.agents[0]!.reading = false; // from here on, everything the client writes backs up
            await context
              .request(v1.methods.client.session.requestPermission, {
                sessionId,
                toolCall: { toolCallId: "call-1", title: "Run it", kind: "execute" },
                options: OPTIONS,
              })
              .catch(() => undefined);
            await new Promise<never>(() => undefined); // the turn never ends on its own
          },
          () => cancels++,
        ),
      { stopGraceMs: 50 },
    );
    const key = await client.sessions.startSession("Seam");
    const [agent] = client.agents;
    void client.sessions.sendPrompt(key, "go");
    const card = await client.until(() => client!.sessions.pending.list().find((p) => p.sessionKey === key));
    await client.sessions.stop(key);
    assert.equal(client.sessions.pending.get(card.key), undefined, "the card is answered at once");
    assert.deepEqual(
      client.decisions.map((record) => [record.key, record.provenance]),
      [[card.key, "stop"]],
    );
    await client.until(() => client!.sessions.session(key)?.status === "ended");
    assert.match(client.sessions.session(key)?.error ?? "", /did not stop within 0 s after Stop/);
    assert.ok(agent!.killed, "the agent that ignored Stop is killed");
    assert.equal(cancels, 0, "session/cancel never reached the agent: its input was blocked throughout");
  });

  it("two Bypass confirmations at once write one after the other and both stay on", async () => {
    const firstWrite = new Gate();
    const writesStarted: string[] = [];
    client = new SeamClient(
      () =>
        v1Agent(async ({ sessionId, client: context }) => {
          await context.request(v1.methods.client.session.requestPermission, {
            sessionId,
            toolCall: {
              toolCallId: "call-1",
              title: "Read README.md",
              kind: "read",
              locations: [{ path: join(client!.workspace, "README.md") }],
            },
            options: OPTIONS,
          });
        }),
      {
        agents: ["A", "B"],
        // The host's write: read the settings, change one agent, write them back (after a while).
        writeBypass: async (agent, value) => {
          writesStarted.push(agent);
          const current = client!.settings;
          if (writesStarted.length === 1) await firstWrite.pass();
          client!.settings = withBypass(current, agent, value);
        },
      },
    );
    const cardFor = async (agent: string) => {
      const key = await client!.sessions.startSession(agent);
      void client!.sessions.sendPrompt(key, "go");
      return (await client!.until(() => client!.sessions.pending.list().find((p) => p.agentName === agent)))
        .key;
    };
    const [a, b] = [await cardFor("A"), await cardFor("B")];
    const both = Promise.all([client.sessions.bypass(a), client.sessions.bypass(b)]);
    await firstWrite.arrived;
    assert.deepEqual(writesStarted, ["A"], "the second write waits for the first");
    firstWrite.open();
    assert.deepEqual(await both, [true, true]);
    const stored = client.settings as Record<string, { bypassPermissions?: boolean }>;
    assert.deepEqual([stored.A?.bypassPermissions, stored.B?.bypassPermissions], [true, true]);
    client.sessions.reloadSettings();
    assert.deepEqual([client.sessions.isBypassed("A"), client.sessions.isBypassed("B")], [true, true]);
  });

  it("offers the person's own agent first, then the one they last started, and tells the view at once", async () => {
    let remembered: string | undefined;
    const memory = { get: () => remembered, set: (name: string) => void (remembered = name) };
    client = new SeamClient(() => v1Agent(), { agents: ["A", "B"], lastAgent: memory });
    const preferred = () =>
      client!.sessions
        .agentChoices()
        .filter((a) => a.preferred)
        .map((a) => a.name);
    assert.deepEqual(preferred(), ["A"], "the first own agent, not the Demo Agent");
    await client.sessions.startSession("B");
    assert.equal(remembered, "B", "remembered for the next window");
    assert.deepEqual(preferred(), ["B"]);
    const lastAgentsOp = client.ops.filter((op) => op.op === "agents").at(-1);
    assert.deepEqual(
      lastAgentsOp?.op === "agents" ? lastAgentsOp.agents.filter((a) => a.preferred).map((a) => a.name) : [],
      ["B"],
      "the view was told",
    );
    // An agent taken out of the settings is not offered first any more.
    client.settings = { A: { command: "none" } };
    client.sessions.reloadSettings();
    assert.deepEqual(preferred(), ["A"]);
  });
});
