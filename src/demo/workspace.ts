// The demo's view of the workspace on disk: which file to read, the demo file it edits, and plain node:fs access
// for clients that do not offer their own file system (v1 without `fs`, and every v2 client).
import { existsSync } from "node:fs";
import { open, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const DEMO_FILE_NAME = "symposium-demo.md";
const DEMO_LINE_PREFIX = "- Line added by the Symposium demo agent";

/** `README.md` in `cwd` if there is one, else the first regular, non-hidden file by name; undefined if none. */
export async function findFileToRead(cwd: string): Promise<string | undefined> {
  let entries;
  try {
    entries = await readdir(cwd, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const files = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
  const name = files.find((file) => file === "README.md") ?? files[0];
  return name === undefined ? undefined : join(cwd, name);
}

export function demoFilePath(cwd: string): string {
  return join(cwd, DEMO_FILE_NAME);
}

export function fileExists(path: string): boolean {
  return existsSync(path);
}

/** The demo file's next content: one more numbered line, so repeated edits are visible and deterministic. */
export function nextDemoFileText(oldText: string | null): string {
  if (oldText === null) {
    return `# Symposium demo\n\nThe Symposium demo agent edits this file when you ask it to.\n\n${DEMO_LINE_PREFIX} (1).\n`;
  }
  const count = oldText.split("\n").filter((line) => line.startsWith(DEMO_LINE_PREFIX)).length;
  const separator = oldText === "" || oldText.endsWith("\n") ? "" : "\n";
  return `${oldText}${separator}${DEMO_LINE_PREFIX} (${count + 1}).\n`;
}

/** Head reads (`maxLines`) take at most this much of a file. */
const READ_HEAD_BYTES = 64 * 1024;

/** Reads a file on disk: whole, or only its start when the scenario wants a few lines. */
export function readFromDisk(path: string, options: { maxLines?: number } = {}): Promise<string> {
  return options.maxLines === undefined
    ? readTextFromDisk(path)
    : readTextHeadFromDisk(path, READ_HEAD_BYTES);
}

function readTextFromDisk(path: string): Promise<string> {
  return readFile(path, "utf8");
}

/** The start of a file, at most `maxBytes` (the read scenario shows only a few lines of whatever file it finds). */
async function readTextHeadFromDisk(path: string, maxBytes: number): Promise<string> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await file.read(buffer, 0, maxBytes, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await file.close();
  }
}

export function writeTextToDisk(path: string, content: string): Promise<void> {
  return writeFile(path, content, "utf8");
}
