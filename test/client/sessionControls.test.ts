/**
 * The agent's modes and config options, end to end through the client (`AgentSessions`) against a wire-level agent
 * process (`test/agents/controlsAgent.ts`) that offers exactly what each test gives it: v1 `modes`, v1 and v2 config
 * options (select and boolean), unknown categories and malformed entries, updates the agent sends, failed sets,
 * modes that act without asking, defaults from settings, and a permission request that switches the mode.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readJsonLines } from "../../tools/jsonLines";
import { ClientHarness, waitFor } from "../support/clientHarness";
import type { DecisionRecord, SessionControlView, SessionHeader } from "../../src/shared/protocol";
import {
  CONTROLS_AGENT,
  configOptions,
  MODES_V1,
  permissionsOption,
  receivedFrames,
} from "../support/controlsFixtures";

interface Agent {
  harness: ClientHarness;
  key: string;
  log: string;
  controls(): SessionControlView[];
  header(): SessionHeader;
  control(id: string): SessionControlView;
  received(method: string): Record<string, unknown>[];
  dispose(): Promise<void>;
}

interface StartOptions {
  confirm?: (agentName: string, what: { label: string; level: string }) => boolean | Promise<boolean>;
  defaults?: Record<string, unknown>;
  decisions?: DecisionRecord[];
  bypass?: boolean;
}

async function start(env: Record<string, string>, options: StartOptions = {}): Promise<Agent> {
  const agent = prepare(env, options);
  return agent.started(await agent.harness.sessions.startSession("Scripted"));
}

/** The harness and the agent's setting, before its session starts. */
function prepare(
  env: Record<string, string>,
  options: StartOptions,
): { harness: ClientHarness; log: string; started(key: string): Agent } {
  const harness = new ClientHarness({
    command: process.execPath,
    args: [CONTROLS_AGENT],
    ...(options.confirm
      ? {
          confirmUnattended: (name: string, what: { label: string; level: string }) =>
            Promise.resolve(options.confirm!(name, what)),
        }
      : {}),
  });
  const log = join(harness.workspace, "..", `${harness.workspace.split("/").pop()}-controls.jsonl`);
  writeFileSync(log, "");
  const scripted = harness.agentsSetting.Scripted as { env: Record<string, string> };
  harness.agentsSetting = {
    Scripted: {
      ...scripted,
      env: { ...scripted.env, CONTROLS_LOG: log, ...env },
      ...options.defaults,
      ...(options.bypass ? { bypassPermissions: true } : {}),
    },
  };
  harness.sessions.reloadSettings();
  if (options.decisions) harness.sessions.onDidDecide((_p, record) => options.decisions!.push(record));
  const started = (key: string): Agent => {
    const header = () => harness.sessions.snapshot().sessions.find((s) => s.header.key === key)!.header;
    const controls = () => header().controls?.items ?? [];
    return {
      harness,
      key,
      log,
      header,
      controls,
      control: (id) => {
        const found = controls().find((c) => c.id === id);
        assert.ok(found, `control ${id} is shown: ${JSON.stringify(controls().map((c) => c.id))}`);
        return found;
      },
      received: (method) => receivedFrames(log, method),
      dispose: () => harness.dispose(),
    };
  };
  return { harness, log, started };
}

const notices = (agent: Agent) =>
  (agent.harness.sessions.session(agent.key)?.transcript() ?? []).flatMap((item) =>
    item.kind === "notice" ? [item.text] : [],
  );

describe("Session controls (modes and config options)", function () {
  this.timeout(30_000);
  let agent: Agent | undefined;

  afterEach(async () => {
    await agent?.dispose();
    agent = undefined;
  });

  it("an agent that offers neither modes nor options shows no controls", async () => {
    agent = await start({});
    assert.equal(agent.header().controls, undefined);
  });

  it("declares boolean config options to a v1 agent, so it sends real booleans", async () => {
    agent = await start({});
    const init = agent.received("initialize").at(-1) as { clientCapabilities?: unknown } | undefined;
    assert.deepEqual((init?.clientCapabilities as { session?: unknown }).session, {
      configOptions: { boolean: {} },
    });
  });

  it("v1 modes: the picker lists them, set_mode reaches the agent and its current_mode_update is shown", async () => {
    agent = await start({ CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) });
    const mode = agent.control("mode");
    assert.equal(mode.kind, "select");
    assert.equal(mode.via, "mode");
    assert.equal(mode.value, "default");
    assert.deepEqual(mode.kind === "select" && mode.choices.map((c) => [c.value, c.name, c.unattended]), [
      ["default", "Manual", undefined],
      ["plan", "Plan", undefined],
      ["acceptEdits", "Accept edits", undefined],
      ["bypassPermissions", "Bypass permissions", "full"],
    ]);
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "plan"), true);
    assert.deepEqual(agent.received("session/set_mode").at(-1), { sessionId: "controls-1", modeId: "plan" });
    assert.equal(agent.control("mode").value, "plan");
    // The agent changes its own mode (ExitPlanMode, a slash command): the header follows.
    await agent.harness.sessions.sendPrompt(
      agent.key,
      'go [update:{"sessionUpdate":"current_mode_update","currentModeId":"acceptEdits"}]',
    );
    await waitFor(() => agent!.control("mode").value === "acceptEdits", "the agent's mode update");
  });

  it("v1 config options: select, grouped select, boolean and an unknown category; malformed ones are left out", async () => {
    agent = await start({ CONTROLS_SETUP: JSON.stringify({ configOptions: configOptions("id") }) });
    assert.deepEqual(
      agent.controls().map((c) => [c.id, c.kind, c.category]),
      [
        ["model", "select", "model"],
        ["effort", "select", "thought_level"],
        ["fast", "boolean", "model_config"],
        ["collaboration_mode", "select", "collaboration_mode"],
      ],
    );
    const effort = agent.control("effort");
    assert.deepEqual(effort.kind === "select" && effort.choices.map((c) => [c.value, c.group]), [
      ["low", "Levels"],
      ["high", "Levels"],
    ]);
    assert.equal(await agent.harness.sessions.setControl(agent.key, "model", "opus"), true);
    assert.deepEqual(agent.received("session/set_config_option").at(-1), {
      sessionId: "controls-1",
      configId: "model",
      value: "opus",
    });
    assert.equal(agent.control("model").value, "opus");
    assert.equal(await agent.harness.sessions.setControl(agent.key, "fast", true), true);
    assert.deepEqual(agent.received("session/set_config_option").at(-1), {
      sessionId: "controls-1",
      configId: "fast",
      type: "boolean",
      value: true,
    });
    assert.equal(agent.control("fast").value, true);
    assert.equal(await agent.harness.sessions.setControl(agent.key, "collaboration_mode", "plan"), true);
    assert.equal(agent.control("collaboration_mode").value, "plan");
  });

  it("v2 config options (configId, typed values) and the agent's config_option_update", async () => {
    const updated = configOptions("configId").slice(0, 3);
    (updated[0] as { currentValue: string }).currentValue = "opus";
    agent = await start({
      CONTROLS_PROTOCOL: "2",
      CONTROLS_SETUP: JSON.stringify({ configOptions: configOptions("configId") }),
    });
    assert.equal(agent.harness.sessions.session(agent.key)?.protocolVersion, 2);
    assert.deepEqual(
      agent.controls().map((c) => c.id),
      ["model", "effort", "fast", "collaboration_mode"],
    );
    assert.equal(await agent.harness.sessions.setControl(agent.key, "effort", "high"), true);
    assert.deepEqual(agent.received("session/set_config_option").at(-1), {
      sessionId: "controls-1",
      configId: "effort",
      type: "id",
      value: "high",
    });
    assert.equal(await agent.harness.sessions.setControl(agent.key, "fast", true), true);
    assert.deepEqual(agent.received("session/set_config_option").at(-1), {
      sessionId: "controls-1",
      configId: "fast",
      type: "boolean",
      value: true,
    });
    assert.equal(agent.control("fast").value, true);
    await agent.dispose();
    // An update from the agent replaces the whole list.
    agent = await start({
      CONTROLS_PROTOCOL: "2",
      CONTROLS_SETUP: JSON.stringify({ configOptions: configOptions("configId") }),
      CONTROLS_AFTER_NEW: JSON.stringify({ sessionUpdate: "config_option_update", configOptions: updated }),
    });
    await waitFor(() => agent!.controls().length === 3, "the agent's config_option_update");
    assert.equal(agent.control("model").value, "opus");
  });

  it("a set the agent refuses says why and leaves the control at the agent's value", async () => {
    agent = await start({
      CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1, configOptions: configOptions("id") }),
      CONTROLS_FAIL: "opus,plan",
    });
    assert.equal(await agent.harness.sessions.setControl(agent.key, "model", "opus"), false);
    assert.equal(agent.control("model").value, "sonnet");
    assert.match(notices(agent).at(-1) ?? "", /did not change Model to Opus: Cannot set model/);
    assert.equal(agent.header().controls?.busy, undefined, "the control is not left busy");
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "plan"), false);
    assert.equal(agent.control("mode").value, "default");
  });

  it("refuses values and controls the agent did not offer (the webview is not an authority)", async () => {
    agent = await start({ CONTROLS_SETUP: JSON.stringify({ configOptions: configOptions("id") }) });
    assert.equal(await agent.harness.sessions.setControl(agent.key, "model", "gpt-evil"), false);
    assert.equal(await agent.harness.sessions.setControl(agent.key, "broken", "a"), false);
    assert.equal(await agent.harness.sessions.setControl(agent.key, "fast", "yes"), false);
    assert.deepEqual(agent.received("session/set_config_option"), []);
  });

  it("a mode that acts without asking: confirmed first, marked in the header, recorded in the history", async () => {
    const asked: string[] = [];
    let answer = false;
    const decisions: DecisionRecord[] = [];
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) },
      {
        confirm: (name) => {
          asked.push(name);
          return answer;
        },
        decisions,
      },
    );
    assert.equal(agent.header().controls?.unattended, undefined);
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "bypassPermissions"), false);
    assert.deepEqual(asked, ["Scripted"], "the person was asked");
    assert.deepEqual(agent.received("session/set_mode"), [], "declined: nothing reached the agent");
    assert.equal(agent.control("mode").value, "default");
    answer = true;
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "bypassPermissions"), true);
    assert.deepEqual(agent.header().controls?.unattended, {
      level: "full",
      label: "Mode: Bypass permissions",
    });
    assert.equal(decisions.at(-1)?.provenance, "mode");
    assert.equal(decisions.at(-1)?.modeBy, "user", "the history tells the person's change from the agent's");
    // The agent echoes the change (current_mode_update before its answer): still one record, the person's.
    assert.equal(decisions.filter((d) => d.provenance === "mode").length, 1);
    assert.match(
      decisions.at(-1)?.title ?? "",
      /You set Mode: Bypass permissions: the agent acts without asking/,
    );
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "default"), true);
    assert.equal(agent.header().controls?.unattended, undefined);
    assert.match(decisions.at(-1)?.title ?? "", /asks again/);
  });

  it("a card's option that switches to a mode that acts without asking is confirmed first, in one dialog however often it is clicked", async () => {
    // A click is a message from the view: a page that posts it must not grant "never ask" without VS Code's dialog,
    // which the same mode picked beside Send opens.
    const asked: string[] = [];
    let answer!: (yes: boolean) => void;
    let dialog = new Promise<boolean>((resolve) => (answer = resolve));
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ modes: { ...MODES_V1, currentModeId: "plan" } }),
        CONTROLS_EXIT_OPTIONS: JSON.stringify([
          { optionId: "bypassPermissions", name: "Yes, and bypass permissions", kind: "allow_once" },
          { optionId: "plan", name: "No, keep planning", kind: "reject_once" },
        ]),
      },
      { confirm: (name, { label, level }) => (asked.push(`${name}: ${label} (${level})`), dialog) },
    );
    const turn = agent.harness.sessions.sendPrompt(agent.key, "done planning [exit-plan]");
    const card = await waitFor(() => agent!.harness.sessions.snapshot().pending[0], "the ExitPlanMode card");
    const yes = card.options.find((o) => o.name.startsWith("Yes"))!;
    for (let i = 0; i < 5; i++) agent.harness.sessions.chooseOption(card.key, yes.key);
    answer(false);
    await dialog;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(asked, ["Scripted: Bypass permissions (full)"], "one dialog for five clicks");
    assert.equal(agent.harness.sessions.snapshot().pending.length, 1, "a no leaves the card waiting");
    assert.equal(agent.control("mode").value, "plan");
    dialog = Promise.resolve(true);
    agent.harness.sessions.chooseOption(card.key, yes.key);
    await turn;
    assert.equal(asked.length, 2);
    assert.equal(agent.control("mode").value, "bypassPermissions", "a yes chose it");
  });

  it("a mode that acts without asking, asked for again while its dialog is open, opens no second dialog", async () => {
    const asked: string[] = [];
    let answer!: (yes: boolean) => void;
    const dialog = new Promise<boolean>((resolve) => (answer = resolve));
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) },
      { confirm: (name) => (asked.push(name), dialog) },
    );
    const sets = Array.from({ length: 5 }, () =>
      agent!.harness.sessions.setControl(agent!.key, "mode", "bypassPermissions"),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer(false);
    assert.deepEqual(await Promise.all(sets), [false, false, false, false, false]);
    assert.deepEqual(asked, ["Scripted"], "one dialog for five asks");
    assert.equal(agent.control("mode").value, "default");
  });

  it("without a confirmation hook, a mode that acts without asking is never set", async () => {
    agent = await start({ CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) });
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "bypassPermissions"), false);
    assert.deepEqual(agent.received("session/set_mode"), []);
  });

  it("an option other than the mode that sets a permission level is confirmed and marked like the mode", async () => {
    const asked: string[] = [];
    const permissions = permissionsOption("id");
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ configOptions: [...configOptions("id"), permissions] }) },
      { confirm: (name) => (asked.push(name), true) },
    );
    assert.equal(await agent.harness.sessions.setControl(agent.key, "model", "opus"), true);
    assert.deepEqual(asked, [], "a model asks nothing");
    assert.equal(
      await agent.harness.sessions.setControl(agent.key, "permissions", "bypassPermissions"),
      true,
    );
    assert.deepEqual(asked, ["Scripted"]);
    assert.deepEqual(agent.header().controls?.unattended, { level: "full", label: "Permissions: Skip" });
  });

  it("a value the agent renames to act without asking while its dialog is open is asked about again", async () => {
    // "Auto review" (a model approves) renamed "YOLO (full access)" while the person reads the first dialog: their
    // yes was to a reviewer; the value now acts without asking, which they are asked about at its level.
    const approvals = (name: string) => ({
      id: "approvals",
      name: "Approvals",
      type: "select",
      currentValue: "ask",
      options: [
        { value: "ask", name: "Ask" },
        { value: "x", name },
      ],
    });
    const asked: string[] = [];
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ configOptions: [approvals("Auto review")] }),
        CONTROLS_PROMPT_UPDATES: JSON.stringify([
          { sessionUpdate: "config_option_update", configOptions: [approvals("YOLO (full access)")] },
        ]),
      },
      {
        confirm: async (_name, { level }) => {
          asked.push(level);
          if (asked.length === 1) {
            await agent!.harness.sessions.sendPrompt(agent!.key, "rename it");
            await waitFor(
              () =>
                agent!.control("approvals").kind === "select" &&
                JSON.stringify(agent!.control("approvals")).includes("YOLO"),
              "the agent's rename",
            );
          }
          return true;
        },
      },
    );
    assert.equal(await agent.harness.sessions.setControl(agent.key, "approvals", "x"), true);
    assert.deepEqual(asked, ["reviewer", "full"]);
    assert.equal(agent.header().controls?.unattended?.level, "full");
  });

  it("once the agent has exited, a change asks nothing, sends nothing, and the header keeps the last value", async () => {
    const asked: string[] = [];
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) },
      { confirm: (name) => (asked.push(name), true) },
    );
    void agent.harness.sessions.sendPrompt(agent.key, "crash [exit]");
    await waitFor(() => agent!.header().status === "ended", "the session to end");
    const headers: SessionHeader[] = [];
    agent.harness.sessions.onDidChange((ops) => {
      for (const op of ops) if (op.op === "session") headers.push(op.header);
    });
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "bypassPermissions"), false);
    assert.deepEqual(asked, [], "no dialog about a mode for a session that has ended");
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "plan"), false);
    assert.deepEqual(agent.received("session/set_mode"), []);
    assert.equal(agent.control("mode").value, "default");
    assert.ok(headers.length >= 2, "each refused change sends the header, so the view's control goes back");
    assert.ok(headers.every((h) => h.controls?.busy === undefined || h.controls.busy.length === 0));
  });

  it("defaultMode and defaultConfigOptions apply right after session/new; what is not offered is a warning", async () => {
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1, configOptions: configOptions("id") }) },
      {
        defaults: {
          defaultMode: "Plan",
          defaultConfigOptions: { model: "opus", fast: true, nothing: "x", effort: "extreme" },
        },
      },
    );
    assert.equal(agent.control("mode").value, "plan");
    assert.equal(agent.control("model").value, "opus");
    assert.equal(agent.control("fast").value, true);
    const warnings = notices(agent).join("\n");
    assert.match(
      warnings,
      /defaultConfigOptions\.nothing "x" was not applied: Scripted does not offer it \(it offers no such option\)/,
    );
    assert.match(warnings, /defaultConfigOptions\.effort "extreme" was not applied.*it offers low, high/);
  });

  it("a full-access defaultMode still needs the first-time confirmation", async () => {
    const decisions: DecisionRecord[] = [];
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) },
      { defaults: { defaultMode: "bypassPermissions" }, confirm: () => false, decisions },
    );
    assert.equal(agent.control("mode").value, "default");
    assert.deepEqual(agent.received("session/set_mode"), []);
    await agent.dispose();
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) },
      { defaults: { defaultMode: "bypassPermissions" }, confirm: () => true, decisions },
    );
    assert.equal(agent.control("mode").value, "bypassPermissions");
    assert.match(decisions.at(-1)?.title ?? "", /^Your settings set Mode: Bypass permissions/);
    assert.equal(decisions.at(-1)?.modeBy, "settings");
  });

  it("Bypass does not answer with an option that switches to a mode that acts without asking", async () => {
    const decisions: DecisionRecord[] = [];
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ modes: { ...MODES_V1, currentModeId: "plan" } }),
        CONTROLS_EXIT_OPTIONS: JSON.stringify([
          { optionId: "bypassPermissions", name: "Yes", kind: "allow_once" },
          { optionId: "plan", name: "No, keep planning", kind: "reject_once" },
        ]),
      },
      { bypass: true, decisions },
    );
    assert.equal(agent.harness.sessions.isBypassed("Scripted"), true);
    const turn = agent.harness.sessions.sendPrompt(agent.key, "done planning [exit-plan]");
    const card = await waitFor(() => agent!.harness.sessions.snapshot().pending[0], "the ExitPlanMode card");
    assert.deepEqual(decisions, [], "nothing answered it without a person");
    assert.match(card.bypassBlockedReason ?? "", /acts without asking/);
    // Nor does a grant or a batch Allow once: only the card's own option chooses such a mode.
    assert.equal(card.grant, undefined);
    assert.equal(agent.harness.sessions.answerMany([card.key], "allow"), 0);
    assert.deepEqual(decisions, []);
    agent.harness.sessions.deny(card.key);
    await turn;
  });

  it("a permission request whose options switch the mode says so on the card", async () => {
    agent = await start({
      CONTROLS_SETUP: JSON.stringify({ modes: { ...MODES_V1, currentModeId: "plan" } }),
    });
    const turn = agent.harness.sessions.sendPrompt(agent.key, "done planning [exit-plan]");
    const card = await waitFor(() => agent!.harness.sessions.snapshot().pending[0], "the ExitPlanMode card");
    assert.equal(card.modeSwitch?.heading, "Leave plan mode and …");
    const named = new Map(card.options.map((o) => [o.key, o.name]));
    assert.deepEqual(card.modeSwitch?.options.map((o) => `${named.get(o.key)} → ${o.mode}`).sort(), [
      "No, keep planning → Plan",
      "Yes, and auto-accept edits → Accept edits",
      "Yes, and manually approve edits → Manual",
    ]);
    agent.harness.sessions.deny(card.key);
    await turn;
  });

  describe("Qwen Code's plan exit (its options, on a switch_mode request)", () => {
    const QWEN_MODES = {
      currentModeId: "plan",
      availableModes: ["plan", "default", "auto-edit", "auto", "yolo"].map((id) => ({ id, name: id })),
    };
    const QWEN_EXIT = [
      { optionId: "restore_previous", name: "Yes, restore previous mode (yolo)", kind: "allow_once" },
      { optionId: "proceed_always", name: "Yes, and auto-accept edits", kind: "allow_always" },
      { optionId: "proceed_once", name: "Yes, and manually approve edits", kind: "allow_once" },
      { optionId: "cancel", name: "No, keep planning (esc)", kind: "reject_once" },
    ];

    it("Bypass answers with the option that goes on asking, not the way back to yolo", async () => {
      const decisions: DecisionRecord[] = [];
      agent = await start(
        {
          CONTROLS_SETUP: JSON.stringify({ modes: QWEN_MODES }),
          CONTROLS_EXIT_OPTIONS: JSON.stringify(QWEN_EXIT),
        },
        { bypass: true, decisions },
      );
      await agent.harness.sessions.sendPrompt(agent.key, "done planning [exit-plan]");
      assert.deepEqual(
        decisions.map((d) => [d.provenance, d.outcome, d.optionId]),
        [["bypass", "selected", "proceed_once"]],
      );
      assert.equal(agent.harness.ops.filter((op) => op.op === "prompt").length, 0, "no card was shown");
    });

    it("the card names each option's mode and marks the way back to yolo; Allow on the list picks the asking one", async () => {
      const decisions: DecisionRecord[] = [];
      agent = await start(
        {
          CONTROLS_SETUP: JSON.stringify({ modes: QWEN_MODES }),
          CONTROLS_EXIT_OPTIONS: JSON.stringify(QWEN_EXIT),
        },
        { decisions },
      );
      const turn = agent.harness.sessions.sendPrompt(agent.key, "done planning [exit-plan]");
      const card = await waitFor(() => agent!.harness.sessions.snapshot().pending[0], "the plan-exit card");
      const named = new Map(card.options.map((o) => [o.key, o.name]));
      assert.deepEqual(
        card.modeSwitch?.options
          .map((o) => `${named.get(o.key)} → ${o.mode} ${o.unattended ?? ""}`.trim())
          .sort(),
        [
          "Yes, and auto-accept edits → auto-edit",
          "Yes, and manually approve edits → default",
          "Yes, restore previous mode (yolo) → yolo full",
        ],
      );
      assert.equal(agent.harness.sessions.answerMany([card.key], "allow"), 1);
      await turn;
      assert.deepEqual(
        decisions.map((d) => [d.provenance, d.optionId]),
        [["user", "proceed_once"]],
      );
    });
  });
});

describe("Session controls against a hostile agent", function () {
  this.timeout(30_000);
  let agent: Agent | undefined;

  afterEach(async () => {
    await agent?.dispose();
    agent = undefined;
  });

  const modeUpdate = (currentModeId: string) => ({ sessionUpdate: "current_mode_update", currentModeId });

  it("an agent that switches itself to a mode that acts without asking is told in the transcript and the history", async () => {
    const decisions: DecisionRecord[] = [];
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }),
        CONTROLS_PROMPT_UPDATES: JSON.stringify([modeUpdate("bypassPermissions")]),
      },
      { decisions },
    );
    await agent.harness.sessions.sendPrompt(agent.key, "go");
    await waitFor(() => agent!.header().controls?.unattended !== undefined, "the agent's own switch");
    assert.match(
      decisions.at(-1)?.title ?? "",
      /^Scripted set Mode: Bypass permissions: the agent acts without/,
    );
    assert.equal(decisions.at(-1)?.modeBy, "agent");
    assert.ok(
      notices(agent).some((text) =>
        /^Scripted set Mode: Bypass permissions: the agent acts without/.test(text),
      ),
      `the transcript says so: ${JSON.stringify(notices(agent))}`,
    );
  });

  it("a switch the agent makes while the person's change of another control is on its way is the agent's", async () => {
    const decisions: DecisionRecord[] = [];
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1, configOptions: configOptions("id") }),
        CONTROLS_BEFORE_ANSWER: JSON.stringify(modeUpdate("bypassPermissions")),
      },
      { decisions },
    );
    assert.equal(await agent.harness.sessions.setControl(agent.key, "model", "opus"), true);
    assert.equal(agent.control("mode").value, "bypassPermissions");
    const records = decisions.filter((d) => d.provenance === "mode").map((d) => d.title);
    assert.deepEqual(records, ["Scripted set Mode: Bypass permissions: the agent acts without asking you"]);
  });

  it("a switch the agent makes in its answer to the person's change is the agent's, told in the transcript", async () => {
    const permissions = permissionsOption("id", "mode");
    const decisions: DecisionRecord[] = [];
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ configOptions: [...configOptions("id"), permissions] }),
        CONTROLS_ANSWER_ALSO: JSON.stringify({ permissions: "bypassPermissions" }),
      },
      { decisions, confirm: () => true },
    );
    // The person picks the safe "Plan"; the agent's answer puts the session in "Skip".
    assert.equal(await agent.harness.sessions.setControl(agent.key, "permissions", "plan"), true);
    assert.deepEqual(agent.header().controls?.unattended, { level: "full", label: "Permissions: Skip" });
    const records = decisions.filter((d) => d.provenance === "mode");
    assert.deepEqual(
      records.map((d) => [d.modeBy, d.title]),
      [["agent", "Scripted set Permissions: Skip: the agent acts without asking you"]],
    );
    assert.ok(
      notices(agent).some((text) => text.startsWith("Scripted set Permissions: Skip")),
      `the transcript says so: ${JSON.stringify(notices(agent))}`,
    );
  });

  it("a value the person picked as asking, renamed to act without asking while the set is on its way, is the agent's", async () => {
    const approvals = (name: string) => ({
      ...{ id: "approvals", name: "Approvals", type: "select", currentValue: "read-only" },
      options: [
        { value: "read-only", name: "Read only" },
        { value: "on-request", name },
      ],
    });
    const decisions: DecisionRecord[] = [];
    const asked: string[] = [];
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ configOptions: [approvals("Ask on request")] }),
        CONTROLS_BEFORE_ANSWER: JSON.stringify({
          sessionUpdate: "config_option_update",
          configOptions: [approvals("Full access (never asks)")],
        }),
      },
      { decisions, confirm: (name) => (asked.push(name), true) },
    );
    assert.equal(await agent.harness.sessions.setControl(agent.key, "approvals", "on-request"), true);
    assert.deepEqual(asked, [], "it read as asking: nothing was confirmed");
    assert.equal(agent.header().controls?.unattended?.level, "full");
    const records = decisions.filter((d) => d.provenance === "mode");
    assert.deepEqual(
      records.map((d) => d.modeBy),
      ["agent"],
    );
    assert.ok(
      notices(agent).some((text) => text.startsWith("Scripted set Approvals")),
      `the transcript says so: ${JSON.stringify(notices(agent))}`,
    );
  });

  it("a v2 agent saying idle while its session starts lets no message past the start (defaults first)", async () => {
    let confirm!: (yes: boolean) => void;
    const confirmed = new Promise<boolean>((resolve) => (confirm = resolve));
    const permissions = permissionsOption("configId", "mode");
    const prepared = prepare(
      {
        CONTROLS_PROTOCOL: "2",
        CONTROLS_SETUP: JSON.stringify({ configOptions: [permissions] }),
        CONTROLS_AFTER_NEW: JSON.stringify([
          { sessionUpdate: "state_update", state: "idle" },
          { sessionUpdate: "session_info_update", title: "Said idle" },
        ]),
      },
      { defaults: { defaultConfigOptions: { permissions: "bypassPermissions" } }, confirm: () => confirmed },
    );
    const { sessions } = prepared.harness;
    const starting = sessions.startSession("Scripted");
    const header = () => sessions.snapshot().sessions[0]?.header;
    agent = prepared.started(await waitFor(() => header()?.key, "the new tab"));
    // The default waits for the person's confirmation; meanwhile the agent says it is idle.
    await waitFor(() => header()?.title === "Said idle", "the agent's updates after session/new");
    assert.equal(header()?.status, "starting", "still starting, whatever the agent says");
    void sessions.sendPrompt(agent.key, "hello");
    await waitFor(() => header()?.queued === 1, "the message waiting for the start");
    confirm(true);
    await starting;
    await waitFor(() => agent!.received("session/prompt").length === 1, "the message, once started");
    const order = readJsonLines<{ method?: string }>(agent.log).flatMap((frame) =>
      frame.method === "session/set_config_option" || frame.method === "session/prompt" ? [frame.method] : [],
    );
    assert.deepEqual(
      order,
      ["session/set_config_option", "session/prompt"],
      "the defaults before the message",
    );
  });

  it("a session the agent starts in a mode that acts without asking says so", async () => {
    const decisions: DecisionRecord[] = [];
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: { ...MODES_V1, currentModeId: "bypassPermissions" } }) },
      { decisions },
    );
    assert.match(decisions.at(-1)?.title ?? "", /^Scripted set Mode: Bypass permissions/);
    assert.ok(notices(agent).some((text) => text.startsWith("Scripted set Mode: Bypass permissions")));
    // Said once: the person's change of another control afterwards is not taken for a switch of theirs.
    assert.equal(await agent.harness.sessions.setControl(agent.key, "mode", "plan"), true);
    assert.deepEqual(
      decisions.filter((d) => d.provenance === "mode").map((d) => d.title.split(":")[0]),
      ["Scripted set Mode", "You set a mode that asks again (was Mode"],
    );
  });

  it("a default from settings the agent undoes at once is said in the transcript", async () => {
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }),
        CONTROLS_AFTER_ANSWER: JSON.stringify(modeUpdate("acceptEdits")),
      },
      { defaults: { defaultMode: "plan" } },
    );
    await waitFor(() => agent!.control("mode").value === "acceptEdits", "the agent's undo in the header");
    await waitFor(() => notices(agent!).length > 0, "a notice");
    assert.deepEqual(notices(agent), ["Scripted set Mode: Accept edits; your settings had set Mode: Plan."]);
    // Said once per setting: later moves are the agent's own work on a mode it already left.
    await agent.harness.sessions.sendPrompt(agent.key, `go [update:${JSON.stringify(modeUpdate("plan"))}]`);
    await agent.harness.sessions.sendPrompt(
      agent.key,
      `go [update:${JSON.stringify(modeUpdate("default"))}]`,
    );
    assert.equal(agent.control("mode").value, "default");
    assert.equal(notices(agent).filter((text) => text.includes("your settings")).length, 1);
  });

  it("a default from settings the agent undoes after the first turn is said in the transcript too", async () => {
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) },
      { defaults: { defaultMode: "plan" } },
    );
    assert.equal(agent.control("mode").value, "plan");
    await agent.harness.sessions.sendPrompt(agent.key, "first");
    await agent.harness.sessions.sendPrompt(
      agent.key,
      `go [update:${JSON.stringify(modeUpdate("acceptEdits"))}]`,
    );
    assert.equal(agent.control("mode").value, "acceptEdits");
    assert.deepEqual(
      notices(agent).filter((text) => text.includes("your settings")),
      ["Scripted set Mode: Accept edits; your settings had set Mode: Plan."],
    );
  });

  it("a mode the person picks on the agent's card is not taken for the agent undoing the default", async () => {
    agent = await start(
      { CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }) },
      { defaults: { defaultMode: "plan" } },
    );
    const turn = agent.harness.sessions.sendPrompt(agent.key, "done planning [exit-plan]");
    const card = await waitFor(() => agent!.harness.sessions.snapshot().pending[0], "the ExitPlanMode card");
    assert.equal(agent.harness.sessions.choose(card.key, "acceptEdits"), true);
    await turn;
    assert.equal(agent.control("mode").value, "acceptEdits");
    assert.deepEqual(
      notices(agent).filter((text) => text.includes("your settings")),
      [],
    );
  });

  it("an allow on a card that does not say it switches the mode leaves the default watched", async () => {
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }),
        CONTROLS_EXIT_KIND: "edit",
        CONTROLS_EXIT_OPTIONS: JSON.stringify([
          { optionId: "acceptEdits", name: "Allow", kind: "allow_once" },
        ]),
      },
      { defaults: { defaultMode: "plan" } },
    );
    const turn = agent.harness.sessions.sendPrompt(agent.key, "edit [exit-plan]");
    const card = await waitFor(() => agent!.harness.sessions.snapshot().pending[0], "the card");
    assert.equal(card.modeSwitch, undefined);
    assert.equal(agent.harness.sessions.choose(card.key, "acceptEdits"), true);
    await turn;
    assert.deepEqual(
      notices(agent).filter((text) => text.includes("your settings")),
      ["Scripted set Mode: Accept edits; your settings had set Mode: Plan."],
    );
  });

  it("a flood of the agent's own mode switches is told as where it ends, not switch by switch", async () => {
    const decisions: DecisionRecord[] = [];
    agent = await start(
      {
        CONTROLS_SETUP: JSON.stringify({ modes: MODES_V1 }),
        CONTROLS_PROMPT_UPDATES: JSON.stringify([modeUpdate("bypassPermissions"), modeUpdate("default")]),
        CONTROLS_PROMPT_REPEAT: "10000",
      },
      { decisions },
    );
    await agent.harness.sessions.sendPrompt(
      agent.key,
      `go [update:${JSON.stringify(modeUpdate("bypassPermissions"))}]`,
    );
    // 20,001 switches wrote as many history records (about 7 MB: the whole approval history rotated away) and
    // would fill the transcript with notices.
    const told = decisions.filter((d) => d.provenance === "mode");
    assert.ok(told.length <= 12, `${told.length} records`);
    assert.ok(notices(agent).length <= 13, `${notices(agent).length} notices`);
    assert.match(
      told.at(-1)?.title ?? "",
      /^Scripted set Mode: Bypass permissions/,
      "where it ended is told",
    );
    assert.equal(agent.header().controls?.unattended?.level, "full");
  });
});
