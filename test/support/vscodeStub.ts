// A stand-in for the `vscode` module, for unit tests (plain Node) of host code that only shows VS Code's dialogs: imported
// first, so it answers the `require("vscode")` of the modules imported after it. It records each warning message and
// answers it as `answer` says (dismissed, by default).
import Module from "node:module";

export const warnings: unknown[][] = [];
export const dialog: { answer: (items: unknown[]) => unknown } = { answer: () => undefined };

const api = {
  l10n: {
    t: (message: string, ...args: unknown[]) =>
      message.replace(/\{(\d+)\}/g, (_, index: string) => String(args[Number(index)])),
  },
  window: {
    showWarningMessage: (...args: unknown[]) => {
      warnings.push(args);
      return Promise.resolve(dialog.answer(args.slice(2)));
    },
  },
};

// Only where there is no `vscode` to load: Node has none outside VS Code's extension host.
const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = loader._load;
loader._load = function (this: unknown, request: string, ...rest: unknown[]) {
  try {
    return load.call(this, request, ...rest);
  } catch (error) {
    if (request === "vscode" && (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND") return api;
    throw error;
  }
};
