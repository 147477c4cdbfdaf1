/**
 * Where git runs a repository's hooks from, for the policy to protect: `.git/hooks` is protected by its name, but
 * `core.hooksPath` (set by a project's setup script, a hook manager or the person's own git configuration) may name
 * any folder of the workspace, and a script written there runs on the next commit, checkout or push.
 */
import { readGit } from "./gitRead";
import { existsSync, lstatSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The hooks folder of the repository holding `folder`, as git resolves it; undefined outside one or without git.
 * Throws where git's answer is not known (cut off after `timeout` ms: a configuration including a FIFO).
 */
export function hooksFolder(folder: string, timeout?: number): string | undefined {
  const path = answered(folder, () =>
    readGit(folder, ["rev-parse", "--git-path", "hooks"], timeout),
  )?.replace(/\r?\n$/, "");
  // Relative to `folder` (git's working folder) when it is not absolute.
  return path ? resolve(folder, path) : undefined;
}

/**
 * The git folder and common folder of the repository holding `folder`, as git finds them (through a `.git` link or
 * file); none outside one or without git. Throws where git's answer is not known, as `hooksFolder` does.
 */
export function gitFolders(folder: string, timeout?: number): string[] {
  // A `.git` folder is protected by its name: git is asked only where it is a link, a file, or not there.
  if (lstatSync(join(folder, ".git"), { throwIfNoEntry: false })?.isDirectory()) return [];
  const lines = answered(folder, () =>
    readGit(folder, ["rev-parse", "--absolute-git-dir", "--git-common-dir"], timeout),
  );
  return (lines ?? "").split(/\r?\n/).flatMap((line) => (line === "" ? [] : [resolve(folder, line)]));
}

/**
 * git's output; undefined where git said there is none (no git on PATH, or its status 128: no repository, or a
 * configuration git refuses, so that git runs no hook there either). Anything else (cut off, killed, not started)
 * throws: no answer must read as "none".
 */
function answered(folder: string, read: () => string): string | undefined {
  // A workspace folder not there (git could not start in it) is no repository yet.
  if (!existsSync(folder)) return undefined;
  try {
    return read();
  } catch (error) {
    const { status, signal, code } = error as {
      status?: number | null;
      signal?: string | null;
      code?: string;
    };
    if (code === "NO_GIT" || (status === 128 && signal == null)) return undefined;
    throw error;
  }
}
