/**
 * Up and Down in the message box through the messages the person sent earlier in the session, as a shell's history:
 * Up from an empty box shows the last one, Up again the one before; Down goes forward, and past the last back to an
 * empty box. A message shown this way and then edited is the person's draft: Up and Down move the caret in it again.
 */
export class MessageRecall {
  /** The message shown, by its place in the list it came from. */
  private shown: { index: number; text: string } | undefined;

  /** Up: the text to show, or undefined when Up is not for recall (the box holds something else). */
  older(value: string, sent: readonly string[]): string | undefined {
    const index = this.showing(value)
      ? Math.max(0, this.shown!.index - 1)
      : value === "" && sent.length > 0
        ? sent.length - 1
        : undefined;
    return index === undefined ? undefined : this.show(index, sent);
  }

  /** Down: the text to show ("" past the last one), or undefined when Down is not for recall. */
  newer(value: string, sent: readonly string[]): string | undefined {
    if (!this.showing(value)) return undefined;
    const index = this.shown!.index + 1;
    if (index < sent.length) return this.show(index, sent);
    this.shown = undefined;
    return "";
  }

  /** Where the shown message is in the list it came from, 1-based. */
  position(): number | undefined {
    return this.shown && this.shown.index + 1;
  }

  reset(): void {
    this.shown = undefined;
  }

  /** The box still holds the message recall put there, unedited. */
  private showing(value: string): boolean {
    return this.shown !== undefined && value === this.shown.text;
  }

  private show(index: number, sent: readonly string[]): string | undefined {
    const text = sent[index];
    if (text === undefined) return undefined;
    this.shown = { index, text };
    return text;
  }
}
