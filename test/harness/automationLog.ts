// The workbench forwards its own log lines and the extension host's console through the same codeAutomationLog hook.
// The integration index prints this marker first, so the runner can hold back the workbench's start-up chatter (and
// show it only when something goes wrong).
export const INTEGRATION_START_MARKER = "[symposium-integration] running";
