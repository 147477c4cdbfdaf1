/**
 * Resolving an agent's bare command name (and the policy's `git`) the safe way. Agents start with the workspace as
 * their cwd, and Windows looks for a bare name in the cwd before PATH, so a repository's `node.exe` would run instead
 * of the configured `node`.
 * We search PATH ourselves, skipping the current folder and every relative entry, and spawn the absolute path found.
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

/** True when `command` names a path (has a separator) rather than a bare program name. */
function namesAPath(command: string, platform: NodeJS.Platform): boolean {
  return command.includes("/") || (platform === "win32" && command.includes("\\"));
}

function isExecutableFile(path: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (platform !== "win32") accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The absolute path `command` runs as, or `undefined` when PATH has no such program. A command that already names a
 * path (absolute, or relative such as `./bin/agent`, written in user settings) is returned unchanged.
 */
export function resolveCommand(
  command: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (namesAPath(command, platform)) return command;
  const pathValue = platform === "win32" ? (env.Path ?? env.PATH ?? "") : (env.PATH ?? "");
  const extensions =
    platform === "win32" && !/\.[^.\\/]+$/.test(command)
      ? (env.PATHEXT ?? ".COM;.EXE").split(";").filter(Boolean)
      : [""];
  for (const folder of absoluteFolders(pathValue, platform)) {
    for (const extension of extensions) {
      const candidate = join(folder, command + extension);
      if (isExecutableFile(candidate, platform)) return candidate;
    }
  }
  return undefined;
}

/** PATH's absolute folders: an empty entry is the current folder to a POSIX shell, a relative one depends on the cwd. */
function absoluteFolders(pathValue: string, platform: NodeJS.Platform): string[] {
  const separator = platform === "win32" ? ";" : delimiter;
  return pathValue
    .split(separator)
    .map((entry) => entry.replace(/^"(.*)"$/, "$1"))
    .filter((folder) => folder !== "" && isAbsolute(folder));
}

/**
 * `env` with a PATH of its absolute folders only, for a process that runs in a repository: what it runs by name (a
 * `#!/usr/bin/env node` line included) is found where `resolveCommand` finds its program, never in the repository.
 */
export function withAbsolutePath(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): NodeJS.ProcessEnv {
  const key = platform === "win32" && env.Path !== undefined ? "Path" : "PATH";
  const value = env[key];
  if (value === undefined) return env;
  return { ...env, [key]: absoluteFolders(value, platform).join(platform === "win32" ? ";" : delimiter) };
}
