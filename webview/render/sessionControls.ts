/**
 * The agent's own controls for the shown session, under the top bar: its mode picker first, then compact controls
 * for model, thought level, switches and any other option (a generic select or checkbox). Native `<select>` and
 * checkbox, each with a visible label, so they are keyboard-operable and named for screen readers as they are
 * (vscode-elements' single-select would take the bundle past its budget; see header.ts).
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
import { el, icon } from "../dom";

export interface SessionControlsHost {
  post(message: Extract<FromWebviewMessage, { type: "setControl" }>): void;
  announce(text: string): void;
}

interface Mounted {
  control: SessionControlView;
  input: HTMLSelectElement | HTMLInputElement;
}

export class SessionControlsBar {
  readonly root = el("div", {
    class: "session-controls",
    role: "group",
    "aria-label": "Agent mode and options",
    hidden: true,
  });
  private readonly marker = el("span", { class: "bypass-badge unattended-badge", hidden: true });
  private readonly mounted = new Map<string, Mounted>();
  private sessionKey: string | undefined;
  /** Structure of what is built (ids, kinds, choices): rebuilt only when it changes, so focus stays put. */
  private shape = "";
  /** Values the person asked for, by control id, until the host's answer comes back. */
  private readonly requested = new Map<string, string | boolean>();

  constructor(private readonly host: SessionControlsHost) {}

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
    const shape = JSON.stringify(items.map(shapeOf));
    if (shape !== this.shape) this.build(items);
    else this.sync(items, new Set(controls?.busy ?? []));
    const unattended = controls?.unattended;
    this.marker.hidden = !unattended;
    if (unattended) {
      const what = unattended.level === "full" ? "Acts without asking" : "A model approves";
      this.marker.replaceChildren(icon("warning"), ` ${what}`);
      this.marker.title = `${unattended.label}: ${
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
      const label = el("label", { class: "toolbar-label" });
      label.textContent = control.name;
      label.htmlFor = inputId;
      const input =
        control.kind === "select" ? this.select(control, inputId) : this.checkbox(control, inputId);
      if (control.description) input.title = control.description;
      this.mounted.set(control.id, { control, input });
      const field = el(
        "span",
        { class: `session-control session-control-${control.kind}` },
        ...(control.kind === "boolean" ? [input, label] : [label, input]),
      );
      return field;
    });
    this.root.replaceChildren(...fields, this.marker);
    this.sync(items, new Set());
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
      if (choice.description) option.title = choice.description;
      if (choice.group !== undefined) {
        if (group?.label !== choice.group) {
          group = el("optgroup", {});
          group.label = choice.group;
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
    if (spoken.length > 0) this.host.announce(spoken.join(". "));
  }
}

function shapeOf(control: SessionControlView): unknown {
  return control.kind === "select"
    ? [control.id, control.kind, control.name, control.choices.map((c) => [c.value, c.name, c.unattended])]
    : [control.id, control.kind, control.name];
}

function choiceLabel(choice: ControlChoiceView): string {
  if (!choice.unattended) return choice.name;
  return `${choice.name} (${choice.unattended === "full" ? "acts without asking" : "a model approves"})`;
}

function valueName(control: SessionControlView): string {
  if (control.kind === "boolean") return control.value ? "on" : "off";
  return control.choices.find((choice) => choice.value === control.value)?.name ?? control.value;
}

/** On a card whose options switch the agent's mode: "Leave plan mode and …", and the mode each option picks. */
export function modeSwitchNote(prompt: PromptView): HTMLElement | null {
  const modeSwitch = prompt.modeSwitch;
  if (!modeSwitch) return null;
  const names = new Map(prompt.options.map((option) => [option.key, option.name]));
  const list = el("ul", { class: "mode-switch-options" });
  for (const option of modeSwitch.options.slice(0, LIMITS.optionsPerRequest)) {
    const item = el("li", {});
    item.textContent = `${names.get(option.key) ?? ""} → ${option.mode}`;
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
  heading.append(modeSwitch.heading);
  return el("div", { class: "mode-switch" }, heading, list);
}
