/**
 * The agent's own controls for the shown session, in the composer beside Send and Stop, as chat views place them:
 * the first control (the agent's mode picker, which decides what it asks about) in the row, and a "Session options"
 * button that names the other values (model, thought level, switches, any other option) and opens them, labelled,
 * above the message box. A narrow side bar keeps its height for the transcript and the cards: Codex's five controls
 * took five rows above the transcript. Native `<select>` and checkbox, each named by a `<label>` (the row's one
 * visually hidden), so they are keyboard-operable and named for screen readers as they are (vscode-elements'
 * single-select would take the bundle past its budget; see header.ts).
 *
 * The host is the authority: a change posts `setControl` and the control shows the host's value again with the next
 * header, so a change the agent refused (or the person did not confirm) goes back by itself, and is announced.
 * A mode in which the agent acts without asking shows the same loud marker as Bypass.
 */
import type {
  ControlChoiceView,
  FromWebviewMessage,
  PromptView,
  SessionControlView,
  SessionHeader,
} from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { button, el, icon } from "../dom";
import { visibleText } from "../hiddenCharacters";
import { appendVisible } from "../text";

export interface SessionControlsHost {
  post(message: Extract<FromWebviewMessage, { type: "setControl" }>): void;
  announce(text: string): void;
}

interface Mounted {
  control: SessionControlView;
  input: HTMLSelectElement | HTMLInputElement;
}

export class SessionControlsBar {
  /** The row: the first control, the options button and the marker (in the composer's bar, beside Send). */
  readonly root = el("div", {
    class: "session-controls",
    role: "group",
    "aria-label": "Agent mode and options",
    hidden: true,
  });
  /** The other controls, labelled, while opened (above the message box). */
  readonly panel = el("div", {
    class: "session-options",
    id: "session-options",
    role: "group",
    "aria-label": "Session options",
    hidden: true,
  });
  private readonly toggle = button("session-options-toggle", icon("settings"));
  private readonly toggleName = el("span", { class: "sr-only" });
  private readonly summary = el("span", { class: "session-options-summary" });
  private opened = false;
  private readonly marker = el("span", { class: "bypass-badge unattended-badge", hidden: true });
  private readonly mounted = new Map<string, Mounted>();
  private sessionKey: string | undefined;
  /** Structure of what is built (ids, kinds, choices): rebuilt only when it changes, so focus stays put. */
  private shape = "";
  /** Values the person asked for, by control id, until the host's answer comes back. */
  private readonly requested = new Map<string, string | boolean>();

  constructor(private readonly host: SessionControlsHost) {
    this.toggle.append(this.toggleName, this.summary);
    this.toggle.setAttribute("aria-controls", this.panel.id);
    this.toggle.setAttribute("aria-expanded", "false");
    this.toggle.addEventListener("click", () => this.setOpened(!this.opened));
    this.panel.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || event.isComposing) return;
      event.preventDefault();
      this.setOpened(false);
      this.toggle.focus();
    });
  }

  private setOpened(opened: boolean): void {
    this.opened = opened;
    this.toggle.setAttribute("aria-expanded", String(opened));
    this.panel.hidden = !opened || this.panel.childElementCount === 0;
  }

  /** The shown session's header (undefined: no session shown). */
  show(header: SessionHeader | undefined): void {
    const controls = header?.controls;
    if (header?.key !== this.sessionKey) {
      this.sessionKey = header?.key;
      this.requested.clear();
      this.shape = "";
    }
    const items = controls?.items.slice(0, LIMITS.controlsPerSession) ?? [];
    this.root.hidden = items.length === 0;
    // An ended session's agent is gone: its last values stay readable, and nothing can be changed.
    const ended = header?.status === "ended" || header?.status === "error";
    const shape = JSON.stringify(items.map(shapeOf));
    if (shape !== this.shape) this.build(items);
    else this.sync(items, new Set(controls?.busy ?? []));
    for (const { input } of this.mounted.values()) input.disabled = ended;
    const unattended = controls?.unattended;
    this.marker.hidden = !unattended;
    if (unattended) {
      const what = unattended.level === "full" ? "Acts without asking" : "A model approves";
      this.marker.replaceChildren(icon("warning"), ` ${what}`);
      this.marker.title = `${visibleText(unattended.label)}: ${
        unattended.level === "full"
          ? "the agent runs commands and changes files without asking you"
          : "a model approves the agent's actions instead of you"
      }`;
    }
  }

  private build(items: readonly SessionControlView[]): void {
    this.shape = JSON.stringify(items.map(shapeOf));
    this.mounted.clear();
    const fields = items.map((control, index) => {
      const inputId = `session-control-${index}`;
      // The row's select shows its value alone (a mode names itself); its label still names it for screen readers.
      const inRow = index === 0 && control.kind === "select";
      const label = el("label", { class: inRow ? "sr-only" : "toolbar-label" });
      label.textContent = visibleText(control.name);
      label.htmlFor = inputId;
      const input =
        control.kind === "select" ? this.select(control, inputId) : this.checkbox(control, inputId);
      // Tooltips show the agent's words as the labels do: an override in a description would reorder it.
      if (control.description) input.title = visibleText(control.description);
      if (inRow)
        input.title = visibleText(
          control.description ? `${control.name}: ${control.description}` : control.name,
        );
      this.mounted.set(control.id, { control, input });
      return el(
        "span",
        { class: `session-control session-control-${control.kind}` },
        ...(control.kind === "boolean" ? [input, label] : [label, input]),
      );
    });
    const [first, ...rest] = fields;
    this.panel.replaceChildren(...rest);
    this.toggle.hidden = rest.length === 0;
    this.root.replaceChildren(...(first ? [first] : []), this.toggle, this.marker);
    this.setOpened(this.opened && rest.length > 0);
    this.sync(items, new Set());
  }

  /** The options button names what the opened panel would show: "5.5 · Medium · Fast mode". */
  private summarize(items: readonly SessionControlView[]): void {
    const others = items.slice(1);
    const shown = others.flatMap((control) =>
      control.kind === "boolean" ? (control.value ? [visibleText(control.name)] : []) : [valueName(control)],
    );
    this.summary.textContent = shown.join(" · ");
    this.toggleName.textContent = shown.length > 0 ? "Session options, " : "Session options";
    // The name holds the visible text (as a spoken name must); the title spells each value out.
    const spelled = others.map((control) => `${visibleText(control.name)} ${valueName(control)}`).join(", ");
    this.toggle.title = `Session options: ${spelled}`;
  }

  private select(
    control: Extract<SessionControlView, { kind: "select" }>,
    inputId: string,
  ): HTMLSelectElement {
    const select = el("select", { class: "session-control-select", id: inputId });
    let group: HTMLOptGroupElement | undefined;
    for (const choice of control.choices.slice(0, LIMITS.controlChoices)) {
      const option = el("option", {});
      option.value = choice.value;
      option.textContent = choiceLabel(choice);
      if (choice.description) option.title = visibleText(choice.description);
      if (choice.group !== undefined) {
        const groupLabel = visibleText(choice.group);
        if (group?.label !== groupLabel) {
          group = el("optgroup", {});
          group.label = groupLabel;
          select.appendChild(group);
        }
        group.appendChild(option);
      } else {
        group = undefined;
        select.appendChild(option);
      }
    }
    select.addEventListener("change", () => this.request(control.id, select.value));
    return select;
  }

  private checkbox(control: SessionControlView, inputId: string): HTMLInputElement {
    const box = el("input", { class: "session-control-checkbox", id: inputId });
    box.type = "checkbox";
    box.addEventListener("change", () => this.request(control.id, box.checked));
    return box;
  }

  private request(controlId: string, value: string | boolean): void {
    const sessionKey = this.sessionKey;
    if (sessionKey === undefined) return;
    this.requested.set(controlId, value);
    this.host.post({ type: "setControl", sessionKey, controlId, value });
  }

  /** Shows the host's values; announces a change, and a requested change that did not happen. */
  private sync(items: readonly SessionControlView[], busy: ReadonlySet<string>): void {
    const spoken: string[] = [];
    for (const control of items) {
      const mounted = this.mounted.get(control.id);
      if (!mounted) continue;
      const before = mounted.control.value;
      mounted.control = control;
      const input = mounted.input;
      input.setAttribute("aria-busy", String(busy.has(control.id)));
      if (busy.has(control.id)) continue; // keep showing what the person picked until the agent answers
      if (input instanceof HTMLSelectElement && typeof control.value === "string")
        input.value = control.value;
      else if (input instanceof HTMLInputElement && typeof control.value === "boolean")
        input.checked = control.value;
      const asked = this.requested.get(control.id);
      this.requested.delete(control.id);
      if (asked !== undefined && asked !== control.value)
        spoken.push(`${control.name} was not changed; it stays ${valueName(control)}`);
      else if (before !== control.value || asked !== undefined)
        spoken.push(`${control.name}: ${valueName(control)}`);
    }
    this.summarize(items);
    if (spoken.length > 0) this.host.announce(spoken.join(". "));
  }
}

function shapeOf(control: SessionControlView): unknown {
  return control.kind === "select"
    ? [control.id, control.kind, control.name, control.choices.map((c) => [c.value, c.name, c.unattended])]
    : [control.id, control.kind, control.name];
}

/** A value as the picker names it: an override in the agent's name would reorder the warning after it. */
function choiceLabel(choice: ControlChoiceView): string {
  const name = visibleText(choice.name);
  if (!choice.unattended) return name;
  return `${name} (${choice.unattended === "full" ? "acts without asking" : "a model approves"})`;
}

function valueName(control: SessionControlView): string {
  if (control.kind === "boolean") return control.value ? "on" : "off";
  return visibleText(control.choices.find((choice) => choice.value === control.value)?.name ?? control.value);
}

/** On a card whose options switch the agent's mode: "Leave plan mode and …", and the mode each option picks. */
export function modeSwitchNote(prompt: PromptView): HTMLElement | null {
  const modeSwitch = prompt.modeSwitch;
  if (!modeSwitch) return null;
  const names = new Map(prompt.options.map((option) => [option.key, option.name]));
  const list = el("ul", { class: "mode-switch-options" });
  for (const option of modeSwitch.options.slice(0, LIMITS.optionsPerRequest)) {
    // The agent's names, their hidden characters shown as on the option's button: an override in one would reorder
    // the words after it, the warning that the mode acts without asking included.
    const item = el("li", {});
    appendVisible(item, `${names.get(option.key) ?? ""} → ${option.mode}`);
    if (option.unattended)
      item.append(
        " ",
        el(
          "span",
          { class: "bypass-badge" },
          icon("warning"),
          option.unattended === "full" ? " acts without asking" : " a model approves",
        ),
      );
    list.appendChild(item);
  }
  const heading = el("p", { class: "mode-switch-heading" }, icon("arrow-swap"), " ");
  appendVisible(heading, modeSwitch.heading);
  return el("div", { class: "mode-switch" }, heading, list);
}
