/** What an empty session's transcript says while the agent starts, reopens a session, or waits for the first message. */
import assert from "node:assert/strict";
import type { SessionHeader } from "../../src/shared/protocol";
import { sessionHint } from "../../webview/render/sessionHint";

function header(changes: Partial<SessionHeader>): SessionHeader {
  return {
    key: "k",
    agentName: "Claude Code",
    title: "Fix the parser",
    status: "ready",
    bypassed: false,
    commands: [],
    ...changes,
  };
}

describe("the hint of an empty session", () => {
  it("says a new session's agent is starting, and that a first message can be written already", () => {
    assert.deepEqual(sessionHint(header({ status: "starting" })), [
      "Starting Claude Code…",
      "You can write your first message now: it is sent when the agent is ready.",
    ]);
  });

  it("says a reopened session is reopening, not starting afresh, and names no agent text", () => {
    const lines = sessionHint(
      header({ status: "starting", reopening: "with-messages", title: "\u202Eevil title" }),
    );
    assert.deepEqual(lines, [
      "Reopening an earlier Claude Code session…",
      "Its earlier messages show here as Claude Code sends them. You can write a message now: it is sent once the session is open.",
    ]);
  });

  it("does not promise the earlier messages when the agent reopens without them (v1 session/resume)", () => {
    assert.deepEqual(sessionHint(header({ status: "starting", reopening: "without-messages" })), [
      "Reopening an earlier Claude Code session…",
      "Claude Code does not send the earlier messages of a session it reopens, so they are not shown here. You can write a message now: it is sent once the session is open.",
    ]);
  });

  it("says what to do once ready, and nothing once ended", () => {
    assert.match(sessionHint(header({}))[0]!, /^Tell Claude Code what to do\.$/);
    assert.deepEqual(sessionHint(header({ status: "ended" })), []);
    assert.deepEqual(sessionHint(header({ status: "error" })), []);
  });
});
