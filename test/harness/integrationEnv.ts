// The environment both integration runners (code-server, desktop) give the extension host.

/**
 * A shell startup file named as a user's shell config may name it: every later `bash -c` runs it, so the extension
 * protects it (approvals.test.ts). No such file exists, and bash skips a missing one.
 */
export const BASH_ENV_PROBE = "symposium-bash-env-probe";

export function integrationEnv(): Record<string, string> {
  return {
    ...(process.env.MOCHA_GREP ? { MOCHA_GREP: process.env.MOCHA_GREP } : {}),
    BASH_ENV: BASH_ENV_PROBE,
  };
}
