/** When a turn's end is worth telling a person who is not looking (the notification of `host/attention.ts`). */
import assert from "node:assert/strict";
import { turnEnd } from "../../src/core/turnEnd";
import type { SessionStatus } from "../../src/shared/protocol";

const header = (status: SessionStatus, queued?: number) => ({ status, ...(queued ? { queued } : {}) });
const failed = (status: SessionStatus) => ({ status, error: "Claude Code exited (code 1)." });

describe("turn end", () => {
  it("finished: the agent was working, or waiting for an approval, and is ready with nothing left to send", () => {
    assert.equal(turnEnd(header("running"), header("ready")), "finished");
    assert.equal(turnEnd(header("requires_action"), header("ready")), "finished");
  });

  it("failed: the agent was working and the session ended with an error", () => {
    assert.equal(turnEnd(header("running"), failed("ended")), "failed");
    assert.equal(turnEnd(header("requires_action"), failed("ended")), "failed");
    assert.equal(turnEnd(header("running"), failed("error")), "failed");
  });

  it("nothing while the turn goes on, after the person's Stop, or with a message waiting to go next", () => {
    assert.equal(turnEnd(header("running"), header("running")), undefined);
    assert.equal(turnEnd(header("running"), header("requires_action")), undefined);
    assert.equal(turnEnd(header("stopping"), header("ready")), undefined, "Stop: the person was there");
    assert.equal(turnEnd(header("running"), header("ready", 1)), undefined, "the next message goes at once");
    assert.equal(turnEnd(header("running"), header("ended")), undefined, "ended without an error");
    assert.equal(turnEnd(header("stopping"), failed("ended")), undefined, "killed after Stop's grace");
  });

  it("nothing for a session that was not working: starting, ready, or first seen", () => {
    assert.equal(turnEnd(header("starting"), header("ready")), undefined);
    assert.equal(turnEnd(header("starting"), failed("error")), undefined, "a failed start has its own card");
    assert.equal(turnEnd(header("ready"), header("ready")), undefined);
    assert.equal(turnEnd(undefined, header("ready")), undefined);
  });
});
