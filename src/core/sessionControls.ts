/**
 * The agent's own session controls: permission modes (v1 `modes`, config options of category `mode`) and config
 * options (model, thought level, `model_config` booleans, anything else as a generic select), as the header shows
 * them, plus the one small table that tells which modes let the agent act without asking.
 *
 * Everything here is agent text and is treated as hostile: parsed with zod/mini at the boundary, malformed entries
 * dropped (not the whole list), names and descriptions capped, counts capped, ids over the cap ignored (they are
 * sent back to the agent, so they are never cut).
 */
import * as z from "zod/mini";
import {
  LIMITS,
  type ControlChoiceView,
  type ModeSwitchView,
  type SessionControlView,
  type SessionControlsView,
  type UnattendedLevel,
} from "../shared/protocol";
import { readingOf } from "../shared/reading";
import { onFirstUse } from "./onFirstUse";
import { capLabel, oneLine } from "./text";

// -------------------------------------------------------------------------------------------------------------
// Which modes let the agent act without asking (pure, unit-tested).
// -------------------------------------------------------------------------------------------------------------

/**
 * Mode ids (exact, or the `#fragment` of a URL id such as Copilot's) whose agent acts without asking: `full` approves
 * everything itself, `reviewer` lets a model decide for the person. Known ids of the five real agents.
 */
const UNATTENDED_MODE_IDS: Readonly<Record<string, UnattendedLevel>> = {
  bypassPermissions: "full", // Claude
  "agent-full-access": "full", // Codex
  yolo: "full", // Gemini, Qwen
  autopilot: "full", // Copilot (…/session-modes#autopilot)
  agent: "reviewer", // Codex "Auto review": a reviewer model approves
  auto: "reviewer", // Claude and Qwen "Auto": a classifier model approves
};

/** Names of modes of agents not in the table that say the same. */
const UNATTENDED_NAMES: readonly [RegExp, UnattendedLevel][] = [
  [
    /\b(yolo|autopilot|full[ -]access|bypass|unrestricted|dangerously|skip[ _-]?(all[ _-]?)?(permission|approval|confirm)|auto[ _-]?approv|approve[ _-]?all|never[ _-]?ask|no[ _-]?(prompt|approval))/i,
    "full",
  ],
  [/\bauto[ -]?review/i, "reviewer"],
];

/** Switches that, turned off, stop the agent asking ("Require approval": false). */
const ASKS_WHEN_ON =
  /\b(requir\w*|ask|confirm)[ _-]?(before[ _-]?)?(approv|permission|confirm|first|before)/i;

/** Config options that switch approvals off whatever the mode (Copilot's `allow_all`), with their "on" values. */
const UNATTENDED_CONFIG: Readonly<Record<string, readonly (string | boolean)[]>> = {
  allow_all: ["on", true],
};

/** The table's ids as they read (`readingOf`), for ids that are not plain ASCII. */
const UNATTENDED_READINGS = new Map(
  Object.entries(UNATTENDED_MODE_IDS).map(([id, level]) => [readingOf(id), level]),
);

/**
 * An id of the table: a plain ASCII one exactly ("Agent" is not Codex's "agent"), any other as it reads, since only
 * lookalike letters, wide forms or hidden characters make "bypassРermissions" differ from Claude's id.
 */
function tableLevel(modeId: string): UnattendedLevel | undefined {
  if (/^[\w.:/#-]*$/.test(modeId))
    return Object.hasOwn(UNATTENDED_MODE_IDS, modeId) ? UNATTENDED_MODE_IDS[modeId] : undefined;
  return UNATTENDED_READINGS.get(readingOf(modeId));
}

/** What a mode id says, exact or as the `#fragment` of a URL id (Copilot's "#agent" asks). */
function idLevel(modeId: string): UnattendedLevel | undefined {
  const fragment = modeId.includes("#") ? modeId.slice(modeId.lastIndexOf("#") + 1) : undefined;
  return (
    tableLevel(modeId) ??
    (fragment !== undefined && readingOf(fragment) !== "agent" ? tableLevel(fragment) : undefined)
  );
}

/** What a mode's name says, as it reads: "Вураss" with Cyrillic letters is Bypass to the person choosing it. */
function nameLevel(modeName: string): UnattendedLevel | undefined {
  const name = readingOf(modeName);
  return UNATTENDED_NAMES.find(([pattern]) => pattern.test(name))?.[1];
}

/** Whether a mode (by its id and name) lets the agent act without asking; undefined for modes that ask. */
export function unattendedLevel(modeId: string, modeName = ""): UnattendedLevel | undefined {
  return idLevel(modeId) ?? nameLevel(modeName);
}

/** Whether setting a config option (not a mode) to `value` switches approvals off. */
export function unattendedConfig(configId: string, value: string | boolean): UnattendedLevel | undefined {
  return Object.hasOwn(UNATTENDED_CONFIG, configId) && UNATTENDED_CONFIG[configId]!.includes(value)
    ? "full"
    : undefined;
}

/** The spec's categories of options that pick the model and how it works: their values set no permission level. */
const MODEL_CATEGORIES: readonly string[] = ["model", "thought_level", "model_config"];

/** An option that says it sets how the agent asks: "Approvals", `permission_mode`, a "Sandbox", an agent "mode". */
const PERMISSION_OPTION = /permission|approv|autonom|sandbox|(?<![a-z])mode(?![a-z])/;

/**
 * What a choice of a control means for approvals. A mode reads as `unattendedLevel`; so does any other option, a
 * switch by its own id and name when on, but for the ids that are everyday words ("auto", "agent": the table's
 * reviewer ones) on an option that does not say it sets approvals; the model's options by the table's full ids alone
 * ("auto" picks a model, no model is "bypassPermissions").
 */
export function unattendedChoice(
  control: Pick<SessionControlView, "id" | "category" | "name">,
  value: string | boolean,
  name = "",
): UnattendedLevel | undefined {
  const configured = unattendedConfig(control.id, value);
  if (value === false)
    return configured ?? (ASKS_WHEN_ON.test(readingOf(`${control.id} ${control.name}`)) ? "full" : undefined);
  if (configured) return configured;
  const [id, label] = typeof value === "string" ? [value, name] : [control.id, control.name];
  if (control.category === "mode") return unattendedLevel(id, label);
  const byId = idLevel(id);
  if (MODEL_CATEGORIES.includes(control.category)) return byId === "full" ? byId : undefined;
  const everyday =
    byId === "reviewer" &&
    !PERMISSION_OPTION.test(readingOf(`${control.id} ${control.name} ${control.category}`));
  return (everyday ? undefined : byId) ?? nameLevel(label);
}

/** Sentence for the marker and the confirmation. */
export function unattendedSentence(level: UnattendedLevel): string {
  return level === "full"
    ? "the agent acts without asking you"
    : "a model approves the agent's actions instead of you";
}

/**
 * Claude's ExitPlanMode option ids (`exit-plan-…`) and the modes they switch to. Other agents name the mode itself as
 * the option id, which `modeOfOption` finds among the session's modes.
 */
const EXIT_PLAN_OPTIONS: Readonly<Record<string, string>> = {
  "exit-plan-bypass": "bypassPermissions",
  "exit-plan-clear-bypass": "bypassPermissions",
  "exit-plan-auto": "auto",
  "exit-plan-clear-auto": "auto",
  "exit-plan-accept-edits": "acceptEdits",
  "exit-plan-clear-accept-edits": "acceptEdits",
  "exit-plan-default": "default",
};

/**
 * Qwen Code's plan exit: its option ids and the modes it goes on in. The same ids answer its every other card, so
 * they name a mode only on a request that says it switches the mode.
 */
const QWEN_PLAN_EXIT: Readonly<Record<string, string>> = {
  proceed_once: "default",
  proceed_always: "auto-edit",
};

/** Qwen's "Yes, restore previous mode (yolo)": back to the mode before plan, named only in its name's parentheses. */
const RESTORE_PREVIOUS = "restore_previous";

/** A permission request as far as its options may switch the agent's mode. */
export interface ModeSwitchRequest {
  subject: { type: string; toolKind?: string };
  options: readonly { key: string; optionId: string; name: string }[];
}

/** Whether a request says it switches the mode (a `switch_mode` tool call: leaving plan mode). */
function isModeSwitch(request: ModeSwitchRequest): boolean {
  return request.subject.type === "tool_call" && request.subject.toolKind === "switch_mode";
}

/**
 * The mode a permission option switches to, if it does: its id is one of the session's modes, or a known id (on a
 * request that says it switches the mode, Qwen's too).
 */
export function modeOfOption(
  optionId: string,
  modeIds: readonly string[],
  request?: ModeSwitchRequest,
): string | undefined {
  if (modeIds.includes(optionId)) return optionId;
  if (Object.hasOwn(EXIT_PLAN_OPTIONS, optionId)) return EXIT_PLAN_OPTIONS[optionId];
  if (!request || !isModeSwitch(request)) return undefined;
  const mode =
    optionId === RESTORE_PREVIOUS
      ? /\(([^()]+)\)\s*$/.exec(request.options.find((o) => o.optionId === optionId)?.name ?? "")?.[1]
      : Object.hasOwn(QWEN_PLAN_EXIT, optionId)
        ? QWEN_PLAN_EXIT[optionId]
        : undefined;
  return mode !== undefined && modeIds.includes(mode) ? mode : undefined;
}

// -------------------------------------------------------------------------------------------------------------
// Parsing what the agent sends.
// -------------------------------------------------------------------------------------------------------------

/** Built on a session's first controls, not in every window's `require` of the extension. */
const schemas = onFirstUse(() => {
  const id = z.string().check(z.minLength(1), z.maxLength(LIMITS.controlIdChars));
  const text = z.string();
  const optionalText = z.optional(z.nullable(z.string()));
  // Lists are walked by the parsers below, as far as their budget goes: `z.array` would walk (and copy) all of one.
  const list = z.custom<readonly unknown[]>((value) => Array.isArray(value));
  return {
    id,
    Mode: z.object({ id, name: text, description: optionalText }),
    ModeState: z.object({ currentModeId: id, availableModes: list }),
    Choice: z.object({ value: id, name: text, description: optionalText }),
    Group: z.object({ name: text, options: list }),
    Option: z.object({
      type: z.string(),
      name: text,
      description: optionalText,
      category: z.optional(z.nullable(z.string())),
      currentValue: z.unknown(),
      options: z.optional(list),
    }),
  };
});

type Choice = z.infer<ReturnType<typeof schemas>["Choice"]>;
/** The control a choice belongs to, as `unattendedChoice` reads it. */
type Owner = Pick<SessionControlView, "id" | "category" | "name">;
const MODE_OWNER: Owner = { id: "mode", category: "mode", name: "Mode" };

function choiceView(choice: Choice, owner: Owner, group?: string): ControlChoiceView {
  const name = oneLine(choice.name || choice.value, LIMITS.optionNameChars);
  const description = choice.description ? capLabel(choice.description, LIMITS.controlDescriptionChars) : "";
  const level = unattendedChoice(owner, choice.value, choice.name);
  return {
    value: choice.value,
    name,
    ...(description ? { description } : {}),
    ...(group ? { group } : {}),
    ...(level ? { unattended: level } : {}),
  };
}

/**
 * Entries an update may have walked, malformed ones included, so that its cost follows the caps and not the size of
 * the lists an agent sends (tens of thousands of tiny invalid entries fit in a message): per select, groups and the
 * entries inside them counted together, and per update (all of its selects).
 */
const CHOICES_WALKED = LIMITS.controlChoices * 2;
const CHOICES_WALKED_PER_UPDATE = LIMITS.controlChoicesTotal * 2;

/** What is left of an update's walk. */
interface Walk {
  left: number;
}

/**
 * Choices of a select, flat or grouped, each valid one kept (capped in count), values unique. The walk stops at the
 * cap of choices or when its budgets run out; what it does not reach is not offered (a current value among it is
 * shown by its id, `withCurrent`).
 */
function parseChoices(raw: readonly unknown[], owner: Owner, walk: Walk): ControlChoiceView[] {
  const choices: ControlChoiceView[] = [];
  const seen = new Set<string>();
  let left = CHOICES_WALKED;
  const step = () => {
    if (left <= 0 || walk.left <= 0 || choices.length >= LIMITS.controlChoices) return false;
    left--;
    walk.left--;
    return true;
  };
  const add = (choice: Choice, group?: string) => {
    if (seen.has(choice.value)) return;
    seen.add(choice.value);
    choices.push(choiceView(choice, owner, group));
  };
  for (const entry of raw) {
    if (!step()) break;
    const choice = schemas().Choice.safeParse(entry);
    if (choice.success) {
      add(choice.data);
      continue;
    }
    const group = schemas().Group.safeParse(entry);
    if (!group.success) continue;
    const name = oneLine(group.data.name, LIMITS.optionNameChars);
    for (const inner of group.data.options) {
      if (!step()) break;
      const parsed = schemas().Choice.safeParse(inner);
      if (parsed.success) add(parsed.data, name);
    }
  }
  return choices;
}

/**
 * One config option of either version (v1 `id`, v2 `configId`); undefined when malformed, of an unknown type or of
 * an id `taken` already (the first one of an id is the one kept, the others are not walked).
 */
function parseConfigOption(
  raw: unknown,
  taken: ReadonlySet<string>,
  walk: Walk,
): SessionControlView | undefined {
  const parsed = schemas().Option.safeParse(raw);
  if (!parsed.success) return undefined;
  const option = parsed.data;
  const rawId = (raw as { configId?: unknown; id?: unknown }).configId ?? (raw as { id?: unknown }).id;
  const configId = schemas().id.safeParse(rawId);
  if (!configId.success || taken.has(configId.data)) return undefined;
  const category = capLabel(option.category ?? "other", 50) || "other";
  const common = {
    id: configId.data,
    via: "config" as const,
    category,
    name: oneLine(option.name || configId.data, LIMITS.optionNameChars),
    ...(option.description
      ? { description: capLabel(option.description, LIMITS.controlDescriptionChars) }
      : {}),
  };
  if (option.type === "boolean") {
    if (typeof option.currentValue !== "boolean") return undefined;
    return { ...common, kind: "boolean", value: option.currentValue };
  }
  const current = schemas().id.safeParse(option.currentValue);
  if (option.type !== "select" || !current.success) return undefined;
  const choices = withCurrent(parseChoices(option.options ?? [], common, walk), current.data, common);
  return { ...common, kind: "select", value: current.data, choices };
}

/**
 * The choices with the current value among them: one the agent did not list (the spec says it must) is shown by its
 * id, as the last choice within the cap, so the control names the value the agent reports, never another one.
 */
function withCurrent(choices: ControlChoiceView[], current: string, owner: Owner): ControlChoiceView[] {
  if (choices.some((choice) => choice.value === current)) return choices;
  return [
    ...choices.slice(0, LIMITS.controlChoices - 1),
    choiceView({ value: current, name: current }, owner),
  ];
}

/** v1 `modes` (`SessionModeState`) as a select control set through `session/set_mode`. */
function parseModes(raw: unknown): SessionControlView | undefined {
  const parsed = schemas().ModeState.safeParse(raw);
  if (!parsed.success) return undefined;
  // Bounded as `parseChoices` bounds its list: half a million modes fit in one message.
  const listed = parseChoices(
    parsed.data.availableModes.slice(0, CHOICES_WALKED).flatMap((entry) => {
      const mode = schemas().Mode.safeParse(entry);
      return mode.success
        ? [{ value: mode.data.id, name: mode.data.name, description: mode.data.description }]
        : [];
    }),
    MODE_OWNER,
    { left: CHOICES_WALKED },
  );
  const choices = withCurrent(listed, parsed.data.currentModeId, MODE_OWNER);
  return {
    id: "mode",
    via: "mode",
    kind: "select",
    category: "mode",
    name: "Mode",
    value: parsed.data.currentModeId,
    choices,
  };
}

function parseConfigOptions(raw: unknown): SessionControlView[] {
  if (!Array.isArray(raw)) return [];
  const controls: SessionControlView[] = [];
  const seen = new Set<string>();
  let choicesLeft = LIMITS.controlChoicesTotal;
  const walk: Walk = { left: CHOICES_WALKED_PER_UPDATE };
  for (const entry of raw.slice(0, LIMITS.controlsPerSession * 2)) {
    if (controls.length >= LIMITS.controlsPerSession) break;
    const control = parseConfigOption(entry, seen, walk);
    if (!control) continue;
    // A select whose values no longer fit the session's total is left out whole (its current value must be listed).
    if (control.kind === "select" && control.choices.length > choicesLeft) continue;
    if (control.kind === "select") choicesLeft -= control.choices.length;
    seen.add(control.id);
    controls.push(control);
  }
  return controls;
}

// -------------------------------------------------------------------------------------------------------------
// The state of one session's controls.
// -------------------------------------------------------------------------------------------------------------

/** The order the header shows categories in; any other category comes after, as a generic select or checkbox. */
const CATEGORY_ORDER = ["mode", "model", "thought_level", "model_config"];
/** How far a level lets the agent go without asking. */
const LEVEL_RANK: Record<UnattendedLevel | "none", number> = { none: 0, reviewer: 1, full: 2 };
const higher = (a: UnattendedLevel | undefined, b: UnattendedLevel | undefined) =>
  LEVEL_RANK[a ?? "none"] >= LEVEL_RANK[b ?? "none"] ? a : b;
/** Values no longer offered whose levels are still remembered (`SessionControls.forgetStale`). */
const FORGOTTEN_AFTER = LIMITS.controlChoicesTotal;

/** Whether `level` lets the agent do no more without asking than `most` (undefined: it asks). */
export const levelWithin = (level: UnattendedLevel | undefined, most: UnattendedLevel | undefined) =>
  LEVEL_RANK[level ?? "none"] <= LEVEL_RANK[most ?? "none"];

export class SessionControls {
  /** v1 `modes`, kept only while no config option of category `mode` says the same (the spec prefers those). */
  private modes: SessionControlView | undefined;
  private options: SessionControlView[] = [];
  /** Control ids with a change on its way to the agent. */
  private readonly busy = new Set<string>();
  /**
   * Values seen to act without asking in this session, by `levelKey`: a value is the same mode whatever the agent
   * names it later, so a rename to "Default" does not take the marker and the confirmation away. In the order they
   * were last offered. Every value offered now is kept (the caps bound them) and every one the person confirmed; of
   * the others, the ones offered longest ago are forgotten past `FORGOTTEN_AFTER` (`forgetStale`).
   */
  private readonly unattendedValues = new Map<string, UnattendedLevel>();
  /** Values (`levelKey`) the person or their settings confirmed acting without asking for, the latest ones. */
  private readonly confirmedValues = new Set<string>();
  /** The choice `setCurrentMode` added to a mode control for a mode the agent did not list (one at a time). */
  private readonly unlisted = new WeakMap<SessionControlView, ControlChoiceView>();

  /** A `session/new` (or load) response of either version. */
  applySetup(response: { modes?: unknown; configOptions?: unknown }): void {
    this.modes = parseModes(response.modes);
    this.options = parseConfigOptions(response.configOptions);
    this.markUnattended();
  }

  /** `config_option_update` and the response to `session/set_config_option`: the full list, replacing the old one. */
  replaceOptions(raw: unknown): void {
    this.options = parseConfigOptions(raw);
    this.markUnattended();
  }

  private markUnattended(): void {
    const offered = new Set<string>();
    // A value keeps the most it was ever seen to let the agent do: renamed "Auto review" -> "YOLO", it is full.
    const remember = (key: string, level: UnattendedLevel | undefined) => {
      offered.add(key);
      const known = this.unattendedValues.get(key);
      const most = higher(known, level);
      if (most === undefined) return undefined;
      this.unattendedValues.delete(key); // offered now: the last to be forgotten
      this.unattendedValues.set(key, most);
      return most;
    };
    for (const control of [this.modes, ...this.options]) {
      if (control?.kind === "boolean") remember(levelKey(control, true), unattendedChoice(control, true));
      else if (control)
        for (const choice of control.choices) {
          const level = remember(levelKey(control, choice.value), choice.unattended);
          if (level) choice.unattended = level;
        }
    }
    this.forgetStale(offered);
  }

  /**
   * Bounds the memory of levels without letting an agent push a value out of it with filler values: values offered
   * now (the current ones among them) and confirmed ones are kept; of the values no longer offered, the ones offered
   * longest ago go first, past `FORGOTTEN_AFTER` of them.
   */
  private forgetStale(offered: ReadonlySet<string>): void {
    const kept = (key: string) => offered.has(key) || this.confirmedValues.has(key);
    let stale = 0;
    for (const key of this.unattendedValues.keys()) if (!kept(key)) stale++;
    for (const key of this.unattendedValues.keys()) {
      if (stale <= FORGOTTEN_AFTER) break;
      if (kept(key)) continue;
      this.unattendedValues.delete(key);
      stale--;
    }
  }

  /**
   * The person (or their settings) confirmed setting a control to a value that acts without asking: its level is
   * remembered, offered or not, while it is among the latest `LIMITS.controlChoices` values confirmed.
   */
  confirmed(controlId: string, value: string | boolean): void {
    const control = this.find(controlId);
    if (!control) return;
    const key = levelKey(control, value);
    const level = this.levelOf(control, value);
    if (level) this.unattendedValues.set(key, higher(this.unattendedValues.get(key), level)!);
    this.confirmedValues.delete(key);
    this.confirmedValues.add(key);
    // Each one took the person's yes; bounded all the same, the oldest yes first.
    for (const old of this.confirmedValues) {
      if (this.confirmedValues.size <= LIMITS.controlChoices) break;
      this.confirmedValues.delete(old);
    }
  }

  /** What a mode lets the agent do: the most it was seen to, or its id and name say now. */
  modeLevel(modeId: string): UnattendedLevel | undefined {
    return higher(this.unattendedValues.get(modeId), unattendedLevel(modeId, this.modeName(modeId)));
  }

  /** What setting a control to `value` lets the agent do: the most it was seen to, or `unattendedChoice` reads now. */
  choiceLevel(controlId: string, value: string | boolean): UnattendedLevel | undefined {
    const control = this.find(controlId);
    return control && this.levelOf(control, value);
  }

  private levelOf(control: SessionControlView, value: string | boolean): UnattendedLevel | undefined {
    const choice = control.kind === "select" ? control.choices.find((c) => c.value === value) : undefined;
    return higher(
      this.unattendedValues.get(levelKey(control, value)),
      unattendedChoice(control, value, choice?.name),
    );
  }

  /**
   * `current_mode_update` (v1): the mode changed; a mode config option of the same mode follows it too. A mode the
   * agent did not list is shown by its id while it is the current one (`withCurrent`), not ignored: the picker would
   * go on naming the mode the agent left.
   */
  setCurrentMode(modeId: unknown): boolean {
    const parsed = schemas().id.safeParse(modeId);
    if (!parsed.success) return false;
    let changed = false;
    for (const control of [this.modes, this.modeOption()]) {
      if (control?.kind !== "select") continue;
      if (control.value !== parsed.data) changed = true;
      const unlisted = this.unlisted.get(control);
      const listed = unlisted ? control.choices.filter((choice) => choice !== unlisted) : control.choices;
      control.choices = withCurrent(listed, parsed.data, MODE_OWNER);
      const added = control.choices.find(
        (choice) => choice.value === parsed.data && !listed.includes(choice),
      );
      if (added) this.unlisted.set(control, added);
      else this.unlisted.delete(control);
      control.value = parsed.data;
    }
    this.markUnattended();
    return changed;
  }

  /** Shown in the header: the mode first, then model, thought level, switches, anything else. */
  list(): SessionControlView[] {
    const modeOption = this.modeOption();
    const all = [...(modeOption || !this.modes ? [] : [this.modes]), ...this.options];
    const rank = (c: SessionControlView) => {
      const i = CATEGORY_ORDER.indexOf(c.category);
      return i < 0 ? CATEGORY_ORDER.length : i;
    };
    // Ids are how a pick finds its control: a config option named as v1 modes are ("mode") is left out, or a pick in
    // one picker would be sent as the other's.
    const ids = new Set<string>();
    return all
      .filter((control) => !ids.has(control.id) && ids.add(control.id))
      .map((control, i) => [control, i] as const)
      .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1])
      .map(([c]) => c);
  }

  find(controlId: string): SessionControlView | undefined {
    return this.list().find((control) => control.id === controlId);
  }

  /** The mode control shown (a `mode` config option, else v1 modes). */
  mode(): SessionControlView | undefined {
    return this.modeOption() ?? this.modes;
  }

  /** Ids of the modes offered, for recognising permission options that switch the mode. */
  modeIds(): string[] {
    const mode = this.mode();
    return mode?.kind === "select" ? mode.choices.map((choice) => choice.value) : [];
  }

  /** The name the agent gives a mode id, or the id itself. */
  modeName(modeId: string): string {
    const mode = this.mode();
    const choice = mode?.kind === "select" ? mode.choices.find((c) => c.value === modeId) : undefined;
    return choice?.name ?? capLabel(modeId, LIMITS.optionNameChars);
  }

  /** Whether the session as set now lets the agent act without asking, and which control says so. */
  unattended(): { level: UnattendedLevel; label: string } | undefined {
    const control = this.unattendedControl();
    return control && { level: this.levelOf(control, control.value)!, label: labelOf(control) };
  }

  /**
   * The control whose value lets the agent do the most without asking, if one lets it act so: a second control that
   * goes further than the first is what the session does, not hidden behind the first one's milder level.
   */
  unattendedControl(): SessionControlView | undefined {
    const rank = (control: SessionControlView) => LEVEL_RANK[this.levelOf(control, control.value) ?? "none"];
    return this.list().reduce<SessionControlView | undefined>(
      (most, control) => (rank(control) > (most ? rank(most) : 0) ? control : most),
      undefined,
    );
  }

  setBusy(controlId: string, busy: boolean): void {
    if (busy) this.busy.add(controlId);
    else this.busy.delete(controlId);
  }

  view(): SessionControlsView | undefined {
    const items = this.list();
    if (items.length === 0) return undefined;
    const unattended = this.unattended();
    return {
      items,
      ...(unattended ? { unattended } : {}),
      ...(this.busy.size > 0 ? { busy: [...this.busy] } : {}),
    };
  }

  private modeOption(): SessionControlView | undefined {
    return this.options.find((control) => control.category === "mode" && control.kind === "select");
  }
}

/** Where a value's level is remembered: a mode by its id (v1 modes and a mode option hold the same ones). */
function levelKey(control: SessionControlView, value: string | boolean): string {
  return control.category === "mode" && typeof value === "string"
    ? value
    : `${control.id}\u0000${String(value)}`;
}

/** "Mode: Full access", "Allow All: On": what the control is set to. */
export function labelOf(control: SessionControlView): string {
  if (control.kind === "boolean") return `${control.name}: ${control.value ? "on" : "off"}`;
  const choice = control.choices.find((c) => c.value === control.value);
  return `${control.name}: ${choice?.name ?? control.value}`;
}

/** Finds the choice a setting names, by value id or (case-insensitive) by name. */
export function resolveChoice(
  control: SessionControlView,
  wanted: string | boolean,
): { value: string | boolean; name: string } | undefined {
  if (control.kind === "boolean") {
    const value =
      typeof wanted === "boolean" ? wanted : wanted === "on" ? true : wanted === "off" ? false : undefined;
    return value === undefined ? undefined : { value, name: value ? "on" : "off" };
  }
  if (typeof wanted !== "string") return undefined;
  const choice =
    control.choices.find((c) => c.value === wanted) ??
    control.choices.find((c) => c.name.toLowerCase() === wanted.toLowerCase());
  return choice && { value: choice.value, name: choice.name };
}

/**
 * Whether answering a permission request with `optionId` switches the agent to a mode that acts without asking; so
 * does a way back to a mode the option does not name (it may be such a mode).
 */
export function switchesUnattended(
  controls: SessionControls,
  optionId: string,
  request?: ModeSwitchRequest,
): boolean {
  const mode = modeOfOption(optionId, controls.modeIds(), request);
  if (mode !== undefined) return controls.modeLevel(mode) !== undefined;
  return optionId === RESTORE_PREVIOUS && request !== undefined && isModeSwitch(request);
}

/**
 * What a permission request's options do to the mode, when they switch it (leaving plan mode: a `switch_mode` tool
 * call whose options name modes): the card says "Leave plan mode and …" and names each option's mode.
 */
export function modeSwitchOf(
  controls: SessionControls,
  prompt: ModeSwitchRequest,
): ModeSwitchView | undefined {
  const modeIds = controls.modeIds();
  const options = prompt.options.flatMap((option) => {
    const mode = modeOfOption(option.optionId, modeIds, prompt);
    if (mode === undefined) return [];
    const name = controls.modeName(mode);
    const level = controls.modeLevel(mode);
    return [{ key: option.key, mode: name, ...(level ? { unattended: level } : {}) }];
  });
  if (options.length === 0 || (!isModeSwitch(prompt) && options.length < 2)) return undefined;
  const current = controls.mode();
  const leaving = current?.kind === "select" ? controls.modeName(current.value) : undefined;
  const heading = leaving ? `Leave ${leaving.toLowerCase()} mode and …` : "Switch mode and …";
  return { heading, options };
}
