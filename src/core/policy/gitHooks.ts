/**
 * Where git runs a repository's hooks from, for the policy to protect: `.git/hooks` is protected by its name, but
 * `core.hooksPath` (set by a project's setup script, a hook manager or the person's own git configuration) may name
 * any folder of the workspace, and a script written there runs on the next commit, checkout or push.
 */
import { execFileSync } from "node:child_process";
import { resolveCommand } from "../commandPath";
import { resolve } from "node:path";

/** The hooks folder of the repository holding `folder`, as git resolves it; undefined outside one or without git. */
export function hooksFolder(folder: string): string | undefined {
  // Not another repository's, should the editor have been started from a git hook.
  const env = { ...process.env };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  // git from PATH, not the repository's own (`git.exe` where it runs: Windows looks there first, as POSIX does for a
  // `.` or empty PATH entry).
  const program = resolveCommand("git", env);
  if (program === undefined) return undefined;
  try {
    // Reads the configuration only: runs no hook, filter or fsmonitor of the repository.
    const path = execFileSync(program, ["rev-parse", "--git-path", "hooks"], {
      cwd: folder,
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 3_000,
      windowsHide: true,
    }).replace(/\r?\n$/, "");
    // Relative to `folder` (git's working folder) when it is not absolute.
    return path === "" ? undefined : resolve(folder, path);
  } catch {
    return undefined;
  }
}
