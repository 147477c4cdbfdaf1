// The demo's view of the workspace on disk: which file to read, the demo file it edits, and plain node:fs access
// for clients that do not offer their own file system (v1 without `fs`, and every v2 client).
import { constants, existsSync } from "node:fs";
import { open, readdir } from "node:fs/promises";
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

/**
 * Opened only if the name itself is no link: a repository's `symposium-demo.md` linked to a file elsewhere is refused,
 * not read into a diff nor written to (the demo names only files in the folder it is given). Windows: no such flag.
 */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

async function readTextFromDisk(path: string): Promise<string> {
  const file = await open(path, constants.O_RDONLY | NO_FOLLOW);
  try {
    return await file.readFile("utf8");
  } finally {
    await file.close();
  }
}

/** The start of a file, at most `maxBytes` (the read scenario shows only a few lines of whatever file it finds). */
async function readTextHeadFromDisk(path: string, maxBytes: number): Promise<string> {
  const file = await open(path, constants.O_RDONLY | NO_FOLLOW);
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await file.read(buffer, 0, maxBytes, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await file.close();
  }
}

export async function writeTextToDisk(path: string, content: string): Promise<void> {
  const file = await open(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NO_FOLLOW,
    0o666,
  );
  try {
    await file.writeFile(content, "utf8");
  } finally {
    await file.close();
  }
}
