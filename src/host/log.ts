import * as vscode from "vscode";
import type { Logger } from "../core/logger";
import { escapeForLog } from "../core/untrustedText";

/**
 * The "Symposium" log channel. ACP traffic goes at trace level, as method and id only (never params: secrets). Every
 * message is one line with its control characters escaped: agent text inside it cannot forge a log line.
 */
export function createLog(): Logger & vscode.Disposable & { show(): void } {
  const channel = vscode.window.createOutputChannel("Symposium", { log: true });
  return {
    traceEnabled: () => channel.logLevel === vscode.LogLevel.Trace,
    debugEnabled: () => channel.logLevel !== vscode.LogLevel.Off && channel.logLevel <= vscode.LogLevel.Debug,
    trace: (message) => channel.trace(escapeForLog(message)),
    debug: (message) => channel.debug(escapeForLog(message)),
    info: (message) => channel.info(escapeForLog(message)),
    warn: (message) => channel.warn(escapeForLog(message)),
    error: (message) => channel.error(escapeForLog(message)),
    show: () => channel.show(true),
    dispose: () => channel.dispose(),
  };
}
