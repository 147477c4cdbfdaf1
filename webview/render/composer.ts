/**
 * The message box with Send and Stop. Enter sends, Shift+Enter adds a newline, Up in the empty box takes back the last
 * message waiting to be sent, or else brings back those sent earlier (Down goes forward: `messageRecall.ts`). Drafts
 * are kept per session, also across the view being hidden (`savedState.ts`).
 * Send works until the session ends: at once when it is ready for a prompt; while it starts or a turn runs, the host
 * queues the message (shown in the transcript, sent when the agent can take it). Stop works while the agent is working
 * or waiting for an approval, and while the host holds queued messages for the session (`SessionHeader.queued`; Stop
 * takes them back into the box, unsent).
 * Typing `/` at the start opens the agent's slash commands (`SlashCommandList`); a chosen command is sent as the text
 * `/name input`, which is how agents take them. Typing `@` opens the workspace's files (`MentionList`); a chosen file
 * goes with the message as the Add files button's do. The agent's mode and options for the session sit in the bar
 * beside Stop and Send (`SessionControlsBar`), where a chat view keeps them. What the person added to the message
 * (files, lines) shows above the box (`ContextChips`) and goes with the next message sent; so does an image pasted
 * into the box, for an agent that takes images (the host checks it again and names it).
 */
import "@vscode-elements/elements/dist/vscode-button/index.js";
import "@vscode-elements/elements/dist/vscode-textarea/index.js";
import type { FileMatchView, SessionHeader } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { button, custom, el, icon, setEnabled } from "../dom";
import { ContextChips } from "./contextChips";
import { MentionList } from "./fileMentions";
import { SessionControlsBar, type SessionControlsHost } from "./sessionControls";
import { SlashCommandList } from "./slashCommands";
import type { SavedState } from "../savedState";
import { MessageRecall } from "../messageRecall";

/** The slice of `<vscode-textarea>` we use. */
interface TextArea extends HTMLElement {
  value: string;
  /** The inner textarea's `aria-label`; a property only (no attribute) in vscode-elements 2.x. */
  label: string;
  /** The inner `<textarea>` (in the shadow root), once rendered. */
  readonly wrappedElement?: HTMLTextAreaElement;
  /** Settles once the element has rendered its latest properties (a Lit element renders them a microtask later). */
  readonly updateComplete: Promise<unknown>;
}

export interface ComposerActions {
  /** `context`: the ids of the chips shown with the message. */
  send(sessionKey: string, text: string, context: string[]): void;
  removeContext(sessionKey: string, id: string): void;
  /** The Add files button: the host asks which files. */
  pickContext(sessionKey: string): void;
  /** The `@` list: the workspace's files matching `query`; the host answers with `fileMatches`. */
  findFiles(sessionKey: string, query: string, seq: number): void;
  /** A file chosen in the `@` list, by the token the host offered it with. */
  addMention(sessionKey: string, token: string): void;
  /** An image pasted into the box, as base64. */
  attachImage(sessionKey: string, data: string): void;
  /** Up in the empty box: the last message waiting to be sent comes back to edit; false when none waits. */
  editLastWaiting(sessionKey: string): boolean;
  /** The messages the person sent in the session, oldest first (Up and Down bring them back). */
  sentMessages(sessionKey: string): string[];
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
  private readonly slash: SlashCommandList;
  private readonly mentions: MentionList;
  /**
   * Files chosen in the `@` list whose chips the host has not shown yet: their tokens are their chips' ids, so a
   * message sent at once takes them too.
   */
  private mentioned: string[] = [];
  private readonly controls: SessionControlsBar;
  private readonly context: ContextChips;
  /** Why a pasted image was not taken; until the person types or the session changes. */
  private readonly note: HTMLElement;
  private session: SessionHeader | undefined;
  private readonly recall = new MessageRecall();

  constructor(
    private readonly actions: ComposerActions,
    controlsHost: SessionControlsHost,
    private readonly saved: SavedState,
  ) {
    this.textarea = custom("vscode-textarea", {
      placeholder: "Message the agent (Enter to send, Shift+Enter for a new line)",
      class: "message-box",
    }) as TextArea;
    this.textarea.label = "Message";
    // No resize grip: its built-in image is a data: URL, which the CSP (img-src cspSource only) blocks.
    this.textarea.setAttribute("rows", "3");
    this.slash = this.slashCommands(actions);
    this.mentions = this.fileMentions(actions);
    this.textarea.addEventListener("keydown", (event) => {
      if (this.slash.handleKey(event) || this.mentions.handleKey(event)) {
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      const plain = !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
      if ((event.key === "ArrowUp" || event.key === "ArrowDown") && plain && this.session) {
        if (this.recallOrEdit(event.key === "ArrowUp" ? "older" : "newer", this.session.key))
          event.preventDefault();
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
      if (this.session && this.canSend()) actions.pickContext(this.session.key);
    });
    this.note = el("p", { class: "composer-note" });
    this.note.hidden = true;
    this.textarea.addEventListener("input", () => {
      this.showNote(undefined);
      this.keepDraft();
    });
    this.textarea.addEventListener("paste", (event) => {
      const data = event.clipboardData;
      // Text wins: a spreadsheet's cells or a page's text come with a picture of them.
      if (data && !data.types.includes("text/plain")) this.takeImages(data.files, event);
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
      this.mentions.root,
      this.controls.panel,
      this.context.root,
      this.note,
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
    if (switched) {
      this.recall.reset();
      this.showNote(undefined);
      this.mentions.reset();
      this.mentioned = [];
    }
    if (switched) this.textarea.value = header ? (this.saved.draft(header.key) ?? "") : "";
    this.slash.setCommands(header?.commands ?? []);
    if (switched) this.slash.update();
    setEnabled(this.sendButton, this.canSend());
    setEnabled(this.attachButton, this.canSend());
    setEnabled(this.stopButton, this.canStop());
    const ended = header?.status === "ended" || header?.status === "error";
    this.textarea.toggleAttribute("disabled", ended);
  }

  /**
   * A waiting message taken back to edit: its text goes into that session's box (after what is typed there, so no
   * draft is lost), with the cursor at its end.
   */
  takeBack(sessionKey: string, text: string): void {
    if (this.addToDraft(sessionKey, text))
      this.actions.announce("The message is back in the message box; it was not sent.");
  }

  /** Adds `text` to the session's draft, after what is typed there. Returns whether its box is the one shown. */
  addToDraft(sessionKey: string, text: string): boolean {
    const join = (draft: string) => (draft.trim() === "" ? text : `${draft}\n${text}`);
    if (this.session?.key !== sessionKey) {
      this.saved.setDraft(sessionKey, join(this.saved.draft(sessionKey) ?? ""));
      return false;
    }
    this.setText(join(this.textarea.value));
    this.slash.update();
    return true;
  }

  /**
   * Up in the empty box takes back the last message waiting to be sent, if any; otherwise Up and Down go through the
   * messages sent earlier (`MessageRecall`). True when the key was used.
   */
  private recallOrEdit(direction: "older" | "newer", sessionKey: string): boolean {
    const value = this.textarea.value;
    if (direction === "older" && value === "" && this.actions.editLastWaiting(sessionKey)) return true;
    const sent = this.actions.sentMessages(sessionKey);
    const text = direction === "older" ? this.recall.older(value, sent) : this.recall.newer(value, sent);
    if (text === undefined) return false;
    if (text === value) return true;
    this.setText(text);
    this.slash.update();
    const position = this.recall.position();
    if (position !== undefined) this.actions.announce(`Sent earlier, ${position} of ${sent.length}`);
    return true;
  }

  /** What is in the box is the shown session's draft (kept with the page's state: see savedState.ts). */
  private keepDraft(): void {
    if (this.session) this.saved.setDraft(this.session.key, this.textarea.value);
  }

  /** The composer's control that has the keyboard, if one has. */
  focusedControl(): HTMLElement | undefined {
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== this.root && this.root.contains(active)
      ? active
      : undefined;
  }

  /** Whether the Message box takes text (not in a session that failed or ended). */
  canType(): boolean {
    return this.session !== undefined && !this.textarea.hasAttribute("disabled");
  }

  focus(): void {
    this.textarea.focus();
    // Enabled in this task (a session that failed to start, tried again): its inner textarea is still disabled until
    // the element renders, and takes focus only then.
    if (document.activeElement !== this.textarea)
      void this.textarea.updateComplete.then(() => this.textarea.focus());
  }

  /** The `@` list's answer from the host, for the session it asked for. */
  showFileMatches(sessionKey: string, seq: number, matches: readonly FileMatchView[]): void {
    if (sessionKey === this.session?.key) this.mentions.showMatches(seq, matches);
  }

  /** Replaces the box's text, the caret at its end or at `caret`. */
  private setText(text: string, caret = text.length): void {
    this.textarea.value = text;
    this.keepDraft();
    const inner = this.textarea.wrappedElement;
    if (!inner) return;
    inner.value = text;
    inner.setSelectionRange(caret, caret);
  }

  private fileMentions(actions: ComposerActions): MentionList {
    const list = new MentionList({
      input: () => this.textarea.wrappedElement,
      value: () => this.textarea.value,
      caret: () => this.textarea.wrappedElement?.selectionStart ?? this.textarea.value.length,
      setText: (text, caret) => this.setText(text, caret),
      find: (query, seq) => {
        if (this.session && this.canSend()) actions.findFiles(this.session.key, query, seq);
      },
      add: (match) => {
        if (!this.session || !this.canSend()) return;
        this.mentioned.push(match.token);
        actions.addMention(this.session.key, match.token);
      },
      announce: (text) => actions.announce(text),
    });
    this.textarea.addEventListener("input", () => list.update());
    // The caret leaving a mention (arrows, a click) closes its list; coming back reopens it.
    this.textarea.addEventListener("keyup", (event) => {
      if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) list.update();
    });
    this.textarea.addEventListener("click", () => list.update());
    return list;
  }

  private slashCommands(actions: ComposerActions): SlashCommandList {
    const list = new SlashCommandList({
      input: () => this.textarea.wrappedElement,
      value: () => this.textarea.value,
      setValue: (text) => this.setText(text),
      announce: (text) => actions.announce(text),
    });
    this.textarea.addEventListener("input", () => list.update());
    return list;
  }

  /**
   * Images pasted into the box go to the host as base64, each checked first as the host will (the format by its
   * declared type here, by its bytes there; the size; whether the agent takes images), so the person hears at once
   * why one did not go. Other files are left to the box (nothing happens).
   */
  private takeImages(files: FileList, event: Event): void {
    const images = Array.from(files).filter((file) => file.type.startsWith("image/"));
    const session = this.session;
    if (images.length === 0 || !session || !this.canSend()) return;
    event.preventDefault();
    const types: readonly string[] = LIMITS.intent.imageTypes;
    const refusal =
      session.takesImages === false
        ? `${session.agentName} does not take images.`
        : images.some((file) => !types.includes(file.type))
          ? "Only PNG, JPEG, GIF and WebP images can go with a message."
          : images.some((file) => file.size > LIMITS.intent.imageBytes)
            ? `An image can go with a message up to ${LIMITS.intent.imageBytes / (1024 * 1024)} MB.`
            : undefined;
    this.showNote(refusal);
    if (refusal) {
      this.actions.announce(refusal);
      return;
    }
    for (const file of images)
      void readBase64(file).then(
        (data) => this.actions.attachImage(session.key, data),
        () => this.showNote("The image could not be read."),
      );
  }

  private showNote(text: string | undefined): void {
    if (this.note.hidden && text === undefined) return;
    this.note.replaceChildren(...(text === undefined ? [] : [icon("warning"), ` ${text}`]));
    this.note.hidden = text === undefined;
  }

  /** A message, and context for it, can be sent while the agent starts or works too; not to a session that ended. */
  private canSend(): boolean {
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
    const shown = this.context.ids;
    const mentioned = this.mentioned.filter((token) => !shown.includes(token));
    // A message holds so many items at most; the host would take no more, and refuses a longer list whole.
    this.actions.send(session.key, text, [...shown, ...mentioned].slice(0, LIMITS.intent.contextItems));
    this.context.clear(mentioned);
    this.mentioned = [];
    // Cleared because the message was sent, or queued (it shows in the transcript, marked waiting).
    this.textarea.value = "";
    this.keepDraft();
    this.slash.update();
    this.mentions.reset();
    if (session.status !== "ready") {
      // The host's next header says so too (`queued`); Stop (which drops it) is offered at once.
      setEnabled(this.stopButton, true);
      this.actions.announce(
        session.status === "starting"
          ? `Message queued: waiting for ${session.agentName} to start.`
          : `Message queued: it goes when ${session.agentName}'s turn ends.`,
      );
    }
  }
}

/** A file's bytes as base64 (the browser's own encoder: a data URL, without its `data:<type>;base64,`). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}
