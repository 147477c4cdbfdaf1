/**
 * The message box with Send and Stop. Enter sends, Shift+Enter adds a newline. Drafts are kept per session.
 * Send works when the session is ready for a prompt, or still starting (the host queues the message and shows it in
 * the transcript); the text is cleared only then. Stop works while the agent is working or waiting for an approval,
 * and while the host holds queued messages for the session (`SessionHeader.queued`; Stop drops them).
 * Typing `/` at the start opens the agent's slash commands (`SlashCommandList`); a chosen command is sent as the text
 * `/name input`, which is how agents take them. The agent's mode and options for the session sit in the bar beside
 * Stop and Send (`SessionControlsBar`), where a chat view keeps them. What the person added to the message (files,
 * lines) shows above the box (`ContextChips`) and goes with the next message sent.
 */
import "@vscode-elements/elements/dist/vscode-button/index.js";
import "@vscode-elements/elements/dist/vscode-textarea/index.js";
import type { SessionHeader } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { button, custom, el, icon, setEnabled } from "../dom";
import { ContextChips } from "./contextChips";
import { SessionControlsBar, type SessionControlsHost } from "./sessionControls";
import { SlashCommandList } from "./slashCommands";

/** The slice of `<vscode-textarea>` we use. */
interface TextArea extends HTMLElement {
  value: string;
  /** The inner textarea's `aria-label`; a property only (no attribute) in vscode-elements 2.x. */
  label: string;
  /** The inner `<textarea>` (in the shadow root), once rendered. */
  readonly wrappedElement?: HTMLTextAreaElement;
}

export interface ComposerActions {
  /** `context`: the ids of the chips shown with the message. */
  send(sessionKey: string, text: string, context: string[]): void;
  removeContext(sessionKey: string, id: string): void;
  /** The Add files button: the host asks which files. */
  pickContext(sessionKey: string): void;
  stop(sessionKey: string): void;
  /** Says something through the view's live region. */
  announce(text: string): void;
}

export class Composer {
  readonly root: HTMLElement;
  private readonly textarea: TextArea;
  private readonly sendButton: HTMLElement;
  private readonly stopButton: HTMLElement;
  private readonly attachButton: HTMLButtonElement;
  private readonly drafts = new Map<string, string>();
  private readonly slash: SlashCommandList;
  private readonly controls: SessionControlsBar;
  private readonly context: ContextChips;
  private session: SessionHeader | undefined;

  constructor(
    private readonly actions: ComposerActions,
    controlsHost: SessionControlsHost,
  ) {
    this.textarea = custom("vscode-textarea", {
      placeholder: "Message the agent (Enter to send, Shift+Enter for a new line)",
      class: "message-box",
    }) as TextArea;
    this.textarea.label = "Message";
    // No resize grip: its built-in image is a data: URL, which the CSP (img-src cspSource only) blocks.
    this.textarea.setAttribute("rows", "3");
    this.slash = this.slashCommands(actions);
    this.textarea.addEventListener("keydown", (event) => {
      if (this.slash.handleKey(event)) {
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing && !event.altKey) {
        event.preventDefault();
        this.send();
      }
    });
    this.sendButton = custom("vscode-button", { icon: "send" }, "Send");
    this.sendButton.addEventListener("click", () => this.send());
    this.stopButton = custom("vscode-button", { icon: "debug-stop", secondary: true }, "Stop");
    this.stopButton.addEventListener("click", () => {
      if (this.session && this.canStop()) this.actions.stop(this.session.key);
    });
    this.attachButton = button("icon-button composer-attach", icon("attach"));
    this.attachButton.setAttribute("aria-label", "Add files to the message…");
    this.attachButton.title = "Add files to the message… (or Add to Message in the editor's menu)";
    this.attachButton.addEventListener("click", () => {
      if (this.session && this.canAttach()) actions.pickContext(this.session.key);
    });
    this.controls = new SessionControlsBar(controlsHost);
    this.context = new ContextChips({
      remove: (id) => {
        if (this.session) actions.removeContext(this.session.key, id);
      },
      focusAfterLast: () => this.focus(),
      announce: (text) => actions.announce(text),
    });
    this.root = el(
      "footer",
      { class: "composer" },
      this.slash.root,
      this.controls.panel,
      this.context.root,
      this.textarea,
      el(
        "div",
        { class: "composer-bar" },
        this.attachButton,
        this.controls.root,
        el("div", { class: "composer-buttons" }, this.stopButton, this.sendButton),
      ),
    );
    this.setSession(undefined);
  }

  /** Shows the composer for the active session (keeping each session's draft). */
  setSession(header: SessionHeader | undefined): void {
    if (this.session && this.session.key !== header?.key)
      this.drafts.set(this.session.key, this.textarea.value);
    const switched = this.session?.key !== header?.key;
    const previous = this.session;
    if (
      !switched &&
      header?.status === "error" &&
      previous?.status === "starting" &&
      (previous.queued ?? 0) > 0
    )
      this.actions.announce(`Your message was not sent: ${header.agentName} failed to start.`);
    this.session = header;
    this.root.hidden = header === undefined;
    this.controls.show(header);
    this.context.show(header?.context, !switched);
    if (switched) this.textarea.value = header ? (this.drafts.get(header.key) ?? "") : "";
    this.slash.setCommands(header?.commands ?? []);
    if (switched) this.slash.update();
    setEnabled(this.sendButton, this.canSend());
    setEnabled(this.attachButton, this.canAttach());
    setEnabled(this.stopButton, this.canStop());
    const ended = header?.status === "ended" || header?.status === "error";
    this.textarea.toggleAttribute("disabled", ended);
  }

  forget(sessionKey: string): void {
    this.drafts.delete(sessionKey);
  }

  focus(): void {
    this.textarea.focus();
  }

  private slashCommands(actions: ComposerActions): SlashCommandList {
    const list = new SlashCommandList({
      input: () => this.textarea.wrappedElement,
      value: () => this.textarea.value,
      setValue: (text) => {
        this.textarea.value = text;
        const inner = this.textarea.wrappedElement;
        if (!inner) return;
        inner.value = text;
        inner.setSelectionRange(text.length, text.length);
      },
      announce: (text) => actions.announce(text),
    });
    this.textarea.addEventListener("input", () => list.update());
    return list;
  }

  private canSend(): boolean {
    return this.session?.status === "ready" || this.session?.status === "starting";
  }

  /** Context can be added for the next message while a turn runs too; not to a session that has ended. */
  private canAttach(): boolean {
    const status = this.session?.status;
    return status !== undefined && status !== "ended" && status !== "error";
  }

  private canStop(): boolean {
    const session = this.session;
    if ((session?.queued ?? 0) > 0) return true;
    return session?.status === "running" || session?.status === "requires_action";
  }

  private send(): void {
    const session = this.session;
    if (!session || !this.canSend()) return;
    const text = this.textarea.value;
    if (text.trim() === "" || text.length > LIMITS.intent.promptChars) return;
    this.actions.send(session.key, text, this.context.ids);
    this.context.clear();
    // Cleared because the message was sent, or queued (it shows in the transcript, marked waiting).
    this.textarea.value = "";
    this.slash.update();
    if (session.status === "starting") {
      // The host's next header says so too (`queued`); Stop is offered at once.
      setEnabled(this.stopButton, true);
      this.actions.announce(`Message queued: waiting for ${session.agentName} to start.`);
    }
  }
}
