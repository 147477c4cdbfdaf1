/**
 * The messages a person sent that their session could not take yet: typed while the agent was still starting or
 * working on a turn, or behind an earlier queued message whose turn has not ended. They go out one per turn, in the
 * order they were sent (a message added `first` goes before those still waiting). Pure bookkeeping: the client
 * decides when a turn can start and what the transcript shows.
 */

import type { PromptContext } from "./promptContext";

export type QueuedState = "queued" | "sending" | "sent" | "dropped" | "failed";

export interface QueuedMessage {
  /** The transcript item id of the message (host-made). */
  readonly id: string;
  readonly text: string;
  /** What the person added to the message (files, lines), sent with it. */
  readonly context: readonly PromptContext[];
  state: QueuedState;
  /** Why it was dropped or failed, for the person. */
  reason?: string;
}

/** More than a person types while an agent starts; a bound against a flood of intents from a hostile view. */
export const MAX_QUEUED_MESSAGES = 50;

export class PromptQueue {
  /** Unsent messages in order, and failed ones until they are re-sent elsewhere or dropped. */
  private readonly entries: QueuedMessage[] = [];

  /**
   * Adds a message at the end, or `first`, before every message still waiting (one already being sent keeps its
   * place); undefined when the queue is full (the message is not taken).
   */
  add(
    id: string,
    text: string,
    context: readonly PromptContext[] = [],
    first = false,
  ): QueuedMessage | undefined {
    if (this.full) return undefined;
    const message: QueuedMessage = { id, text, context, state: "queued" };
    const at = first ? this.entries.findIndex((entry) => entry.state === "queued") : -1;
    if (at < 0) this.entries.push(message);
    else this.entries.splice(at, 0, message);
    return message;
  }

  /**
   * No room for another message: `add` would refuse it. Failed messages count: they stay (to copy or re-send) until
   * taken, so a session that cannot send would otherwise keep every message a view sends it.
   */
  get full(): boolean {
    return this.unsent().length >= MAX_QUEUED_MESSAGES;
  }

  /**
   * Adds a message carried over from another session (Try again, Send in a new session) at the end, whatever the
   * bound: the session it comes from held it under its own, and dropping it here would lose what the person wrote.
   */
  carry(id: string, text: string, context: readonly PromptContext[] = []): QueuedMessage {
    const message: QueuedMessage = { id, text, context, state: "queued" };
    this.entries.push(message);
    return message;
  }

  /** True while a message waits or is being sent: a new message must queue behind it to keep the order. */
  get busy(): boolean {
    return this.entries.some((entry) => entry.state === "queued" || entry.state === "sending");
  }

  get hasFailed(): boolean {
    return this.entries.some((entry) => entry.state === "failed");
  }

  /** Messages not yet sent, oldest first. */
  waiting(): QueuedMessage[] {
    return this.entries.filter((entry) => entry.state === "queued");
  }

  /** Messages not sent: waiting, or failed and kept to copy or re-send. */
  unsent(): QueuedMessage[] {
    return this.entries.filter((entry) => entry.state === "queued" || entry.state === "failed");
  }

  /** The oldest waiting message, marked sending; undefined while another is being sent or none waits. */
  takeNext(): QueuedMessage | undefined {
    if (this.entries.some((entry) => entry.state === "sending")) return undefined;
    const next = this.entries.find((entry) => entry.state === "queued");
    if (next) next.state = "sending";
    return next;
  }

  /** The message being sent reached the agent: it leaves the queue. */
  markSent(id: string): void {
    const index = this.entries.findIndex((entry) => entry.id === id && entry.state === "sending");
    if (index < 0) return;
    this.entries[index]!.state = "sent";
    this.entries.splice(index, 1);
  }

  /** Every waiting message is dropped (Stop, Close): they leave the queue and are returned to be shown so. */
  dropWaiting(reason: string): QueuedMessage[] {
    return this.settleWaiting("dropped", reason, true);
  }

  /** One waiting message taken back (to edit): it leaves the queue, dropped; undefined once it is being sent. */
  withdraw(id: string, reason: string): QueuedMessage | undefined {
    const index = this.entries.findIndex((entry) => entry.id === id && entry.state === "queued");
    if (index < 0) return undefined;
    const [entry] = this.entries.splice(index, 1);
    entry!.state = "dropped";
    entry!.reason = reason;
    return entry;
  }

  /** The session cannot take messages (it failed to start, its agent exited): they stay, failed, to copy or re-send. */
  failWaiting(reason: string): QueuedMessage[] {
    return this.settleWaiting("failed", reason, false);
  }

  /** The failed messages, oldest first, taken out of the queue (to be re-sent in another session). */
  takeFailed(): QueuedMessage[] {
    const failed = this.entries.filter((entry) => entry.state === "failed");
    for (const entry of failed) this.entries.splice(this.entries.indexOf(entry), 1);
    return failed;
  }

  /**
   * A message its turn could not deliver (the agent went away without reading it), kept failed before every other
   * unsent one: it was sent before them. Outside the bound, as `carry`: only the one message of a turn comes back.
   */
  addFailed(id: string, text: string, context: readonly PromptContext[], reason: string): QueuedMessage {
    const message: QueuedMessage = { id, text, context, state: "failed", reason };
    this.entries.unshift(message);
    return message;
  }

  get(id: string): QueuedMessage | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  private settleWaiting(state: "dropped" | "failed", reason: string, remove: boolean): QueuedMessage[] {
    // A message being sent already belongs to its turn (Stop cancels that turn).
    const settled = this.entries.filter((entry) => entry.state === "queued");
    for (const entry of settled) {
      entry.state = state;
      entry.reason = reason;
    }
    if (remove) for (const entry of settled) this.entries.splice(this.entries.indexOf(entry), 1);
    return settled;
  }
}
