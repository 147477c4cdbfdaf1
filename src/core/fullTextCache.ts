/**
 * Full texts an agent sent (diff sides, patches), kept for the diff editor within a budget of characters while the
 * session shows only capped views. The least recently used go first; a transcript eviction frees its owner's texts.
 * One small module so any per-session store of raw agent data can share the same bound.
 */
export class FullTextCache {
  private readonly entries = new Map<string, { owner: string; texts: readonly string[]; chars: number }>();
  private used = 0;

  constructor(readonly budgetChars: number) {}

  get usedChars(): number {
    return this.used;
  }

  /** Keeps `texts` under `key` (replacing what was there); texts bigger than the whole budget are not kept. */
  set(key: string, owner: string, texts: readonly string[]): void {
    this.delete(key);
    const chars = texts.reduce((sum, text) => sum + text.length, 0);
    if (chars > this.budgetChars) return;
    this.entries.set(key, { owner, texts, chars });
    this.used += chars;
    for (const [oldest] of this.entries) {
      if (this.used <= this.budgetChars) break;
      this.delete(oldest);
    }
  }

  /** The texts under `key`, or undefined when they were never kept or have been evicted. */
  get(key: string): readonly string[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.texts;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.chars;
  }

  /** Frees every text of `owner` (a tool call the transcript dropped). */
  deleteOwner(owner: string): void {
    for (const [key, entry] of this.entries) if (entry.owner === owner) this.delete(key);
  }
}

/**
 * A copy of capped agent text that does not keep the agent's whole string alive: V8 makes slices and concatenations
 * point into their source, so a 64 KB preview cut from an 8 MB text would otherwise hold all 8 MB.
 */
export function ownCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
