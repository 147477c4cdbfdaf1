/**
 * A wall clock finer than `Date.now()`'s 1 ms, comparable across processes on one machine: `performance.now()`
 * anchored once to the moment `Date.now()` ticks over (a spin of at most 1 ms). Every process reads the same system
 * clock at a tick edge, so stamps of the webview, the extension host and the agent line up to well under 0.1 ms.
 * `FINE_CLOCK_SOURCE` is the same function as text, for pages the benchmark injects it into. Benchmarks only: the
 * webview stamps its paint reports with it when a benchmark switched them on (`webview/paintReporter.ts`).
 */
export function fineClock(): () => number {
  const first = Date.now();
  let base = 0;
  for (;;) {
    const now = Date.now();
    const at = performance.now();
    if (now !== first) {
      base = now - at;
      break;
    }
  }
  return () => base + performance.now();
}

export const FINE_CLOCK_SOURCE = fineClock.toString();
