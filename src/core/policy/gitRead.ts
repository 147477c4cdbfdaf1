/**
 * Runs git to read a folder's configuration for the policy (its aliases, its hooks folder): git from PATH, in an
 * environment that is not another repository's, with a short timeout.
 */
import { execFileSync } from "node:child_process";
import { resolveCommand } from "../commandPath";

/**
 * git's output for `args` run in `folder`; throws without git, when git fails or when it takes over `timeout` ms.
 * `set`: variables of git's environment set for this read.
 */
export function readGit(
  folder: string,
  args: string[],
  timeout = 3_000,
  set: NodeJS.ProcessEnv = {},
): string {
  // Not another repository's, should the editor have been started from a git hook.
  const env = { ...process.env };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  Object.assign(env, set);
  // git from PATH, not the repository's own (`git.exe` where it runs: Windows looks there first, as POSIX does for a
  // `.` or empty PATH entry).
  const program = resolveCommand("git", env);
  if (program === undefined) throw Object.assign(new Error("git is not on PATH"), { code: "NO_GIT" });
  // The callers' arguments read the configuration only: they run no hook, filter or fsmonitor of the repository.
  return execFileSync(program, args, {
    cwd: folder,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout,
    windowsHide: true,
    maxBuffer: 4 * 1024 * 1024,
  });
}
