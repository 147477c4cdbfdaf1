import type { StatSyncOptions, lstatSync, statSync } from "node:fs";

/**
 * Runs `body` with the file system's clock standing still, as it does within one second on a file system that keeps
 * whole seconds (ext3's small inodes, HFS+): every `statSync` and `lstatSync` reports the same modification and change
 * times, those of the second `at` falls in (now by default; an hour ago makes every file look long unchanged).
 */
export function withStillClock<T>(body: () => T, at = Date.now()): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object the policy's calls read
  const fs = require("node:fs") as { statSync: typeof statSync; lstatSync: typeof lstatSync };
  const real = { statSync: fs.statSync, lstatSync: fs.lstatSync };
  const second = (BigInt(at) / 1000n) * 1_000_000_000n;
  // One type: `lstatSync`'s is `statSync`'s.
  const still = (look: typeof statSync): typeof statSync =>
    ((path: string, options?: StatSyncOptions) => {
      const stat = look(path, options);
      return stat && "mtimeNs" in stat ? Object.assign(stat, { mtimeNs: second, ctimeNs: second }) : stat;
    }) as typeof statSync;
  fs.statSync = still(real.statSync);
  fs.lstatSync = still(real.lstatSync);
  try {
    return body();
  } finally {
    Object.assign(fs, real);
  }
}
