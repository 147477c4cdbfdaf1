/**
 * Random ids for cards, messages and documents, from the global Web Crypto rather than `node:crypto`: requiring
 * `node:crypto` at module scope costs 3-6 ms of every activation in a fresh process (36 internal modules) for one
 * function none of activation calls. The global loads its part on first use.
 */
export function randomUUID(): string {
  return globalThis.crypto.randomUUID();
}
