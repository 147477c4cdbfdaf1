// The scripted test agent's step language, checked end to end over real stdio: other tests rely on each step doing
// exactly what scriptedAgent.ts documents, and on its log telling the truth.
import { waitFor } from "../../tools/waitFor";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../../tools/paths";
import { isAlive, killLeftovers } from "../../tools/processTree";
import type { AcpVersion } from "../support/acpSchema";
import {
  AcpTestClient,
  choose,
  get,
  type PermissionHandler,
  type PermissionOutcome,
} from "../support/acpTestClient";
import { spawnAgent } from "../support/agentProcess";
import { readJsonLines } from "../../tools/jsonLines";

const SCRIPTED_AGENT = join(repoRoot, "out", "test", "agents", "scriptedAgent.js");

type LogEntry = { kind: string; t: number } & Record<string, unknown>;

function script(steps: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ steps, ...extra });
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Settles once the agent withdraws the request, also when it did so before the handler ran (a loaded machine). */
const withdrawn = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });

const until = (condition: () => boolean, what: string, timeoutMs = 3000) =>
  waitFor(condition, what, timeoutMs, 20);

describe("scripted agent", function () {
  this.timeout(15_000);
  let dir: string;
  let logPath: string;
  let client: AcpTestClient | undefined;
  const leftovers: number[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "symposium-scripted-test-"));
    logPath = join(dir, "agent.log");
  });

  afterEach(async () => {
    await client?.close();
    client = undefined;
    killLeftovers(leftovers);
    rmSync(dir, { recursive: true, force: true });
  });

  function readLog(): LogEntry[] {
    try {
      return readJsonLines<LogEntry>(logPath);
    } catch {
      return [];
    }
  }

  function entries(kind: string): LogEntry[] {
    return readLog().filter((entry) => entry.kind === kind);
  }

  async function start(
    version: AcpVersion,
    options: {
      protocol?: string;
      onPermission?: PermissionHandler;
      env?: NodeJS.ProcessEnv;
      detached?: boolean;
    } = {},
  ): Promise<{ client: AcpTestClient; sessionId: string }> {
    client = await AcpTestClient.start({
      agentPath: SCRIPTED_AGENT,
      version,
      spawn: {
        args: ["--protocol", options.protocol ?? "dual"],
        env: { SCRIPTED_AGENT_LOG: logPath, ...options.env },
        detached: options.detached ?? false,
      },
      ...(options.onPermission ? { onPermission: options.onPermission } : {}),
    });
    return { client, sessionId: await client.newSession(dir) };
  }

  for (const version of [2, 1] as const) {
    describe(`over ACP v${version}`, () => {
      it("replies to plain text and logs every received frame with a monotonic time", async () => {
        const { client, sessionId } = await start(version);
        assert.equal(await client.prompt(sessionId, "hello"), "end_turn");
        assert.equal(client.messageText(), "scripted agent received: hello");
        const received = readLog().filter(
          (entry) => entry.kind === "frame" && entry.direction === "received",
        );
        assert.deepEqual(
          received.map((entry) => get(entry.frame, "method")),
          ["initialize", "session/new", "session/prompt"],
        );
        const times = readLog().map((entry) => entry.t);
        assert.deepEqual(
          times,
          [...times].sort((a, b) => a - b),
        );
        client.assertWireValid();
      });

      it("sends concurrent requests, logs each outcome by requestIndex, and ends the turn when all are answered", async () => {
        const held: Array<() => void> = [];
        const { client, sessionId } = await start(version, {
          // Hold every answer until all three requests are in: they must have been sent concurrently.
          onPermission: async (call) => {
            await new Promise<void>((resolve) => held.push(resolve));
            return choose(
              call.client.permissionRequests.indexOf(call.params) === 1 ? "reject_once" : "allow_once",
            )(call);
          },
        });
        const turn = client.prompt(
          sessionId,
          script([{ request: {}, wait: false, repeat: 3 }, { say: "sent" }]),
        );
        await client.waitFor(
          () => (client.permissionRequests.length === 3 ? true : undefined),
          "three requests",
        );
        await delay(50);
        assert.equal(held.length, 3);
        for (const release of held) release();
        assert.equal(await turn, "end_turn");

        const titles = client.permissionRequests.map((params) =>
          version === 2 ? params.title : get(params, "toolCall", "title"),
        );
        assert.deepEqual(titles, ["Scripted permission 0", "Scripted permission 1", "Scripted permission 2"]);
        const outcomes = entries("outcome").map((entry) => [
          entry.requestIndex,
          get(entry.outcome, "optionId"),
        ]);
        assert.deepEqual(outcomes.sort(), [
          [0, "allow-once"],
          [1, "reject-once"],
          [2, "allow-once"],
        ]);
        // The log numbers sent requests in send order, the numbering outcomes use: index i carries title i.
        const sentIndices = readLog()
          .filter(
            (entry) =>
              entry.kind === "frame" && entry.direction === "sent" && entry.requestIndex !== undefined,
          )
          .map((entry) => [
            entry.requestIndex,
            get(entry.frame, "params", ...(version === 2 ? ["title"] : ["toolCall", "title"])),
          ]);
        assert.deepEqual(sentIndices, [
          [0, "Scripted permission 0"],
          [1, "Scripted permission 1"],
          [2, "Scripted permission 2"],
        ]);
        client.assertWireValid();
      });

      it("waits for each request in turn by default", async () => {
        const { client, sessionId } = await start(version, {
          onPermission: async (call) => {
            await delay(100); // A second request arriving meanwhile would show up below.
            assert.equal(call.client.permissionRequests.length, entries("outcome").length + 1);
            return choose("allow_once")(call);
          },
        });
        assert.equal(await client.prompt(sessionId, script([{ request: {}, repeat: 2 }])), "end_turn");
        assert.equal(entries("outcome").length, 2);
      });

      it("cancelLast withdraws the newest request with $/cancel_request and logs the client's answer", async () => {
        const { client, sessionId } = await start(version, {
          onPermission: async ({ signal }): Promise<PermissionOutcome> => {
            await withdrawn(signal);
            return { outcome: "cancelled" };
          },
        });
        const steps = [
          { request: {}, wait: false },
          { request: {}, wait: false },
          { cancelLast: true }, // at once: the client may see the withdrawal before its handler runs
        ];
        const turn = client.prompt(sessionId, script(steps));
        await until(() => entries("outcome").length === 1, "the withdrawn request's outcome");
        assert.deepEqual(
          entries("outcome").map((entry) => [entry.requestIndex, entry.outcome]),
          [[1, { outcome: "cancelled" }]],
        );
        assert.deepEqual(
          entries("cancelRequest").map((entry) => entry.requestIndex),
          [1],
        );
        assert.equal(client.agentFrames("$/cancel_request").length, 1);
        await client.cancel(sessionId);
        assert.equal(await turn, "cancelled");
      });

      it("session/cancel ends the turn as cancelled at once; cancelPending also withdraws open requests", async () => {
        const { client, sessionId } = await start(version, {
          onPermission: async ({ signal }): Promise<PermissionOutcome> => {
            await withdrawn(signal);
            return { outcome: "cancelled" };
          },
        });
        const turn = client.prompt(
          sessionId,
          script([{ request: {} }, { say: "never said" }], { cancelPending: true }),
        );
        await client.waitFor(() => client.permissionRequests[0], "the request");
        await client.cancel(sessionId);
        assert.equal(await turn, "cancelled");
        await until(() => entries("outcome").length === 1, "the cancelled outcome");
        assert.equal(client.agentFrames("$/cancel_request").length, 1);
        assert.doesNotMatch(client.messageText(), /never said/);
        assert.deepEqual(
          entries("turnEnd").map((entry) => entry.stopReason),
          ["cancelled"],
        );
        client.assertWireValid();
      });

      it("update and think send session updates as given", async () => {
        const { client, sessionId } = await start(version);
        const toolCall =
          version === 2
            ? {
                sessionUpdate: "tool_call_update",
                toolCallId: "t1",
                title: "Scripted tool",
                status: "pending",
              }
            : { sessionUpdate: "tool_call", toolCallId: "t1", title: "Scripted tool", status: "pending" };
        const steps = [
          { update: toolCall },
          { think: "hmm" },
          { update: { sessionUpdate: "tool_call_update", toolCallId: "t1", status: "completed" } },
        ];
        assert.equal(await client.prompt(sessionId, script(steps)), "end_turn");
        assert.deepEqual(client.toolCallStatuses("t1"), ["pending", "completed"]);
        assert.equal(get(client.updatesOf("agent_thought_chunk")[0], "content", "text"), "hmm");
        client.assertWireValid();
      });

      it("a malformed script fails the prompt with -32602", async () => {
        const { client, sessionId } = await start(version);
        await assert.rejects(client.prompt(sessionId, script([{ sya: "typo" }])), (error: unknown) => {
          assert.equal(get(error, "code"), -32602);
          return true;
        });
      });
    });
  }

  it("--protocol v1 answers a v2 initialize with protocolVersion 1", async () => {
    const agent = spawnAgent(SCRIPTED_AGENT, { args: ["--protocol", "v1"] });
    const connection = v2.client({ name: "t" }).connect(agent.stream);
    try {
      await connection.agent
        .request(v2.methods.agent.initialize, {
          protocolVersion: 2,
          info: { name: "t", version: "1" },
          capabilities: {},
        })
        .catch(() => undefined); // The v2 SDK client refuses a v1 answer; the wire shows what was answered.
      await until(() => agent.transcript.some(({ sender }) => sender === "agent"), "the answer");
      const answer = agent.transcript.find(({ sender }) => sender === "agent");
      assert.equal(get(answer?.frame, "result", "protocolVersion"), 1);
    } finally {
      connection.close();
      await agent.stop();
    }
  });

  it("SCRIPTED_AGENT_HANG_INITIALIZE never answers initialize", async () => {
    const agent = spawnAgent(SCRIPTED_AGENT, { env: { SCRIPTED_AGENT_HANG_INITIALIZE: "1" } });
    const connection = v2.client({ name: "t" }).connect(agent.stream);
    try {
      const answer = connection.agent
        .request(v2.methods.agent.initialize, {
          protocolVersion: 2,
          info: { name: "t", version: "1" },
          capabilities: {},
        })
        .then(
          () => "answered",
          () => "failed",
        );
      assert.equal(await Promise.race([answer, delay(500).then(() => "no answer")]), "no answer");
    } finally {
      connection.close();
      await agent.stop();
    }
  });

  it("SCRIPTED_AGENT_HANG_NEW_SESSION never answers session/new", async () => {
    client = await AcpTestClient.start({
      agentPath: SCRIPTED_AGENT,
      version: 2,
      spawn: { env: { SCRIPTED_AGENT_HANG_NEW_SESSION: "1" } },
    });
    const answer = client.newSession(dir).then(
      () => "answered",
      () => "failed",
    );
    assert.equal(await Promise.race([answer, delay(500).then(() => "no answer")]), "no answer");
  });

  it("raw, rawLine and bigLine bypass the SDK and reach the client verbatim", async () => {
    const { client, sessionId } = await start(2);
    const raw = { jsonrpc: "2.0", method: "_scripted/raw", params: { n: 1 } };
    const steps = [{ raw }, { rawLine: "this is not json" }, { bigLine: 100_000 }, { say: "after" }];
    assert.equal(await client.prompt(sessionId, script(steps)), "end_turn");
    // Everything the agent sent except responses (v2 answers the prompt while the turn already runs).
    const fromAgent = client.agent.transcript
      .filter(({ sender, frame }) => sender === "agent" && get(frame, "result") === undefined)
      .map(({ frame }) => frame);
    const rawAt = fromAgent.findIndex((frame) => get(frame, "method") === "_scripted/raw");
    assert.ok(rawAt >= 0);
    assert.equal(fromAgent[rawAt + 1], "this is not json");
    const big = fromAgent[rawAt + 2];
    assert.ok(JSON.stringify(big).length + 1 >= 100_000);
    assert.equal(get(big, "params", "update", "sessionUpdate"), "agent_message_chunk");
    assert.equal(get(fromAgent[rawAt + 3], "params", "update", "content", "text"), "after");
  });

  it("exit ends the process at once with the given code, leaving requests unanswered", async () => {
    const { client, sessionId } = await start(2, { onPermission: () => new Promise(() => undefined) });
    void client
      .prompt(sessionId, script([{ request: {}, wait: false }, { sleep: 50 }, { exit: 3 }]))
      .catch(() => undefined);
    const { code } = await client.agent.exited;
    assert.equal(code, 3);
    assert.deepEqual(
      entries("exit").map((entry) => entry.code),
      [3],
    );
  });

  it("closeStdout gives the client EOF while the process lives on; hang ignores session/cancel", async () => {
    const { client, sessionId } = await start(2);
    void client.prompt(sessionId, script([{ hang: true }])).catch(() => undefined);
    await until(() => entries("hang").length === 1, "the hang");
    await client.cancel(sessionId);
    await delay(200);
    assert.deepEqual(entries("turnEnd"), [], "a hanging turn never ends");

    const stdoutEnded = new Promise((resolve) => client.agent.child.stdout.once("end", resolve));
    const second = await client.newSession(dir);
    void client.prompt(second, script([{ closeStdout: true }])).catch(() => undefined);
    await stdoutEnded;
    await delay(200);
    assert.ok(isAlive(client.agent.child.pid!), "the agent still runs after closing stdout");
    assert.equal(entries("stdoutClosed").length, 1);
  });

  it("spawnChild leaves a child in the agent's process group, and ignoreSigterm makes SIGKILL necessary", async () => {
    const { client, sessionId } = await start(2, { detached: true });
    const steps = [{ spawnChild: { ignoreSigterm: true } }, { ignoreSigterm: true }, { stayAlive: true }];
    assert.equal(await client.prompt(sessionId, script(steps)), "end_turn");
    const childPid = entries("child")[0]?.pid as number;
    const agentPid = client.agent.child.pid!;
    leftovers.push(childPid, agentPid);
    assert.ok(isAlive(childPid));

    process.kill(-agentPid, "SIGTERM");
    await delay(300);
    assert.ok(isAlive(agentPid) && isAlive(childPid), "both ignore SIGTERM");
    assert.equal(entries("signal").length, 1);
    process.kill(-agentPid, "SIGKILL");
    await until(() => !isAlive(childPid) && !isAlive(agentPid), "the group to die");
  });
});
