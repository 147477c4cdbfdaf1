/**
 * Context a person adds to their next message (Symposium: Add to Message): a file, a folder or lines of a file, or
 * an image pasted into the message box. Pure: what the composer shows of each (`ContextChipView`), and the
 * `session/prompt` content blocks a message with context becomes. The spec's baseline is text and `resource_link`,
 * which every agent takes; an agent that advertises `embeddedContext` also gets the selected lines themselves, as the
 * editor shows them (unsaved edits included), in a `resource` block. Lines travel as a `#L<start>:<end>` fragment on
 * the file's URI, as other ACP clients send them. An image goes as an `image` block, only to an agent that
 * advertises `image`.
 */
import { LIMITS } from "../shared/limits";
import type { ContextChipView } from "../shared/protocol";
import { imageSize, type ImageType } from "./imageData";
import { randomUUID } from "./randomUUID";
import { capLabel } from "./text";

export type PromptContext = FileContext | ImageContext;

export interface FileContext {
  /** Host-made; the view names a chip by it and by nothing else. */
  readonly id: string;
  /** `file:` URI of the file or folder, without a fragment. */
  readonly uri: string;
  /** The path shown: relative to the workspace folder holding it, else absolute. */
  readonly path: string;
  readonly kind: "file" | "folder" | "lines";
  /** 1-based and inclusive, for `lines`. */
  readonly lines?: { readonly start: number; readonly end: number };
  /** The selected text, for `lines`; absent when over `MAX_CONTEXT_TEXT_CHARS` (the agent gets the link only). */
  readonly text?: string;
}

/** Pasted into the message box; checked (`checkImage`) before it is made. */
export interface ImageContext {
  readonly id: string;
  readonly kind: "image";
  /** "Pasted image 2": host-made. */
  readonly name: string;
  readonly mimeType: ImageType;
  /** Base64, as checked. */
  readonly data: string;
  readonly bytes: number;
}

/** What an agent takes in a prompt beyond text and links (`AgentConnection`). */
export interface PromptCapabilities {
  readonly embeddedContext: boolean;
  readonly image: boolean;
}

/** Items one message may carry: more than a person adds by hand; a bound on what a message can grow to. */
export const MAX_CONTEXT_ITEMS = LIMITS.intent.contextItems;
/** A selection over this is sent as a link to its lines, not as text (a message stays a message). */
export const MAX_CONTEXT_TEXT_CHARS = 100_000;
/** Images one message may carry, in bytes together: what one session holds waiting for its next message. */
export const MAX_CONTEXT_IMAGE_BYTES = 20 * 1024 * 1024;

const WINDOWS = process.platform === "win32";

/** `name` or `name:3-7`, the chip's text. */
export function contextLabel(context: PromptContext): string {
  if (context.kind === "image") return context.name;
  // A shown path has `/` between names; only Windows' own paths (outside the workspace) have `\`, which elsewhere is a
  // letter of a file's name ("docs\README.md" is one file on Linux, not README.md).
  const name =
    context.path
      .split(WINDOWS ? /[\\/]/ : "/")
      .filter(Boolean)
      .at(-1) ?? context.path;
  const lines = context.lines;
  const where = !lines ? "" : lines.start === lines.end ? `:${lines.start}` : `:${lines.start}-${lines.end}`;
  return capLabel(`${name}${context.kind === "folder" ? "/" : ""}${where}`, 200);
}

export function contextChip(context: PromptContext): ContextChipView {
  if (context.kind === "image") {
    const type = context.mimeType.slice("image/".length).toUpperCase();
    return {
      id: context.id,
      label: context.name,
      detail: `${type} image, ${imageSize(context.bytes)}`,
      kind: "image",
    };
  }
  const lines = context.lines;
  const where = !lines
    ? ""
    : lines.start === lines.end
      ? `, line ${lines.start}`
      : `, lines ${lines.start}-${lines.end}`;
  return {
    id: context.id,
    label: contextLabel(context),
    detail: capLabel(`${context.path}${where}`, 4_200),
    kind: context.kind,
  };
}

/** The URI an agent is given: the file's, with its lines as a fragment. */
export function contextUri(context: FileContext): string {
  const lines = context.lines;
  return lines ? `${context.uri}#L${lines.start}:${lines.end}` : context.uri;
}

/**
 * The `session/prompt` content: the person's text first, then one block per item of context, in the order added.
 * Images go only to an agent that takes them (`imagesLeftOut` names those that did not).
 */
export function promptBlocks(
  text: string,
  context: readonly PromptContext[],
  takes: PromptCapabilities,
): Record<string, unknown>[] {
  return [
    { type: "text", text },
    ...context.flatMap((item): Record<string, unknown>[] => {
      if (item.kind === "image")
        return takes.image ? [{ type: "image", mimeType: item.mimeType, data: item.data }] : [];
      return takes.embeddedContext && item.text !== undefined
        ? [{ type: "resource", resource: { uri: contextUri(item), text: item.text } }]
        : [{ type: "resource_link", uri: contextUri(item), name: contextLabel(item) }];
    }),
  ];
}

/** The names of a message's images that an agent that does not take images is not sent. */
export function imagesLeftOut(context: readonly PromptContext[], takes: PromptCapabilities): string[] {
  return takes.image ? [] : context.flatMap((item) => (item.kind === "image" ? [item.name] : []));
}

/** "Textual does not take images: Pasted image 1 was not sent." */
export function imagesNotTaken(agentName: string, names: readonly string[], what: string): string {
  return `${agentName} does not take images: ${names.join(", ")} ${names.length === 1 ? "was" : "were"} ${what}.`;
}

/** What the person added to their next message and has not sent yet: in the order added, each file or lines once. */
export class PendingContext {
  private items: PromptContext[] = [];

  /**
   * Adds what is not there yet, up to `MAX_CONTEXT_ITEMS` (and `MAX_CONTEXT_IMAGE_BYTES` of images); how many were
   * added, and whether the message is full (an item was left out for want of room).
   */
  add(items: readonly PromptContext[]): { added: number; full: boolean } {
    let added = 0;
    let full = false;
    let imageBytes = this.imageBytes();
    for (const item of items) {
      if (this.items.some((pending) => sameContext(pending, item))) continue;
      const bytes = item.kind === "image" ? item.bytes : 0;
      if (this.items.length >= MAX_CONTEXT_ITEMS || imageBytes + bytes > MAX_CONTEXT_IMAGE_BYTES) {
        full = true;
        continue;
      }
      this.items.push(item);
      imageBytes += bytes;
      added++;
    }
    return { added, full: full || this.items.length >= MAX_CONTEXT_ITEMS };
  }

  /**
   * Context of a message not sent (taken back to edit, or back after Stop), for the next one: under new ids, as the view
   * hides for good the chips of ids it saw sent. What has no room is left out, and counted.
   */
  giveBack(items: readonly PromptContext[]): { leftOut: number } {
    this.add(items.map((item) => ({ ...item, id: randomUUID() })));
    return { leftOut: items.filter((item) => !this.items.some((held) => sameContext(held, item))).length };
  }

  /** True when it was there. */
  remove(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((item) => item.id !== id);
    return this.items.length !== before;
  }

  /** Takes out the items named (those the composer showed), for a message; ids not held add nothing. */
  take(ids: readonly string[]): PromptContext[] {
    const taken = this.items.filter((item) => ids.includes(item.id));
    this.items = this.items.filter((item) => !ids.includes(item.id));
    return taken;
  }

  /** Takes out every image (for an agent found not to take them). */
  takeImages(): ImageContext[] {
    const images = this.items.filter((item) => item.kind === "image");
    this.items = this.items.filter((item) => item.kind !== "image");
    return images;
  }

  chips(): ContextChipView[] {
    return this.items.map(contextChip);
  }

  private imageBytes(): number {
    return this.items.reduce((sum, item) => sum + (item.kind === "image" ? item.bytes : 0), 0);
  }
}

/** The same file, folder or lines; the same image (pasted twice). */
function sameContext(a: PromptContext, b: PromptContext): boolean {
  if (a.kind === "image" || b.kind === "image")
    return a.kind === "image" && b.kind === "image" && a.data === b.data;
  return a.uri === b.uri && a.lines?.start === b.lines?.start && a.lines?.end === b.lines?.end;
}
