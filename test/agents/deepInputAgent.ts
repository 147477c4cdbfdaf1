/**
 * A v1 agent written straight on the wire that, on its prompt, asks (id 7) about a tool call whose `rawInput` is
 * nested DEEP_INPUT levels deep (default 100,000; written as text: `JSON.stringify` of it would overflow this agent's
 * stack), and keeps its turn running. Every frame it receives goes to SCRIPTED_AGENT_LOG.
 */
import { send, serve } from "./wire";

const depth = Number(process.env.DEEP_INPUT ?? 100_000);

serve(process.env.SCRIPTED_AGENT_LOG, {
  initialize: (frame) => send({ id: frame.id, result: { protocolVersion: 1, agentCapabilities: {} } }),
  "session/new": (frame) => send({ id: frame.id, result: { sessionId: "deep-1" } }),
  "session/prompt": () => {
    const rawInput = '{"a":'.repeat(depth) + '"x"' + "}".repeat(depth);
    const toolCall = `{"toolCallId":"t1","title":"Deep","kind":"edit","rawInput":${rawInput}}`;
    const options = JSON.stringify([
      { optionId: "a", name: "Allow", kind: "allow_once" },
      { optionId: "r", name: "Reject", kind: "reject_once" },
    ]);
    process.stdout.write(
      `{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{"sessionId":"deep-1","toolCall":${toolCall},"options":${options}}}\n`,
    );
  },
});

setInterval(() => undefined, 60_000);
