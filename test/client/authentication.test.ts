/**
 * Agents that need signing in: the person is offered the agent's own sign-in methods (not terminal logins, which
 * Symposium does not run), the choice is sent as `authenticate` (v1) or `auth/login` (v2), and the session starts.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ClientHarness, isAlive, waitFor, type HarnessOptions } from "../support/clientHarness";
import { readJsonLines } from "../../tools/jsonLines";

const AUTH_AGENT = join(__dirname, "..", "agents", "authAgent.js");

describe("Signing in to an agent", function () {
  this.timeout(20_000);
  let harness: ClientHarness;
  afterEach(async () => harness?.dispose());

  function requests(): { method: string; params: Record<string, unknown>; pid: number }[] {
    return readJsonLines<{ method: string; params: Record<string, unknown>; pid: number }>(
      `${harness.logFile}.auth`,
    );
  }

  /** A harness on the sign-in agent, logging the requests it handled. */
  function signInAgent(
    chooseAuthMethod?: HarnessOptions["chooseAuthMethod"],
    env: Record<string, string> = {},
  ) {
    harness = new ClientHarness({
      command: process.execPath,
      args: [AUTH_AGENT],
      ...(chooseAuthMethod ? { chooseAuthMethod } : {}),
    });
    const agent = harness.agentsSetting.Scripted as { env: Record<string, string> };
    agent.env = { ...agent.env, ...env, AUTH_AGENT_LOG: `${harness.logFile}.auth` };
    harness.sessions.reloadSettings();
  }

  for (const [label, args, version, loginMethod] of [
    ["v2", [AUTH_AGENT], 2, "auth/login"],
    ["v1", [AUTH_AGENT, "--v1"], 1, "authenticate"],
  ] as const) {
    it(`offers the agent's sign-in methods and signs in with the chosen one (${label})`, async () => {
      const offered: { id: string; name: string; description?: string }[][] = [];
      harness = new ClientHarness({
        command: process.execPath,
        args: [...args],
        chooseAuthMethod: (agent, methods) => {
          assert.equal(agent, "Scripted");
          offered.push(methods);
          return Promise.resolve(methods[0]?.id);
        },
      });
      (harness.agentsSetting.Scripted as { env: Record<string, string> }).env.AUTH_AGENT_LOG =
        `${harness.logFile}.auth`;
      harness.sessions.reloadSettings();
      const key = await harness.sessions.startSession("Scripted");
      assert.equal(harness.sessions.session(key)?.protocolVersion, version);
      assert.deepEqual(offered, [
        [{ id: "token", name: "API token", description: "Uses the token in your keychain" }],
      ]);
      const methods = requests().map((r) => r.method);
      assert.equal(methods[0], "initialize");
      assert.deepEqual(
        methods.slice(-3),
        ["session/new", loginMethod, "session/new"],
        "refused, signed in, then created",
      );
      assert.deepEqual(requests().find((r) => r.method === loginMethod)?.params, { methodId: "token" });
    });
  }

  it("says the agent needs signing in when the person cancels the choice", async () => {
    signInAgent();
    await assert.rejects(harness.sessions.startSession("Scripted"), /needs you to sign in/);
    assert.equal(harness.sessions.sessionKeys().length, 1, "the tab says why and stays");
  });

  it("keeps the agent for Try again while a failed tab is open, and ends it when the last one closes", async () => {
    signInAgent();
    await assert.rejects(harness.sessions.startSession("Scripted"), /needs you to sign in/);
    await assert.rejects(harness.sessions.startSession("Scripted"), /needs you to sign in/);
    const pids = new Set(requests().map((r) => r.pid));
    assert.equal(pids.size, 1, "both tabs asked one agent");
    const [pid] = pids;
    const [first, second] = harness.sessions.sessionKeys();
    await harness.sessions.closeSession(first!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(isAlive(pid!), "the agent stays for the other failed tab's Try again");
    await harness.sessions.closeSession(second!);
    await waitFor(() => !isAlive(pid!), "the agent to end with the last failed tab");
  });

  it("closes the sign-in choice with its tab, and signs in to nothing though a method was picked", async () => {
    let closedWhilePicking: AbortSignal | undefined;
    signInAgent(async (_agent, methods, closed) => {
      closedWhilePicking = closed;
      const [key] = harness.sessions.sessionKeys();
      await harness.sessions.closeSession(key!);
      return methods[0]?.id; // picked as the tab closed
    });
    await assert.rejects(harness.sessions.startSession("Scripted"), /closed before it started/);
    assert.equal(closedWhilePicking?.aborted, true, "the picker is told to close");
    const methods = requests().map((r) => r.method);
    assert.ok(!methods.includes("auth/login") && !methods.includes("authenticate"), methods.join());
    const pid = requests()[0]!.pid;
    await waitFor(() => !isAlive(pid), "the agent of the closed tab to end");
  });

  it("offers no sign-in for a tab closed before the agent said it needs one", async () => {
    let offered = 0;
    signInAgent(
      () => {
        offered++;
        return Promise.resolve("token");
      },
      { AUTH_AGENT_NEW_DELAY_MS: "500" },
    );
    const starting = harness.sessions.startSession("Scripted");
    await waitFor(() => requests().some((r) => r.method === "session/new"), "the agent asked for a session");
    const [key] = harness.sessions.sessionKeys();
    await harness.sessions.closeSession(key!);
    await assert.rejects(starting, /closed before it started/);
    assert.equal(offered, 0, "no sign-in picker for the closed tab");
    const methods = requests().map((r) => r.method);
    assert.ok(!methods.includes("auth/login") && !methods.includes("authenticate"), methods.join());
    const pid = requests()[0]!.pid;
    await waitFor(() => !isAlive(pid), "the agent of the closed tab to end");
  });
});
