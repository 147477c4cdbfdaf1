/** Where the client and the host log to (the host's "Symposium" output channel; tests keep the lines). */
export interface Logger {
  /** Whether trace messages are kept; ACP traffic is traced only then (tracing every frame costs CPU per message). */
  traceEnabled?(): boolean;
  /**
   * Whether debug messages are kept. Automatic decisions go to the log at debug level, and only then is their line
   * built: the transcript and the approval history already show each one (with its rule or guard), and a line per
   * decision cost the extension host about 11 us of a bypassed approval's CPU.
   */
  debugEnabled?(): boolean;
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
