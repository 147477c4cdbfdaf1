import type { StatSyncOptions, lstatSync, statSync } from "node:fs";

/** The `statSync` and `lstatSync` calls `body` makes, as "stat <path>" and "lstat <path>", in order. */
export function countLooks(body: () => void): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object the policy's calls read
  const fs = require("node:fs") as { statSync: typeof statSync; lstatSync: typeof lstatSync };
  const real = { statSync: fs.statSync, lstatSync: fs.lstatSync };
  const looks: string[] = [];
  fs.statSync = ((path: string, options?: StatSyncOptions) => (
    looks.push(`stat ${path}`),
    real.statSync(path, options)
  )) as typeof statSync;
  fs.lstatSync = ((path: string, options?: StatSyncOptions) => (
    looks.push(`lstat ${path}`),
    real.lstatSync(path, options)
  )) as typeof lstatSync;
  try {
    body();
  } finally {
    Object.assign(fs, real);
  }
  return looks;
}
