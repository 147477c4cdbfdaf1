import type { Logger } from "../../src/core/logger";

/** A logger that drops every line, for tests that do not read the log. */
export const silentLog: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
