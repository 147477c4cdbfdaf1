/**
 * A v2 agent written straight on the wire that ends its first turn (`idle`) without answering its `session/prompt`,
 * and answers that prompt later with an error, during another turn. LATE_ANSWER selects when:
 * - `stop`: it starts a turn of its own after the idle; on `session/cancel` (Stop) it errors the first prompt, says
 *   "after the late error" and asks for a command (the stopped turn's request);
 * - `queue`: it errors the first prompt while the second message's turn runs, says "after the late error" and asks
 *   for a command; that turn ends (`idle`) once the request is answered.
 * Every frame it receives goes to SCRIPTED_AGENT_LOG.
 */
import { request, send, serve, type Json } from "./wire";

const sessionId = "late-1";
const mode = process.env.LATE_ANSWER ?? "stop";
let first: unknown;
let prompts = 0;

const update = (u: Json) => send({ method: "session/update", params: { sessionId, update: u } });
const state = (s: "running" | "idle") =>
  update({ sessionUpdate: "state_update", state: s, ...(s === "idle" ? { stopReason: "end_turn" } : {}) });
const say = (text: string) =>
  update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
const failFirst = () => send({ id: first, error: { code: -32603, message: "late failure" } });
const ask = (title: string) =>
  request("session/request_permission", {
    sessionId,
    title,
    subject: { type: "command", command: "rm -rf x", cwd: "/tmp" },
    options: [
      { optionId: "a", name: "Allow", kind: "allow_once" },
      { optionId: "r", name: "Reject", kind: "reject_once" },
    ],
  });

serve(process.env.SCRIPTED_AGENT_LOG, {
  initialize: (frame) =>
    send({
      id: frame.id,
      result: { protocolVersion: 2, info: { name: "late", version: "1" }, capabilities: {} },
    }),
  "session/new": (frame) => send({ id: frame.id, result: { sessionId } }),
  "session/prompt": (frame) => {
    prompts++;
    if (prompts === 1) {
      first = frame.id;
      state("running");
      say("first turn");
      state("idle");
      if (mode === "stop") state("running"); // a turn of its own
      return;
    }
    send({ id: frame.id, result: { messageId: `m${prompts}` } });
    if (prompts === 2 && mode === "queue") {
      state("running");
      failFirst();
      say("after the late error");
      void ask("end turn 2?").then(() => state("idle"));
    } else {
      state("running");
      say(`turn ${prompts}`);
      state("idle");
    }
  },
  "session/cancel": () => {
    if (mode !== "stop") return;
    failFirst();
    say("after the late error");
    void ask("after Stop");
  },
});

setInterval(() => undefined, 60_000);
