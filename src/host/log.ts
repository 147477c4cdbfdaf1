import * as vscode from "vscode";
import type { Logger } from "../core/logger";

/** The "Symposium" log channel. ACP traffic goes at trace level, as method and id only (never params: secrets). */
export function createLog(): Logger & vscode.Disposable & { show(): void } {
  const channel = vscode.window.createOutputChannel("Symposium", { log: true });
  return {
    traceEnabled: () => channel.logLevel === vscode.LogLevel.Trace,
    trace: (message) => channel.trace(message),
    info: (message) => channel.info(message),
    warn: (message) => channel.warn(message),
    error: (message) => channel.error(message),
    show: () => channel.show(true),
    dispose: () => channel.dispose(),
  };
}
