import type { StatSyncOptions, statSync } from "node:fs";

/**
 * Runs `body` with the file system's clock standing still, as it does within one second on a file system that keeps
 * whole seconds (ext3's small inodes, HFS+): every `statSync` reports the same modification and change times.
 */
export function withStillClock<T>(body: () => T): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object the policy's calls read
  const fs = require("node:fs") as { statSync: typeof statSync };
  const real = fs.statSync;
  const second = (BigInt(Date.now()) / 1000n) * 1_000_000_000n;
  fs.statSync = ((path: string, options?: StatSyncOptions) => {
    const stat = real(path, options);
    return stat && "mtimeNs" in stat ? Object.assign(stat, { mtimeNs: second, ctimeNs: second }) : stat;
  }) as typeof statSync;
  try {
    return body();
  } finally {
    fs.statSync = real;
  }
}
