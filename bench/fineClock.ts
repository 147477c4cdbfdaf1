/** The benchmarks' fine clock: moved to `src/shared/fineClock.ts`, where the webview's paint reports use it too. */
export { FINE_CLOCK_SOURCE, fineClock } from "../src/shared/fineClock";
