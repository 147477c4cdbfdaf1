// What a bypassed or clicked approval of a command lets `terminal/create` run in that turn: one run per approval,
// and a bounded record however many approvals a turn brings (Bypass answers thousands a second).
import assert from "node:assert/strict";
import type { AgentConnection } from "../../src/acp/agentConnection";
import { MAX_APPROVED_COMMANDS, Session, type ApprovedCommand } from "../../src/acp/session";

/** A session whose turn runs (its agent never answers the message): approvals are for the running turn. */
function session(): Session {
  const s = idleSession();
  const agent = {
    promptCapabilities: {},
    isClosed: false,
    version: 2,
    prompt: () => new Promise(() => undefined),
  };
  s.attach(agent as unknown as AgentConnection, "agent-session");
  void s.prompt("go");
  return s;
}

function idleSession(): Session {
  return new Session("key", "Agent", (path) => ({ inside: true, display: path }), {
    emit: () => undefined,
    isBypassed: () => true,
    cancelApprovals: () => undefined,
    stopTerminals: () => undefined,
    stopGraceMs: 1_000,
  });
}

const command = (words: string[], cwd = "/work"): ApprovedCommand => ({ argvs: [words], cwd });

describe("approved commands of a turn", () => {
  it("each approval lets one terminal run its command, also when the same command is approved many times", () => {
    const s = session();
    for (let i = 0; i < 3; i++) s.approveCommand(command(["npm", "test"]));
    s.approveCommand(command(["npm", "test"], "/work/sub"));
    s.approveCommand(command(["npm", "test"]));
    for (let i = 0; i < 4; i++) assert.ok(s.takeApprovedCommand(["npm", "test"], "/work"), `run ${i + 1}`);
    assert.equal(
      s.takeApprovedCommand(["npm", "test"], "/work"),
      undefined,
      "a fifth run was never approved",
    );
    assert.ok(s.takeApprovedCommand(["npm", "test"], "/work/sub"), "the other folder's approval is its own");
    assert.equal(s.takeApprovedCommand(["npm", "test"], "/work/sub"), undefined);
  });

  it("an approval outside a turn lets no terminal run", () => {
    const s = idleSession();
    s.approveCommand(command(["npm", "test"]));
    assert.equal(s.takeApprovedCommand(["npm", "test"], "/work"), undefined);
  });

  it("an approval of a chained line runs one of its commands, once", () => {
    const s = session();
    s.approveCommand({
      argvs: [
        ["npm", "ci"],
        ["npm", "test"],
      ],
      cwd: "/work",
    });
    s.approveCommand({
      argvs: [
        ["npm", "ci"],
        ["npm", "test"],
      ],
      cwd: "/work",
    });
    assert.ok(s.takeApprovedCommand(["npm", "test"], "/work"));
    assert.ok(s.takeApprovedCommand(["npm", "ci"], "/work"));
    assert.equal(s.takeApprovedCommand(["npm", "ci"], "/work"), undefined);
  });

  it(`keeps at most ${MAX_APPROVED_COMMANDS} distinct approved commands: the oldest is refused, never run unapproved`, () => {
    const s = session();
    for (let i = 0; i <= MAX_APPROVED_COMMANDS; i++) s.approveCommand(command(["echo", String(i)]));
    assert.equal(s.takeApprovedCommand(["echo", "0"], "/work"), undefined, "the oldest was dropped");
    assert.ok(s.takeApprovedCommand(["echo", "1"], "/work"));
    assert.ok(s.takeApprovedCommand(["echo", String(MAX_APPROVED_COMMANDS)], "/work"));
  });
});
