/**
 * Reading a JSON-lines log that another process may be writing right now (the test and benchmark agents' logs, the
 * approval history): only whole lines count, since the last one may still be half written when it is read.
 */
import { existsSync, readFileSync } from "node:fs";

export function readJsonLines<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}
