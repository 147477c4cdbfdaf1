/**
 * A SHA-256 of texts, each length-prefixed (so ["ab", "c"] and ["a", "bc"] differ): what an answer was to, kept
 * without keeping megabytes of it. `node:crypto` is required on first use, not at module scope: activation never
 * needs it (see randomUUID.ts).
 */
export function digest(texts: readonly string[]): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const hash = (require("node:crypto") as typeof import("node:crypto")).createHash("sha256");
  for (const text of texts) hash.update(`${text.length}:`).update(text);
  return hash.digest("base64");
}
