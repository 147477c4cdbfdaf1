/** Heap figures need `node --expose-gc` (scripts/bench.mjs runs the driver with it). */
import { sleep } from "../stats";

export async function heapUsedAfterGc(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc");
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(20);
  }
  return process.memoryUsage().heapUsed;
}
