/**
 * Where git runs a repository's hooks from, for the policy to protect: `.git/hooks` is protected by its name, but
 * `core.hooksPath` (set by a project's setup script, a hook manager or the person's own git configuration) may name
 * any folder of the workspace, and a script written there runs on the next commit, checkout or push.
 */
import { readGit } from "./gitRead";
import { lstatSync } from "node:fs";
import { join, resolve } from "node:path";

/** The hooks folder of the repository holding `folder`, as git resolves it; undefined outside one or without git. */
export function hooksFolder(folder: string): string | undefined {
  try {
    const path = readGit(folder, ["rev-parse", "--git-path", "hooks"]).replace(/\r?\n$/, "");
    // Relative to `folder` (git's working folder) when it is not absolute.
    return path === "" ? undefined : resolve(folder, path);
  } catch {
    return undefined;
  }
}

/**
 * The git folder and common folder of the repository holding `folder`, as git finds them (through a `.git` link or
 * file); none outside one or without git.
 */
export function gitFolders(folder: string): string[] {
  try {
    // A `.git` folder is protected by its name: git is asked only where it is a link, a file, or not there.
    if (lstatSync(join(folder, ".git"), { throwIfNoEntry: false })?.isDirectory()) return [];
    const lines = readGit(folder, ["rev-parse", "--absolute-git-dir", "--git-common-dir"]).split(/\r?\n/);
    return lines.filter((line) => line !== "").map((line) => resolve(folder, line));
  } catch {
    return [];
  }
}
