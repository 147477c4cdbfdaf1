/**
 * Where git runs a repository's hooks from, for the policy to protect: `.git/hooks` is protected by its name, but
 * `core.hooksPath` (set by a project's setup script, a hook manager or the person's own git configuration) may name
 * any folder of the workspace, and a script written there runs on the next commit, checkout or push.
 */
import { readGit } from "./gitRead";
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";

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
 * file), and the files its configuration includes (`[include] path = ../cfg/extra`: git reads them as its own
 * configuration, a `core.fsmonitor` there runs on the next `git status`); none outside one or without git. Throws
 * where git's answer is not known, as `hooksFolder` does.
 */
export function gitFolders(folder: string, timeout?: number): string[] {
  // A `.git` folder is protected by its name: git is asked only where it is a link, a file, or not there, or where
  // a configuration includes another file (`config.worktree` too: git reads it with extensions.worktreeConfig).
  const plain = lstatSync(join(folder, ".git"), { throwIfNoEntry: false })?.isDirectory();
  const lines = plain
    ? ""
    : answered(folder, () =>
        readGit(folder, ["rev-parse", "--absolute-git-dir", "--git-common-dir"], timeout),
      );
  const folders = (lines ?? "")
    .split(/\r?\n/)
    .flatMap((line) => (line === "" ? [] : [resolve(folder, line)]));
  const configs = (plain ? [join(folder, ".git")] : folders).flatMap((at) => [
    join(at, "config"),
    join(at, "config.worktree"),
  ]);
  // And the person's own, read in every repository.
  const { GIT_CONFIG_GLOBAL = "", XDG_CONFIG_HOME } = process.env;
  const own = [
    join(homedir(), ".gitconfig"),
    join(XDG_CONFIG_HOME || join(homedir(), ".config"), "git/config"),
  ];
  return [...configs, ...own, GIT_CONFIG_GLOBAL].some(mayInclude)
    ? [...folders, ...included(folder, timeout)]
    : folders;
}

/** Whether a configuration file may include another: it says `include`, or it cannot be read here (a FIFO, huge). */
function mayInclude(config: string): boolean {
  let fd: number;
  try {
    // Without blocking on a FIFO, and checked on what was opened.
    fd = openSync(config, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return !["ENOENT", "ENOTDIR"].includes((error as { code?: string }).code ?? "");
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > 1024 * 1024) return true;
    const bytes = Buffer.alloc(stat.size);
    const read = readSync(fd, bytes, 0, stat.size, 0);
    return /include/i.test(bytes.toString("latin1", 0, read));
  } catch {
    return true;
  } finally {
    closeSync(fd);
  }
}

/**
 * The files the configuration of the repository holding `folder` includes, conditionally or not (`includeIf` holds
 * whatever branch or folder it names next), each relative to the file naming it, as git places it.
 */
function included(folder: string, timeout?: number): string[] {
  const read = () => {
    try {
      return readGit(
        folder,
        ["config", "--show-origin", "-z", "--get-regexp", "^include(if\\..*)?\\.path$"],
        timeout,
      );
    } catch (error) {
      // Status 1: no such key.
      const { status, signal } = error as { status?: number | null; signal?: string | null };
      if (status === 1 && signal == null) return "";
      throw error;
    }
  };
  const fields = (answered(folder, read) ?? "").split("\0");
  const files: string[] = [];
  // Each entry: `file:<origin>`, then `<key>\n<value>`.
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i]!;
    const value = fields[i + 1]!.slice(fields[i + 1]!.indexOf("\n") + 1);
    if (!origin.startsWith("file:") || value === "") continue;
    const path = value.replace(/^~(?=\/|$)/, homedir());
    files.push(isAbsolute(path) ? path : resolve(folder, dirname(origin.slice("file:".length)), path));
  }
  return files;
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
