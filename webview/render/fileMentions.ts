/**
 * The `@` list of the message box: the workspace's files and folders matching what is typed after `@`, asked of the host
 * as the person types (`findFiles`; a late answer to an earlier query is dropped), chosen as the `/` list's commands
 * are (`SuggestList`). A chosen file or folder goes with the next message, as a chip (the host adds it by the token it
 * offered it with), and its path replaces the `@` typed, so the message reads as the person meant it. Paths are the
 * repository's: hidden characters show as markers, in the list and in the text.
 */
import type { FileMatchView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { mentionAt, mentionPath, oneLine, withMention, type MentionAt } from "../mentionQuery";
import { el } from "../dom";
import { appendVisible } from "../text";
import { SuggestList, type SuggestListHost } from "./suggestList";

/** A folder reads as `path/`, in the list and in the message. */
function shownPath(match: FileMatchView): string {
  return match.folder ? `${match.path}/` : match.path;
}

export interface MentionListHost extends SuggestListHost {
  value(): string;
  /** Where the caret is in the message box. */
  caret(): number;
  /** Replaces the message box's text and puts the caret there. */
  setText(text: string, caret: number): void;
  /** Asks the host for the files matching `query`; the answer comes to `showMatches` with `seq`. */
  find(query: string, seq: number): void;
  /** The person chose a file: it goes with the next message. */
  add(match: FileMatchView): void;
}

export class MentionList {
  readonly root: HTMLElement;
  private readonly list: SuggestList;
  /** Says that nothing matches, instead of the list closing without a word. */
  private readonly none = el("p", { class: "mention-none", hidden: true });
  private seq = 0;
  /** The mention being typed and the query last asked for it. */
  private asked: (MentionAt & { seq: number }) | undefined;
  private shown: readonly FileMatchView[] = [];
  /** Where the mention starts that Escape closed the list for: it stays closed until the caret leaves it. */
  private dismissedAt: number | undefined;

  constructor(private readonly host: MentionListHost) {
    this.list = new SuggestList(host, {
      id: "file-mentions",
      label: "Files and folders",
      count: (count) => (count === 1 ? "1 match" : `${count} matches`),
      usage: "Up and down arrows choose, Enter or Tab adds it to your message, Escape closes.",
      choose: (index) => this.choose(index),
      dismiss: () => (this.dismissedAt = this.asked?.start),
      write: appendVisible,
    });
    this.root = el("div", { class: "file-mentions" }, this.list.root, this.none);
  }

  /** Call after every change of the message box's text or caret. */
  update(): void {
    const mention = mentionAt(this.host.value(), this.host.caret());
    if (this.dismissedAt !== undefined && mention?.start !== this.dismissedAt) this.dismissedAt = undefined;
    if (
      !mention ||
      this.dismissedAt !== undefined ||
      mention.query.length > LIMITS.intent.mentionQueryChars
    ) {
      this.reset();
      return;
    }
    if (this.asked?.start === mention.start && this.asked.query === mention.query) return;
    // The list shows the last answer until this query's comes.
    this.asked = { ...mention, seq: ++this.seq };
    this.host.find(mention.query, this.asked.seq);
  }

  /** The host's answer to a query; only the latest one counts. */
  showMatches(seq: number, matches: readonly FileMatchView[]): void {
    if (seq !== this.asked?.seq) return;
    this.shown = matches;
    if (matches.length === 0 && this.asked.query !== "") {
      this.list.close();
      const said = `No workspace file or folder matches “${oneLine(this.asked.query)}”.`;
      if (this.none.hidden) this.host.announce(said);
      this.none.hidden = false;
      this.none.textContent = said;
      return;
    }
    this.none.hidden = true;
    this.list.show(
      matches.map((match) => {
        // Hidden characters show as highlighted markers (`appendVisible`).
        const path = oneLine(match.path);
        const slash = path.lastIndexOf("/");
        return {
          key: shownPath(match),
          name: `${path.slice(slash + 1)}${match.folder ? "/" : ""}`,
          detail: slash > 0 ? path.slice(0, slash) : undefined,
          spoken: mentionPath(shownPath(match)),
        };
      }),
    );
  }

  handleKey(event: KeyboardEvent): boolean {
    if (!this.none.hidden && event.key === "Escape" && !event.isComposing) {
      this.dismissedAt = this.asked?.start;
      this.reset();
      return true;
    }
    return this.list.handleKey(event);
  }

  /** Closed, and what was asked forgotten (the text changed to no mention, or another session is shown). */
  reset(): void {
    this.asked = undefined;
    this.shown = [];
    this.list.close();
    this.none.hidden = true;
  }

  private choose(index: number): void {
    const match = this.shown[index];
    const asked = this.asked;
    if (!match || !asked) return;
    const { text, caret } = withMention(this.host.value(), asked.start, mentionPath(shownPath(match)));
    this.reset();
    this.host.setText(text, caret);
    this.host.add(match);
  }
}
