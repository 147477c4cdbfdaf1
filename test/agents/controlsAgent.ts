/**
 * An agent written straight on the wire (no SDK, so it can send any shape) that offers session controls: modes and
 * config options, as set by the test.
 *
 *   CONTROLS_PROTOCOL=1|2        the version it speaks (default 1)
 *   CONTROLS_SETUP=<json>        extra fields of the `session/new` answer (`modes`, `configOptions`)
 *   CONTROLS_FAIL=<a,b>          values it refuses to set (-32602, nothing changes)
 *   CONTROLS_AFTER_NEW=<json>    a `session/update` payload (or an array of them) it sends just after answering
 *                                `session/new`
 *   CONTROLS_BEFORE_ANSWER=<json> a `session/update` payload it sends before answering each set (not its echo)
 *   CONTROLS_AFTER_ANSWER=<json> a `session/update` payload it sends right after answering the first set
 *   CONTROLS_ANSWER_ALSO=<json>  `{configId: value}`: other options its answer to each config set changes too
 *   CONTROLS_PROMPT_UPDATES=<json> an array of `session/update` payloads it sends at each prompt
 *   CONTROLS_PROMPT_REPEAT=<n>   sends that array n times (a flood)
 *   CONTROLS_EXIT_KIND=<kind>    `[exit-plan]`'s tool kind in place of `switch_mode`
 *   CONTROLS_LOG=<file>          every frame it receives, one JSON line each
 *
 * `session/set_mode` and `session/set_config_option` change its state; it answers `current_mode_update` (a mode)
 * and the full option list (a config option), as Claude does. v1 prompts: `[update:<json>]` in the text sends that
 * update; `[exit-plan]` asks permission with a `switch_mode` tool call whose options name modes (ExitPlanMode);
 * `[exit]` ends the process, as an agent that crashes mid-turn. After `[exit-plan]`'s answer it goes on in the mode
 * the chosen option names, as Claude does.
 */
import { type Json, request, send, serve } from "./wire";

const version = Number(process.env.CONTROLS_PROTOCOL ?? "1");
const setup = JSON.parse(process.env.CONTROLS_SETUP ?? "{}") as {
  modes?: { currentModeId: string };
  configOptions?: Json[];
};
/** `[exit-plan]`'s options in place of Claude's, as JSON (`CONTROLS_EXIT_OPTIONS`). */
const exitPlanOptions = process.env.CONTROLS_EXIT_OPTIONS
  ? (JSON.parse(process.env.CONTROLS_EXIT_OPTIONS) as Json[])
  : undefined;
const refused = new Set((process.env.CONTROLS_FAIL ?? "").split(",").filter(Boolean));
const logFile = process.env.CONTROLS_LOG;
const sessionId = "controls-1";
const update = (payload: unknown) =>
  send({ method: "session/update", params: { sessionId, update: payload } });
function optionId(option: Json): unknown {
  return version === 2 ? option.configId : option.id;
}

const beforeAnswer = () => {
  if (process.env.CONTROLS_BEFORE_ANSWER) update(JSON.parse(process.env.CONTROLS_BEFORE_ANSWER));
};
let answered = false;
const afterAnswer = () => {
  if (process.env.CONTROLS_AFTER_ANSWER && !answered) update(JSON.parse(process.env.CONTROLS_AFTER_ANSWER));
  answered = true;
};

async function prompt(id: unknown, text: string): Promise<void> {
  const payloads = JSON.parse(process.env.CONTROLS_PROMPT_UPDATES ?? "[]") as unknown[];
  for (let i = 0; i < Number(process.env.CONTROLS_PROMPT_REPEAT ?? "1"); i++)
    for (const payload of payloads) update(payload);
  for (const match of text.matchAll(/\[update:(\{.*?\})\]/g)) update(JSON.parse(match[1]!));
  if (text.includes("[exit]")) process.exit(3);
  if (text.includes("[exit-plan]")) {
    update({
      sessionUpdate: "tool_call",
      toolCallId: "plan-1",
      title: "Ready to code?",
      kind: process.env.CONTROLS_EXIT_KIND ?? "switch_mode",
      status: "pending",
    });
    const answer = await request("session/request_permission", {
      sessionId,
      toolCall: {
        toolCallId: "plan-1",
        title: "Ready to code?",
        kind: process.env.CONTROLS_EXIT_KIND ?? "switch_mode",
      },
      options: exitPlanOptions ?? [
        { optionId: "acceptEdits", name: "Yes, and auto-accept edits", kind: "allow_always" },
        { optionId: "default", name: "Yes, and manually approve edits", kind: "allow_once" },
        { optionId: "plan", name: "No, keep planning", kind: "reject_once" },
      ],
    });
    // As Claude does: the chosen option names the mode the agent goes on in.
    const chosen = (answer.result as { outcome?: { optionId?: unknown } } | undefined)?.outcome?.optionId;
    const modes = (setup.modes as { availableModes?: { id: string }[] } | undefined)?.availableModes ?? [];
    if (setup.modes && modes.some((mode) => mode.id === chosen) && setup.modes.currentModeId !== chosen) {
      setup.modes.currentModeId = String(chosen);
      update({ sessionUpdate: "current_mode_update", currentModeId: chosen });
    }
  }
  send({ id, result: { stopReason: "end_turn" } });
}

serve(logFile, {
  initialize: (frame, params) =>
    send({
      id: frame.id,
      result:
        version === 2 && params.protocolVersion === 2
          ? { protocolVersion: 2, info: { name: "controls", version: "1" } }
          : { protocolVersion: 1, agentCapabilities: {}, authMethods: [] },
    }),
  "session/new": (frame) => {
    send({ id: frame.id, result: { sessionId, ...setup } });
    if (process.env.CONTROLS_AFTER_NEW)
      setTimeout(() => [JSON.parse(process.env.CONTROLS_AFTER_NEW!) as unknown].flat().forEach(update), 20);
  },
  "session/set_mode": (frame, params) => {
    const modeId = String(params.modeId);
    if (refused.has(modeId) || !setup.modes)
      return send({ id: frame.id, error: { code: -32602, message: `Mode ${modeId} is not available` } });
    beforeAnswer();
    setup.modes.currentModeId = modeId;
    update({ sessionUpdate: "current_mode_update", currentModeId: modeId });
    send({ id: frame.id, result: {} });
    afterAnswer();
  },
  "session/set_config_option": (frame, params) => {
    const option = setup.configOptions?.find((o) => optionId(o) === params.configId);
    if (!option || refused.has(String(params.value)))
      return send({
        id: frame.id,
        error: { code: -32602, message: `Cannot set ${String(params.configId)}` },
      });
    beforeAnswer();
    option.currentValue = params.value;
    const also = JSON.parse(process.env.CONTROLS_ANSWER_ALSO ?? "{}") as Record<string, unknown>;
    for (const other of setup.configOptions ?? [])
      if (String(optionId(other)) in also) other.currentValue = also[String(optionId(other))];
    send({ id: frame.id, result: { configOptions: setup.configOptions } });
    afterAnswer();
  },
  "session/prompt": (frame, params) => {
    const blocks = (params.prompt ?? []) as { text?: string }[];
    void prompt(frame.id, blocks.map((b) => b.text ?? "").join(""));
  },
});
