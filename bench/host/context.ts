/** What every host-side benchmark gets: the extension's test API, the taps on it, and the agents' log files. */
import type { SymposiumTestApi } from "../../src/extension";
import type { ChooseRecorder, PaintWatcher, PostRecorder } from "./instruments";

export interface HostContext {
  api: SymposiumTestApi;
  posts: PostRecorder;
  paints: PaintWatcher;
  chosen: ChooseRecorder;
  bypassLog: string;
  manualLog: string;
}
