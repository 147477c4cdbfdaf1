/**
 * A v1 agent written straight on the wire (no SDK) that does what real agents do and the spec does not describe:
 * during a turn it sends Qwen's non-ACP request `craft/drainMidTurnQueue` and notifications without the `_` prefix
 * (`qwen/notify/...`) or unknown ones (`_auth/status_update`); with QUIRKY_FAIL_NEW_SESSION=1 it fails `session/new`
 * with a bare "Internal error" and explains why only on stderr, as Claude does with IS_SANDBOX=yes.
 * With QUIRKY_ONE_INITIALIZE=1 it refuses a second `initialize` on the same connection (the spec allows one).
 * QUIRKY_LOG=<file>: `{"start":pid}` when it starts, then every frame it receives, one JSON line each.
 */
import { appendFileSync } from "node:fs";
import { request, send, serve } from "./wire";

const logFile = process.env.QUIRKY_LOG;
let initialized = false;
if (logFile) appendFileSync(logFile, `${JSON.stringify({ start: process.pid })}\n`);

async function prompt(id: unknown, sessionId: unknown): Promise<void> {
  send({ method: "qwen/notify/session/prompt-suggestion", params: { v: 1, sessionId, suggestion: "next" } });
  send({ method: "_auth/status_update", params: { status: "ok" } });
  await request("craft/drainMidTurnQueue", { sessionId, todoStopGuardWatchQueuedPrompt: true });
  send({
    method: "session/update",
    params: {
      sessionId,
      update: {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "Finished after the quirks." },
      },
    },
  });
  send({ id, result: { stopReason: "end_turn" } });
}

serve(logFile, {
  initialize: (frame) => {
    if (initialized && process.env.QUIRKY_ONE_INITIALIZE)
      return send({ id: frame.id, error: { code: -32600, message: "Already initialized" } });
    initialized = true;
    send({ id: frame.id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } });
  },
  "session/new": (frame) => {
    if (process.env.QUIRKY_FAIL_NEW_SESSION) {
      process.stderr.write(
        [
          "Starting session…",
          "Error: --dangerously-skip-permissions cannot be used with root/sudo privileges (IS_SANDBOX=yes)",
          "    at startQuery (file:///agent/cli.js:1:2)",
          "",
        ].join("\n"),
      );
      return send({
        id: frame.id,
        error: {
          code: -32603,
          message: "Internal error",
          data: { details: "Query closed before response received" },
        },
      });
    }
    send({ id: frame.id, result: { sessionId: "quirky-1" } });
  },
  "session/prompt": (frame, params) => void prompt(frame.id, params.sessionId),
});
