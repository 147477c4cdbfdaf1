import assert from "node:assert/strict";
import {
  modeOfOption,
  modeSwitchOf,
  resolveChoice,
  SessionControls,
  switchesUnattended,
  unattendedConfig,
  unattendedLevel,
} from "../../src/core/sessionControls";
import { parseAgentSettings } from "../../src/core/settings";
import { LIMITS } from "../../src/shared/limits";

describe("session controls (pure)", () => {
  describe("which modes act without asking", () => {
    it("knows the real agents' modes by id", () => {
      const cases: [string, string, string | undefined][] = [
        ["bypassPermissions", "Bypass permissions", "full"], // Claude
        ["default", "Manual", undefined],
        ["acceptEdits", "Accept edits", undefined],
        ["plan", "Plan", undefined],
        ["auto", "Auto", "reviewer"], // Claude, Qwen: a classifier approves
        ["agent-full-access", "Full access", "full"], // Codex
        ["agent", "Auto review", "reviewer"], // Codex: a reviewer model approves
        ["read-only", "Read-only", undefined],
        ["workspace-write", "Workspace access", undefined],
        ["yolo", "YOLO", "full"], // Gemini, Qwen
        ["autoEdit", "Auto Edit", undefined],
        ["auto-edit", "Auto Edit", undefined],
        ["https://agentclientprotocol.com/protocol/session-modes#autopilot", "Autopilot", "full"], // Copilot
        ["https://agentclientprotocol.com/protocol/session-modes#agent", "Agent", undefined],
        ["https://agentclientprotocol.com/protocol/session-modes#plan", "Plan", undefined],
      ];
      for (const [id, name, level] of cases) assert.equal(unattendedLevel(id, name), level, id);
    });

    it("recognises other agents' modes by name, and never by inherited object keys", () => {
      assert.equal(unattendedLevel("danger", "Full access"), "full");
      assert.equal(unattendedLevel("x", "YOLO mode"), "full");
      assert.equal(unattendedLevel("x", "Auto-review"), "reviewer");
      // As the name reads: Cyrillic lookalikes, a zero-width space, full-width letters.
      assert.equal(unattendedLevel("x", "\u0412\u0443\u0440ass"), "full");
      assert.equal(unattendedLevel("x", "YO\u200bLO"), "full");
      assert.equal(unattendedLevel("x", "\uff21uto review"), "reviewer");
      assert.equal(unattendedLevel("toString", "To string"), undefined);
      assert.equal(unattendedLevel("__proto__", ""), undefined);
      assert.equal(unattendedConfig("constructor", true), undefined);
    });

    it("reads other words for acting without asking, and a switch that asks turned off", () => {
      for (const name of [
        "Unrestricted",
        "Dangerously skip permissions",
        "Skip all approvals",
        "Auto-approve all",
        "Approve all",
        "Never ask",
        "No prompts",
      ])
        assert.equal(unattendedLevel("x", name), "full", name);
      const controls = new SessionControls();
      controls.applySetup({
        configOptions: [
          { id: "require_approval", name: "Require approval", type: "boolean", currentValue: true },
          {
            id: "policy",
            name: "Approval policy",
            type: "select",
            currentValue: "ask",
            options: [
              { value: "ask", name: "Ask" },
              { value: "never", name: "Never ask" },
            ],
          },
          { id: "verbose", name: "Verbose", type: "boolean", currentValue: true },
        ],
      });
      assert.equal(controls.choiceLevel("require_approval", false), "full");
      assert.equal(controls.choiceLevel("require_approval", true), undefined);
      assert.equal(controls.choiceLevel("policy", "never"), "full");
      assert.equal(controls.choiceLevel("verbose", false), undefined);
    });

    it("reads an id in lookalike letters, wide forms or with hidden characters as the id it imitates", () => {
      const cases: [string, string | undefined][] = [
        ["bypass\u0420ermissions", "full"], // a Cyrillic "Р"
        ["bypass\u200bPermissions", "full"], // a zero-width space
        ["\uff59\uff4f\uff4c\uff4f", "full"], // fullwidth "ｙｏｌｏ"
        ["\u0430gent-full-access", "full"], // a Cyrillic "а"
        ["\u0430uto", "reviewer"],
        ["https://agentclientprotocol.com/protocol/session-modes#\u0430utopilot", "full"],
        // Copilot's "#agent" asks, in whatever letters; a plain ASCII id is read exactly ("Agent" is not Codex's).
        ["https://agentclientprotocol.com/protocol/session-modes#\u0430gent", undefined],
        ["Agent", undefined],
        ["AUTO", undefined],
        ["d\u0435fault", undefined],
      ];
      for (const [id, level] of cases)
        assert.equal(unattendedLevel(id, "Default"), level, JSON.stringify(id));
      // Marked in the picker under a safe name, and a permission option into it is one Bypass must not pick.
      const controls = new SessionControls();
      const modes = [
        { id: "default", name: "Default" },
        { id: "bypass\u0420ermissions", name: "Default" },
      ];
      controls.applySetup({ modes: { currentModeId: "default", availableModes: modes } });
      const mode = controls.mode();
      assert.deepEqual(mode?.kind === "select" && mode.choices.map((c) => c.unattended), [undefined, "full"]);
      assert.equal(switchesUnattended(controls, "bypass\u0420ermissions"), true);
    });

    it("Copilot's allow_all on is full access, off is not", () => {
      assert.equal(unattendedConfig("allow_all", "on"), "full");
      assert.equal(unattendedConfig("allow_all", true), "full");
      assert.equal(unattendedConfig("allow_all", "off"), undefined);
      assert.equal(unattendedConfig("model", "on"), undefined);
    });
  });

  describe("permission options that switch the mode", () => {
    it("maps Claude's exit-plan ids and options named by a mode id", () => {
      assert.equal(modeOfOption("exit-plan-bypass", []), "bypassPermissions");
      assert.equal(modeOfOption("exit-plan-clear-accept-edits", []), "acceptEdits");
      assert.equal(modeOfOption("exit-plan-default", []), "default");
      assert.equal(modeOfOption("acceptEdits", ["default", "acceptEdits"]), "acceptEdits");
      assert.equal(modeOfOption("reject", ["default"]), undefined);
      assert.equal(modeOfOption("hasOwnProperty", []), undefined);
    });

    it("says 'Leave plan mode and …' and marks an option into a mode that acts without asking", () => {
      const controls = new SessionControls();
      controls.applySetup({
        modes: {
          currentModeId: "plan",
          availableModes: [
            { id: "default", name: "Manual" },
            { id: "plan", name: "Plan" },
            { id: "bypassPermissions", name: "Bypass permissions" },
          ],
        },
      });
      const view = modeSwitchOf(controls, {
        subject: { type: "tool_call", toolKind: "switch_mode" },
        options: [
          { key: "0", optionId: "exit-plan-bypass", name: "Yes, and bypass permissions" },
          { key: "1", optionId: "exit-plan-default", name: "Yes, and manually approve edits" },
          { key: "2", optionId: "reject", name: "No, keep planning" },
        ],
      });
      assert.deepEqual(view, {
        heading: "Leave plan mode and …",
        options: [
          { key: "0", mode: "Bypass permissions", unattended: "full" },
          { key: "1", mode: "Manual" },
        ],
      });
      // An ordinary request with one option that happens to share a mode's id is not a mode switch.
      assert.equal(
        modeSwitchOf(controls, {
          subject: { type: "tool_call", toolKind: "edit" },
          options: [{ key: "0", optionId: "default", name: "Allow" }],
        }),
        undefined,
      );
    });

    describe("Qwen Code's plan exit (its 0.24 options)", () => {
      const qwen = () => {
        const controls = new SessionControls();
        controls.applySetup({
          modes: {
            currentModeId: "plan",
            availableModes: ["plan", "default", "auto-edit", "auto", "yolo"].map((id) => ({ id, name: id })),
          },
        });
        return controls;
      };
      const planExit = (previous: string) => ({
        subject: { type: "tool_call", toolKind: "switch_mode" },
        options: [
          { key: "0", optionId: "restore_previous", name: `Yes, restore previous mode (${previous})` },
          { key: "1", optionId: "proceed_always", name: "Yes, and auto-accept edits" },
          { key: "2", optionId: "proceed_once", name: "Yes, and manually approve edits" },
          { key: "3", optionId: "cancel", name: "No, keep planning (esc)" },
        ],
      });

      it("names each option's mode on the card, the way back to yolo marked", () => {
        assert.deepEqual(modeSwitchOf(qwen(), planExit("yolo")), {
          heading: "Leave plan mode and …",
          options: [
            { key: "0", mode: "yolo", unattended: "full" },
            { key: "1", mode: "auto-edit" },
            { key: "2", mode: "default" },
          ],
        });
      });

      it("the way back to a mode that acts without asking, or one it does not name, is not for Bypass", () => {
        const controls = qwen();
        assert.equal(switchesUnattended(controls, "restore_previous", planExit("yolo")), true);
        assert.equal(switchesUnattended(controls, "restore_previous", planExit("auto")), true);
        assert.equal(switchesUnattended(controls, "restore_previous", planExit("default")), false);
        // Named by no mode of the session (a later version's wording): it may be one that acts without asking.
        assert.equal(switchesUnattended(controls, "restore_previous", planExit("the one before")), true);
        assert.equal(switchesUnattended(controls, "proceed_once", planExit("yolo")), false);
      });

      it("its ids name no mode on its other cards, which answer with the same ids", () => {
        const edit = { ...planExit("yolo"), subject: { type: "tool_call", toolKind: "edit" } };
        assert.equal(modeOfOption("proceed_once", qwen().modeIds(), edit), undefined);
        assert.equal(modeOfOption("restore_previous", qwen().modeIds(), edit), undefined);
        assert.equal(switchesUnattended(qwen(), "restore_previous", edit), false);
        assert.equal(modeSwitchOf(qwen(), edit), undefined);
      });
    });
  });

  describe("parsing what the agent offers (hostile text)", () => {
    it("caps names, descriptions, choices and controls, and drops ids over the cap instead of cutting them", () => {
      const controls = new SessionControls();
      const many = Array.from({ length: 500 }, (_, i) => ({ value: `m${i}`, name: `Model ${i}` }));
      controls.applySetup({
        configOptions: [
          {
            id: "model",
            name: "N".repeat(10_000),
            description: "D".repeat(10_000),
            category: "model",
            type: "select",
            currentValue: "m0",
            options: [{ value: "x".repeat(LIMITS.controlIdChars + 1), name: "Long id" }, ...many],
          },
          ...Array.from({ length: 100 }, (_, i) => ({
            id: `b${i}`,
            name: "B",
            type: "boolean",
            currentValue: false,
          })),
        ],
      });
      const list = controls.list();
      assert.equal(list.length, LIMITS.controlsPerSession);
      const model = list[0]!;
      assert.ok(model.name.length <= LIMITS.optionNameChars + 1);
      assert.ok((model.description ?? "").length <= LIMITS.controlDescriptionChars + 1);
      assert.equal(model.kind === "select" && model.choices.length, LIMITS.controlChoices);
      assert.ok(
        model.kind === "select" && model.choices.every((c) => c.value.length <= LIMITS.controlIdChars),
      );
    });

    it("names controls, choices and modes in one line: a name's line breaks cannot add lines to a notice", () => {
      const controls = new SessionControls();
      controls.applySetup({
        modes: { currentModeId: "ask", availableModes: [{ id: "ask", name: "Ask\r\nfirst" }] },
        configOptions: [
          {
            id: "permissions",
            name: "Permissions\n\nSymposium: Bypass Permissions is on",
            type: "select",
            currentValue: "skip",
            options: [
              { group: "x", name: "All\u2028of them", options: [{ value: "skip", name: "Skip\n\tall" }] },
            ],
          },
        ],
      });
      const [mode, permissions] = controls.list();
      assert.equal(permissions?.name, "Permissions Symposium: Bypass Permissions is on");
      assert.deepEqual(permissions?.kind === "select" && permissions.choices.map((c) => [c.name, c.group]), [
        ["Skip all", "All of them"],
      ]);
      assert.deepEqual(mode?.kind === "select" && mode.choices.map((c) => c.name), ["Ask first"]);
    });

    it("looks at a bounded number of v1 modes, however many the agent lists", () => {
      let read = 0;
      const availableModes = Array.from({ length: 10_000 }, (_, i) => ({
        get id() {
          read++;
          return `m${i}`;
        },
        name: "N".repeat(1_000),
      }));
      const controls = new SessionControls();
      controls.applySetup({ modes: { currentModeId: "m9999", availableModes } });
      assert.ok(read <= 2 * LIMITS.controlChoices * 2, `${read} modes read`);
      const mode = controls.mode();
      assert.equal(mode?.kind === "select" && mode.choices.length, LIMITS.controlChoices);
      assert.equal(mode?.value, "m9999", "the current mode past the cap is still the one named");
    });

    it("walks a bounded number of entries per update, however many malformed ones the agent sends", () => {
      // One config_option_update of 40 selects, each of 200 groups of 100 invalid entries: 800,000 entries, once all
      // parsed. Each parse of an entry reads its value once.
      let read = 0;
      const invalid = {
        get value() {
          read++;
          return 0;
        },
        name: "x",
      };
      const group = { name: "g", options: Array.from({ length: 100 }, () => invalid) };
      const flood = Array.from({ length: 40 }, (_, i) => ({
        id: `o${i}`,
        name: "O",
        type: "select",
        currentValue: "v",
        options: Array.from({ length: 200 }, () => group),
      }));
      const controls = new SessionControls();
      controls.replaceOptions(flood);
      assert.ok(read <= LIMITS.controlChoicesTotal * 2, `${read} entries parsed`);
      const list = controls.list();
      assert.equal(list.length, LIMITS.controlsPerSession);
      assert.ok(list.every((c) => c.kind === "select" && c.value === "v" && c.choices.length === 1));
      // Options past the cap of controls are not parsed at all, nor a second option of an id already kept.
      read = 0;
      const select = (id: string) => ({
        id,
        name: "S",
        type: "select",
        currentValue: "v",
        options: [invalid],
      });
      controls.replaceOptions([
        select("a"),
        select("a"),
        ...Array.from({ length: LIMITS.controlsPerSession * 2 }, (_, i) => select(`s${i}`)),
      ]);
      assert.equal(read, LIMITS.controlsPerSession, "one entry read per control kept");
    });

    it("reads a select's first entries only, groups and the entries in them counted together", () => {
      const controls = new SessionControls();
      const junk = (name: string) => ({ name, options: Array.from({ length: 99 }, () => 0) });
      const late = { name: "Late", options: [{ value: "late", name: "Full access" }] };
      const option = (options: unknown[], currentValue = "ask") => ({
        id: "p",
        name: "Approvals",
        type: "select",
        currentValue,
        options: [{ value: "ask", name: "Ask" }, ...options],
      });
      // "ask", then each group and its entries: the late group and its choice are the 199th and 200th entries walked.
      controls.replaceOptions([option([junk("a"), { name: "b", options: Array(96).fill(0) }, late])]);
      let p = controls.find("p");
      assert.deepEqual(p?.kind === "select" && p.choices.map((c) => c.value), ["ask", "late"]);
      controls.replaceOptions([option([junk("a"), junk("b"), late])]);
      p = controls.find("p");
      assert.deepEqual(p?.kind === "select" && p.choices.map((c) => c.value), ["ask"], "late is not read");
      // A current value past the walk is still the one shown, by its id; what it was seen to be stays with it.
      controls.replaceOptions([option([junk("a"), junk("b"), late], "late")]);
      p = controls.find("p");
      assert.deepEqual(p?.kind === "select" && p.choices.map((c) => [c.value, c.name]), [
        ["ask", "Ask"],
        ["late", "late"],
      ]);
      assert.equal(controls.choiceLevel("p", "late"), "full");
    });

    it("keeps the values of all selects together under the session's total (the header carries them often)", () => {
      const controls = new SessionControls();
      const select = (i: number) => ({
        id: `s${i}`,
        name: "S",
        type: "select",
        currentValue: "v0",
        options: Array.from({ length: LIMITS.controlChoices }, (_, j) => ({ value: `v${j}`, name: "V" })),
      });
      controls.applySetup({ configOptions: Array.from({ length: 10 }, (_, i) => select(i)) });
      const total = controls.list().reduce((n, c) => n + (c.kind === "select" ? c.choices.length : 0), 0);
      assert.ok(total <= LIMITS.controlChoicesTotal, `${total} values`);
      assert.equal(controls.list().length, LIMITS.controlChoicesTotal / LIMITS.controlChoices);
    });

    it("prefers a `mode` config option over v1 modes, and current_mode_update moves both", () => {
      const controls = new SessionControls();
      const modes = {
        currentModeId: "a",
        availableModes: [
          { id: "a", name: "A" },
          { id: "b", name: "B" },
        ],
      };
      controls.applySetup({
        modes,
        configOptions: [
          {
            id: "mode",
            name: "Mode",
            category: "mode",
            type: "select",
            currentValue: "a",
            options: [
              { value: "a", name: "A" },
              { value: "b", name: "B" },
            ],
          },
        ],
      });
      assert.equal(controls.list().length, 1);
      assert.equal(controls.mode()?.via, "config");
      assert.equal(controls.setCurrentMode("b"), true);
      assert.equal(controls.mode()?.value, "b");
      assert.equal(controls.setCurrentMode(""), false, "an id that is no id changes nothing");
      assert.equal(controls.mode()?.value, "b");
    });

    it("a current mode or value the agent did not list is shown by its id, not as the one it left", () => {
      const controls = new SessionControls();
      const listed = [
        { id: "default", name: "Default" },
        { id: "plan", name: "Plan" },
      ];
      controls.applySetup({ modes: { currentModeId: "default", availableModes: listed } });
      assert.equal(controls.setCurrentMode("yolo"), true);
      const choices = () => {
        const mode = controls.mode();
        return mode?.kind === "select" ? mode.choices.map((c) => [c.value, c.name, c.unattended]) : [];
      };
      assert.equal(controls.mode()?.value, "yolo");
      assert.deepEqual(choices(), [
        ["default", "Default", undefined],
        ["plan", "Plan", undefined],
        ["yolo", "yolo", "full"],
      ]);
      assert.deepEqual(controls.unattended(), { level: "full", label: "Mode: yolo" });
      // One unlisted value at a time: a flood of made-up ids does not grow the list.
      for (let i = 0; i < 1_000; i++) controls.setCurrentMode(`m${i}`);
      assert.equal(choices().length, 3);
      controls.setCurrentMode("plan");
      assert.deepEqual(
        choices().map(([value]) => value),
        ["default", "plan"],
      );
      // A config option's current value outside its list: shown, not the option left out (the v1 modes it would
      // fall back to still said "default").
      controls.applySetup({
        modes: { currentModeId: "default", availableModes: listed },
        configOptions: [
          {
            id: "mode",
            name: "Mode",
            category: "mode",
            type: "select",
            currentValue: "bypassPermissions",
            options: listed.map((m) => ({ value: m.id, name: m.name })),
          },
        ],
      });
      assert.equal(controls.mode()?.via, "config");
      assert.deepEqual(controls.unattended(), { level: "full", label: "Mode: bypassPermissions" });
    });

    it("a mode once seen to act without asking stays marked when the agent renames it", () => {
      const controls = new SessionControls();
      const modeOption = (yoloName: string) => ({
        id: "mode",
        name: "Mode",
        category: "mode",
        type: "select",
        currentValue: "x-yolo",
        options: [
          { value: "default", name: "Default" },
          { value: "x-yolo", name: yoloName },
        ],
      });
      controls.applySetup({ configOptions: [modeOption("YOLO")] });
      assert.deepEqual(controls.unattended(), { level: "full", label: "Mode: YOLO" });
      // Picked, then renamed by a config_option_update: the same value, so still the same mode.
      controls.replaceOptions([modeOption("Default (asks)")]);
      assert.deepEqual(controls.unattended(), { level: "full", label: "Mode: Default (asks)" });
      const mode = controls.mode();
      assert.equal(mode?.kind === "select" && mode.choices[1]?.unattended, "full", "its choice says so too");
      // A permission option into it is still one Bypass must not pick.
      assert.equal(switchesUnattended(controls, "x-yolo"), true);
    });

    it("filler values do not push a renamed mode out of the memory of what it does", () => {
      const mode = (name: string, options: { value: string; name: string }[] = []) => ({
        id: "permissions",
        name: "Permissions",
        category: "mode",
        type: "select",
        currentValue: "ask",
        options: [{ value: "ask", name: "Ask" }, { value: "fa", name }, ...options],
      });
      const filler = (k: string, count: number = LIMITS.controlChoices) => ({
        id: `f${k}`,
        name: "Filler",
        type: "select",
        currentValue: `${k}0`,
        options: Array.from({ length: count }, (_, i) => ({ value: `${k}${i}`, name: `YOLO ${i}` })),
      });
      const controls = new SessionControls();
      // A session's worth of values that act without asking, then the mode shown as "Full access", then renamed.
      controls.replaceOptions([filler("a"), filler("b"), filler("c")]);
      controls.replaceOptions([mode("Full access")]);
      assert.equal(controls.choiceLevel("permissions", "fa"), "full");
      controls.replaceOptions([mode("Default")]);
      assert.equal(controls.choiceLevel("permissions", "fa"), "full", "still marked after the rename");
      // Offered with fillers in the same update, and again after values no longer offered fill the memory.
      for (const k of ["d", "e", "g", "h"])
        controls.replaceOptions([mode("Default"), filler(k), filler(`${k}x`, LIMITS.controlChoices - 2)]);
      assert.equal(controls.choiceLevel("permissions", "fa"), "full");
      const shown = controls.find("permissions");
      assert.equal(
        shown?.kind === "select" && shown.choices[1]?.unattended,
        "full",
        "its choice says so too",
      );
    });

    it("a value the person confirmed stays marked after the agent stops offering it, whatever it sends meanwhile", () => {
      const option = (name: string) => ({
        id: "p",
        name: "Approvals",
        type: "select",
        currentValue: "ask",
        options: [
          { value: "ask", name: "Ask" },
          { value: "fa", name },
        ],
      });
      const filler = (k: string) => ({
        id: `f${k}`,
        name: "Filler",
        type: "select",
        currentValue: `${k}0`,
        options: Array.from({ length: LIMITS.controlChoices }, (_, i) => ({
          value: `${k}${i}`,
          name: `YOLO ${i}`,
        })),
      });
      const run = (confirm: boolean) => {
        const controls = new SessionControls();
        controls.replaceOptions([option("Full access")]);
        if (confirm) controls.confirmed("p", "fa");
        // Dropped from the offer, then more filler values than the memory keeps of values no longer offered.
        for (const k of ["a", "b", "c", "d", "e", "g"])
          controls.replaceOptions([filler(k), filler(`${k}x`), filler(`${k}y`)]);
        controls.replaceOptions([option("Default")]);
        return controls.choiceLevel("p", "fa");
      };
      assert.equal(run(true), "full");
      // Neither offered nor confirmed, it is forgotten past the bound: the memory is bounded.
      assert.equal(run(false), undefined);
    });

    it("a mode that acts without asking is marked by what it is, whatever lookalike of a safe name it takes", () => {
      const controls = new SessionControls();
      controls.applySetup({
        modes: {
          currentModeId: "default",
          availableModes: [
            { id: "default", name: "Default" },
            { id: "bypassPermissions", name: "Default" }, // two modes of one name
            { id: "yolo", name: "Def\u200bault" },
            { id: "agent-full-access", name: "\u202eDefault" },
            { id: "plan", name: "Read-only" },
          ],
        },
      });
      const mode = controls.mode();
      assert.deepEqual(mode?.kind === "select" && mode.choices.map((c) => c.unattended), [
        undefined,
        "full",
        "full",
        "full",
        undefined,
      ]);
      // Two options of one name are two controls, each with its own id and values; one id twice keeps the first.
      controls.replaceOptions([
        { id: "a", name: "Mode", type: "boolean", currentValue: false },
        { id: "b", name: "Mode", type: "boolean", currentValue: true },
        { id: "a", name: "Other", type: "boolean", currentValue: true },
      ]);
      assert.deepEqual(
        controls.list().map((c) => [c.id, c.name, c.value]),
        [
          ["mode", "Mode", "default"],
          ["a", "Mode", false],
          ["b", "Mode", true],
        ],
      );
    });

    it("marks a value that sets a permission level on any option that can set one, not ordinary values", () => {
      type Values = [string, string][];
      const select = (id: string, name: string, category: string | undefined, values: Values) =>
        ({
          id,
          name,
          category,
          type: "select",
          options: values.map(([value, n]) => ({ value, name: n })),
        }) as const;
      const offered = [
        select("model", "Model", "model", [
          ["auto", "Auto"],
          ["m2", "YOLO"],
          ["bypassPermissions", "Sonnet"],
        ]),
        select("effort", "Effort", "thought_level", [["auto", "Auto"]]),
        select("permissions", "Permissions", undefined, [
          ["default", "Default"],
          ["bypassPermissions", "Default"],
        ]),
        select("_profile", "Profile", "_profiles", [
          ["safe", "Safe"],
          ["p2", "YOLO"],
          ["agent", "Agent"],
        ]),
        select("approvals", "Approvals", "_approvals", [
          ["ask", "Ask"],
          ["auto", "Auto"],
        ]),
        select("compaction", "Compaction", undefined, [
          ["auto", "Auto"],
          ["agent", "Agent"],
        ]),
        { id: "yolo", name: "YOLO", type: "boolean" },
        { id: "auto_compact", name: "Auto compact", type: "boolean" },
      ];
      /** The options at their first value (booleans off), but `set`. */
      const options = (set: Record<string, string | boolean> = {}) =>
        offered.map((o) => ({
          ...o,
          currentValue: set[o.id] ?? ("options" in o ? o.options[0]!.value : false),
        }));
      const controls = new SessionControls();
      controls.applySetup({ configOptions: options({ auto_compact: true }) });
      const marks = controls
        .list()
        .map((c) => [c.id, c.kind === "select" ? c.choices.map((choice) => choice.unattended ?? "-") : []]);
      assert.deepEqual(marks, [
        ["model", ["-", "-", "full"]], // a model named "auto" (or "YOLO") is no permission mode
        ["effort", ["-"]],
        ["permissions", ["-", "full"]],
        ["_profile", ["-", "full", "-"]],
        ["approvals", ["-", "reviewer"]], // "auto" on an option that sets approvals
        ["compaction", ["-", "-"]],
        ["yolo", []],
        ["auto_compact", []],
      ]);
      assert.equal(controls.unattended(), undefined, "every option is at a value that asks");
      for (const [id, value, label] of [
        ["model", "bypassPermissions", "Model: Sonnet"],
        ["permissions", "bypassPermissions", "Permissions: Default"],
        ["_profile", "p2", "Profile: YOLO"],
        ["approvals", "auto", "Approvals: Auto"],
        ["yolo", true, "YOLO: on"],
      ] as const) {
        assert.equal(controls.choiceLevel(id, value), id === "approvals" ? "reviewer" : "full", id);
        controls.replaceOptions(options({ [id]: value }));
        assert.equal(controls.unattended()?.label, label);
      }
      for (const [id, value] of [
        ["model", "auto"],
        ["model", "m2"],
        ["compaction", "agent"],
        ["auto_compact", true],
      ] as const) {
        assert.equal(controls.choiceLevel(id, value), undefined, id);
        controls.replaceOptions(options({ [id]: value }));
        assert.equal(controls.unattended(), undefined, id);
      }
    });

    it("a value renamed to act without asking more is marked at its new level, never the lower first one", () => {
      const controls = new SessionControls();
      const option = (name: string) => [
        { id: "p", name: "Approvals", type: "select", currentValue: "x", options: [{ value: "x", name }] },
      ];
      controls.applySetup({ configOptions: option("Auto review") });
      assert.equal(controls.choiceLevel("p", "x"), "reviewer");
      controls.replaceOptions(option("YOLO (full access)"));
      assert.equal(controls.choiceLevel("p", "x"), "full");
      assert.equal(controls.unattended()?.level, "full");
      // Renamed back, it stays what it was seen to be.
      controls.replaceOptions(option("Auto review"));
      assert.equal(controls.choiceLevel("p", "x"), "full");
    });

    it("a value of an option seen to act without asking stays marked when the agent renames it", () => {
      const controls = new SessionControls();
      const option = (name: string, yoloName: string) => [
        {
          id: "p",
          name,
          type: "select",
          currentValue: "y",
          options: [
            { value: "n", name: "Ask" },
            { value: "y", name: yoloName },
          ],
        },
        { id: "b", name, type: "boolean", currentValue: true },
      ];
      controls.applySetup({ configOptions: option("YOLO", "YOLO") });
      assert.equal(controls.unattended()?.level, "full");
      controls.replaceOptions(option("Safe", "Ask too"));
      assert.deepEqual(controls.unattended(), { level: "full", label: "Safe: Ask too" });
      assert.equal(
        controls.choiceLevel("b", true),
        "full",
        "the switch, renamed, still acts without asking when on",
      );
    });

    it("names the control that lets the agent do the most, not the first one that lets it do anything", () => {
      const controls = new SessionControls();
      const options = (allowAll: boolean) => [
        {
          id: "mode",
          name: "Mode",
          category: "mode",
          type: "select",
          currentValue: "auto",
          options: [
            { value: "default", name: "Ask" },
            { value: "auto", name: "Auto" },
          ],
        },
        { id: "allow_all", name: "YOLO", type: "boolean", currentValue: allowAll },
      ];
      controls.applySetup({ configOptions: options(false) });
      assert.deepEqual(controls.unattended(), { level: "reviewer", label: "Mode: Auto" });
      controls.replaceOptions(options(true));
      assert.deepEqual(
        controls.unattended(),
        { level: "full", label: "YOLO: on" },
        "the switch after the mode acts without asking at all: the marker says so",
      );
    });

    it("shows one control per id: a config option with v1 modes' id is left out, not sent as the mode", () => {
      const controls = new SessionControls();
      controls.applySetup({
        modes: {
          currentModeId: "default",
          availableModes: [
            { id: "default", name: "Manual" },
            { id: "bypassPermissions", name: "Bypass permissions" },
          ],
        },
        configOptions: [
          {
            id: "mode",
            name: "Model",
            category: "model",
            type: "select",
            currentValue: "fast",
            options: [
              { value: "fast", name: "Fast" },
              { value: "bypassPermissions", name: "Balanced" },
            ],
          },
          { id: "effort", name: "Effort", type: "boolean", currentValue: false },
        ],
      });
      assert.deepEqual(
        controls.list().map((control) => [control.id, control.name, control.value]),
        [
          ["mode", "Mode", "default"],
          ["effort", "Effort", false],
        ],
      );
      assert.equal(controls.find("mode")?.via, "mode");
    });

    it("offers nothing for an agent that sends nothing, null or garbage", () => {
      const controls = new SessionControls();
      for (const setup of [
        {},
        { modes: null, configOptions: null },
        { modes: "x", configOptions: { a: 1 } },
      ]) {
        controls.applySetup(setup);
        assert.equal(controls.view(), undefined);
      }
    });

    it("resolves a setting's value by id or by name, and booleans from true/false or on/off", () => {
      const controls = new SessionControls();
      controls.applySetup({
        configOptions: [
          {
            id: "m",
            name: "Model",
            type: "select",
            currentValue: "a",
            options: [{ value: "a", name: "Alpha" }],
          },
          { id: "f", name: "Fast", type: "boolean", currentValue: false },
        ],
      });
      assert.deepEqual(resolveChoice(controls.find("m")!, "alpha"), { value: "a", name: "Alpha" });
      assert.equal(resolveChoice(controls.find("m")!, "beta"), undefined);
      assert.equal(resolveChoice(controls.find("m")!, true), undefined);
      assert.deepEqual(resolveChoice(controls.find("f")!, "on"), { value: true, name: "on" });
      assert.equal(resolveChoice(controls.find("f")!, "maybe"), undefined);
    });
  });

  it("settings accept defaultMode and defaultConfigOptions and refuse other shapes", () => {
    const ok = parseAgentSettings({
      A: { command: "a", defaultMode: "plan", defaultConfigOptions: { model: "opus", fast: true } },
    });
    assert.deepEqual(ok.problems, []);
    assert.deepEqual(ok.agents.get("A")?.defaultConfigOptions, { model: "opus", fast: true });
    const bad = parseAgentSettings({
      B: { command: "b", defaultConfigOptions: { model: 3 } },
      C: { command: "c", defaultMode: "" },
    });
    assert.equal(bad.agents.size, 0);
    assert.equal(bad.problems.length, 2);
  });
});
