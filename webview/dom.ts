/**
 * Small DOM builders. Every string goes in through `textContent` or a fixed set of safe attributes: nothing here
 * parses HTML, so agent text can never become markup.
 */
import { registerSpinner } from "./spinner";
import { appendText } from "./text";

export type Child = Node | string | null | undefined | false;

/** Attributes we allow to carry dynamic values. No `href`, `src`, `style`, `on*`, `srcdoc`, `action`. */
export type SafeAttribute =
  | "class"
  | "id"
  | "title"
  | "role"
  | "tabindex"
  | "hidden"
  | "lang"
  | "start"
  | "open"
  | "label"
  | "placeholder"
  | "value"
  | "icon"
  | "secondary"
  | "selected"
  | "data-key"
  | "data-id"
  | `aria-${string}`;

export type Attributes = Partial<Record<SafeAttribute, string | number | boolean | undefined>>;

/** Creates an element with safe attributes and text or node children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  append(element, ...children);
  return element;
}

/** Creates a custom element (vscode-elements) the same way. */
export function custom(
  tag: `vscode-${string}`,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  append(element, ...children);
  return element;
}

function setAttributes(element: Element, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    // `className` is markedly cheaper than `setAttribute("class")` when building a thousand cards.
    if (name === "class") element.className = String(value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (typeof child === "string") appendText(parent, child);
    else parent.appendChild(child);
  }
}

/** Replaces all children of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** A decorative codicon (hidden from screen readers; the text next to it says the same). */
export function icon(name: string, extraClass = ""): HTMLSpanElement {
  const element = el("span", {
    class: `codicon codicon-${name}${extraClass ? " " + extraClass : ""}`,
    "aria-hidden": "true",
  });
  if (element.classList.contains("codicon-modifier-spin")) registerSpinner(element);
  return element;
}

/** Sets `disabled` and `aria-disabled` together (vscode-button has no native disabled state for assistive tech). */
export function setEnabled(control: HTMLElement, enabled: boolean): void {
  control.toggleAttribute("disabled", !enabled);
  control.setAttribute("aria-disabled", String(!enabled));
}

/**
 * Runs `run` in a task after the next frame has been rendered (an animation-frame callback runs before its paint), of
 * background priority (`inBackground`).
 */
export function afterNextPaint(run: () => void): void {
  requestAnimationFrame(() => inBackground(run));
}

/**
 * Runs `work` in a task of background priority where the browser has one: after every task already queued (input, a
 * message, what reports a frame rendered), not ahead of them. Work put off until after a new card's frame (focus,
 * the live region, a long diff's later lines) ran there as plain timers, right after that frame and before anything
 * else on the main thread the workbench shares: 1.2 ms a card in a trace of the replay lab.
 */
export function inBackground(work: () => void): void {
  if (typeof scheduler !== "undefined" && typeof scheduler.postTask === "function")
    void scheduler.postTask(work, { priority: "background" });
  else setTimeout(work, 0);
}

/**
 * Focuses `target` in a part of a card that just opened (the reason field, the rule editor, the Bypass confirmation)
 * and brings all of `opened` into view: focus alone scrolls no further than the caret when the part starts inside the
 * view, which left its buttons below the edge of a scrolling list.
 */
export function focusOpened(target: HTMLElement, opened: HTMLElement): void {
  target.focus({ preventScroll: true });
  opened.scrollIntoView({ block: "nearest" });
}

/** True when the user has something focused in the page (we must not move focus away from it). */
export function userHasFocus(): boolean {
  const active = document.activeElement;
  return active !== null && active !== document.body && active !== document.documentElement;
}

/** Whether `element` takes typed text (a text field or area, or an editable element). */
export function isTextEntry(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement)
    return !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file", "image"].includes(
      element.type,
    );
  return element instanceof HTMLElement && element.isContentEditable;
}

/** A native `<button type="button">` (cheap enough for a thousand cards, and natively focusable and labelled). */
export function button(className: string, ...children: Child[]): HTMLButtonElement {
  const element = el("button", { class: className }, ...children);
  element.type = "button";
  return element;
}

/**
 * Takes a mouse's click (its `detail` counts the presses; a key's click has 0) before it reaches what `root` holds,
 * while `guarded` says so of what it landed on: something moved under the pointer, and the click was meant for what
 * was there before. Keys go on: focus stays where the person put it.
 */
export function ignoreMouseClicks(root: HTMLElement, guarded: (target: Element) => unknown): void {
  root.addEventListener(
    "click",
    (event) => {
      if (event.detail > 0 && guarded(event.target as Element)) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    true,
  );
}
