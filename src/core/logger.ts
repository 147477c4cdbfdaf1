/** Where the client and the host log to (the host's "Symposium" output channel; tests keep the lines). */
export interface Logger {
  /** Whether trace messages are kept; ACP traffic is traced only then (tracing every frame costs CPU per message). */
  traceEnabled?(): boolean;
  trace(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
