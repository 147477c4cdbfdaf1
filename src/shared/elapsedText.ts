/** A turn's duration as the session bar (`webview/render/turnClock.ts`) and the turn's notification show it. */

/** `5s`, `1m 05s`, `1h 02m`; empty under a second (a short turn shows no count). */
export function elapsedText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (!(seconds >= 1)) return "";
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;
}
