// What both integration runners (code-server, desktop) give the extension host: its environment, and a scratch folder
// left in the temporary folder as a window that crashed leaves it.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A shell startup file named as a user's shell config may name it: every later `bash -c` runs it, so the extension
 * protects it (approvals.test.ts). No such file exists, and bash skips a missing one.
 */
export const BASH_ENV_PROBE = "symposium-bash-env-probe";

/**
 * A scratch folder named for a process id no process can have (past every system's largest), as the extension host of
 * a window that crashed leaves it: the extension removes it on activation (activation.test.ts).
 */
export const LEFT_SCRATCH_FOLDER = join(tmpdir(), "symposium-tmp-2147483646-left01");

export function integrationEnv(): Record<string, string> {
  mkdirSync(LEFT_SCRATCH_FOLDER, { recursive: true, mode: 0o700 });
  writeFileSync(join(LEFT_SCRATCH_FOLDER, "agent.log"), "written before the window crashed\n");
  return {
    ...(process.env.MOCHA_GREP ? { MOCHA_GREP: process.env.MOCHA_GREP } : {}),
    BASH_ENV: BASH_ENV_PROBE,
  };
}
