import {
  lstat as lstatCallback,
  mkdtempSync,
  readdir as readdirCallback,
  realpathSync,
  rm as rmCallback,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { processRunning } from "./processRunning";

// The callback forms: node:fs/promises is not loaded at activation (bundleSize.test.ts), and this runs from it.
const lstat = promisify(lstatCallback);
const readdir = promisify(readdirCallback);
const rm = promisify(rmCallback);

/** `symposium-tmp-<pid>-<random>`: the extension host that made it is in its name, out of its agents' reach. */
const PREFIX = "symposium-tmp-";
const NAMED_BY_PID = new RegExp(`^${PREFIX}(\\d+)-.`);

/**
 * The window's scratch folder: a private folder (mkdtemp: a fresh name, mode 0700) under the OS temporary folder for
 * the extension host's lifetime. Agents and `terminal/create` terminals get it as TMPDIR, and the policy counts it as
 * a folder writes may go to, so a temporary file of theirs does not ask under Bypass; `/tmp` itself, shared by every
 * process and user, stays outside. Removed with what it holds (links in it removed, not followed) on shutdown; one an
 * extension host left when it crashed or was killed is removed by the next window (`removeLeftScratchFolders`).
 */
export class ScratchFolder {
  /** Canonical (`/var/…` is `/private/var/…` on macOS), as the policy resolves paths. */
  readonly path: string;
  private removed = false;

  constructor(parent = tmpdir(), pid = process.pid) {
    this.path = realpathSync(mkdtempSync(join(parent, `${PREFIX}${pid}-`)));
  }

  /** Idempotent; throws when something in it could not be removed (the caller logs it). */
  dispose(): void {
    if (this.removed) return;
    this.removed = true;
    rmSync(this.path, { recursive: true, force: true, maxRetries: 2 });
  }
}

/**
 * Removes the scratch folders under `parent` whose extension host is gone (it crashed or was killed before removing
 * its own), returning how many. Only real folders (not links) this user owns, named with a process id that no running
 * process has: another window's folder, another user's, or one named by anyone else is left alone. A process id taken
 * again by an unrelated process keeps its folder until that process ends.
 */
export async function removeLeftScratchFolders(
  parent = tmpdir(),
  isRunning: (pid: number) => boolean = processRunning,
): Promise<number> {
  let removed = 0;
  for (const name of await readdir(parent)) {
    const pid = Number(NAMED_BY_PID.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    const path = join(parent, name);
    const entry = await lstat(path).catch(() => undefined);
    if (!entry?.isDirectory() || (process.getuid && entry.uid !== process.getuid())) continue;
    await rm(path, { recursive: true, force: true, maxRetries: 2 });
    removed++;
  }
  return removed;
}
