// Who moved a session into acting without asking when the person's change of a control comes back: the person only
// at no more than they confirmed; the agent's answer renaming the value they picked to go further is its own move.
import assert from "node:assert/strict";
import type { AgentConnection } from "../../src/acp/agentConnection";
import { Session, type UnattendedChange } from "../../src/acp/session";
import type { Json } from "../../src/core/json";
import type { UnattendedLevel } from "../../src/shared/protocol";

/** An "Approvals" select whose `on-request` value the agent names `name`. */
const approvals = (name: string, currentValue = "read-only"): Json[] => [
  {
    ...{ id: "approvals", name: "Approvals", type: "select", currentValue },
    options: [
      { value: "read-only", name: "Read only" },
      { value: "on-request", name },
    ],
  },
];

/**
 * A session whose agent answers `session/set_config_option` with the value set and that value named `answerName`;
 * `duringSet`: an update of its own it sends while the set is on its way.
 */
function session(answerName: string, duringSet?: (s: Session) => void) {
  const changes: UnattendedChange[] = [];
  const s: Session = new Session("key", "Agent", (path) => ({ inside: true, display: path }), {
    emit: () => undefined,
    isBypassed: () => false,
    cancelApprovals: () => undefined,
    stopTerminals: () => undefined,
    stopGraceMs: 1_000,
    unattendedChanged: (_session, change) => changes.push(change),
  });
  const agent = {
    ...{ name: "Agent", isClosed: false, version: 1, promptCapabilities: {} },
    setConfigOption: (_sessionId: string, _id: string, value: string) => {
      duringSet?.(s);
      return Promise.resolve({ configOptions: approvals(answerName, value) });
    },
  };
  s.attach(agent as unknown as AgentConnection, "agent-session");
  s.model.controls.applySetup({ configOptions: approvals("Ask on request") });
  s.controlsOffered();
  return { s, changes };
}

const set = (s: Session, confirmed?: UnattendedLevel) =>
  s.setControl("approvals", "on-request", "user", confirmed);

describe("who set a control that acts without asking", () => {
  it("a value picked as asking that the agent's answer names as acting without asking is the agent's move", async () => {
    const { s, changes } = session("Full access (never asks)");
    assert.equal(s.model.controls.choiceLevel("approvals", "on-request"), undefined, "it read as asking");
    assert.equal(await set(s), true);
    assert.deepEqual(
      changes.map((c) => [c.by, c.after?.level]),
      [["agent", "full"]],
    );
  });

  it("so is the same renaming in an update the agent sends while the set is on its way", async () => {
    const { s, changes } = session("Full access (never asks)", (s) =>
      s.applyUpdate(
        {
          sessionUpdate: "config_option_update",
          configOptions: approvals("Full access (never asks)", "on-request"),
        },
        1,
      ),
    );
    assert.equal(await set(s), true);
    assert.deepEqual(
      changes.map((c) => [c.by, c.after?.level]),
      [["agent", "full"]],
    );
  });

  it("a value confirmed at its level, and one that stays asking, are the person's", async () => {
    const full = session("Full access (never asks)");
    full.s.model.controls.applySetup({ configOptions: approvals("Full access (never asks)") });
    assert.equal(await set(full.s, "full"), true);
    assert.deepEqual(
      full.changes.map((c) => [c.by, c.after?.level]),
      [["user", "full"]],
    );
    // Confirmed as a reviewer (a model approves), answered as acting without asking at all: the agent's.
    const reviewer = session("Full access (never asks)");
    assert.equal(await set(reviewer.s, "reviewer"), true);
    assert.deepEqual(
      reviewer.changes.map((c) => c.by),
      ["agent"],
    );
  });
});
