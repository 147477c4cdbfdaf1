/**
 * Reading a JSON-lines log that another process may be writing right now (the test and benchmark agents' logs, the
 * approval history): only whole lines count, since the last one may still be half written when it is read.
 */
import { existsSync, readFileSync } from "node:fs";

/**
 * With `mentioning`, only the lines that contain it are parsed: a flood test's agent log runs to hundreds of MB of
 * frames, and parsing all of it to find two process ids took 26 s on a loaded machine.
 */
export function readJsonLines<T>(path: string, mentioning?: string): T[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((line) => line.trim() !== "" && (mentioning === undefined || line.includes(mentioning)))
    .map((line) => JSON.parse(line) as T);
}
