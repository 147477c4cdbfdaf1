/** The webview's only way to talk to the extension host. */
import type { FromWebviewMessage } from "../src/shared/protocol";

export interface HostPort {
  post(message: FromWebviewMessage): void;
}
