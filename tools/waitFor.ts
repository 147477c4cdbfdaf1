/**
 * Polls `probe` (sync or async) until it returns something other than undefined or false, and returns that. A probe
 * that throws counts as "not yet" (a file being rewritten, an element being replaced); on timeout the error names
 * what was awaited and the probe's last error. Shared by the tests, the harness and the benchmarks.
 */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
  intervalMs = 10,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const message = lastError instanceof Error ? lastError.message : JSON.stringify(lastError);
      const cause = lastError === undefined ? "" : ` (last error: ${message})`;
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
