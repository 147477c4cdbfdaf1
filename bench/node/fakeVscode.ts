/**
 * A minimal stand-in for the `vscode` module, enough for `activate()` to run in plain Node: the few values
 * activation reads are real (configuration, workspace folders, trust, URIs, events); every other API is a
 * recording-free stub that returns another stub (callable, constructible, disposable). It makes `activate()`'s own
 * work measurable; VS Code's side of each registration (IPC to the renderer) is not in it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

type AnyRecord = Record<string | symbol, unknown>;

/** A callable, constructible, infinitely deep no-op. */
function stub(name: string): unknown {
  const cache = new Map<string | symbol, unknown>();
  const target = function () {
    return undefined;
  };
  return new Proxy(target, {
    get(_target, property) {
      if (property === "then") return undefined; // not a thenable: `await stub` must not hang
      if (property === Symbol.toPrimitive) return () => name;
      if (property === "dispose") return () => undefined;
      if (!cache.has(property)) cache.set(property, stub(`${name}.${String(property)}`));
      return cache.get(property);
    },
    set(_target, property, value) {
      cache.set(property, value);
      return true;
    },
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`) as object,
  });
}

/** `overrides`, and a stub for anything else. */
function namespace(name: string, overrides: AnyRecord): unknown {
  return new Proxy(overrides, {
    get(target, property) {
      if (property in target) return target[property];
      if (property === "then") return undefined;
      const value = stub(`${name}.${String(property)}`);
      target[property] = value;
      return value;
    },
  });
}

class Uri {
  readonly scheme = "file";
  constructor(readonly fsPath: string) {}
  get path(): string {
    return this.fsPath;
  }
  static file(path: string): Uri {
    return new Uri(path);
  }
  static joinPath(base: Uri, ...segments: string[]): Uri {
    return new Uri(join(base.fsPath, ...segments));
  }
  static parse(value: string): Uri {
    return new Uri(value.replace(/^file:\/\//, ""));
  }
  with(): Uri {
    return this;
  }
  toString(): string {
    return `file://${this.fsPath}`;
  }
}

class EventEmitter<T> {
  private readonly listeners = new Set<(value: T) => void>();
  readonly event = (listener: (value: T) => void) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(value: T): void {
    for (const listener of this.listeners) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

class Disposable {
  constructor(private readonly callback: () => void) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.callback();
  }
}

const disposable = () => ({ dispose: () => undefined });
const event = () => disposable();

/**
 * The names `@types/vscode` declares at the top level of the module (about 200; VS Code 1.100's API object has 298 with
 * its proposed API), each a stub unless given: copying the module's exports, which a bundle may do as it loads, costs
 * here about what it costs in VS Code, where a dozen names would make it free.
 */
function declaredExports(): AnyRecord {
  const types = join(dirname(createRequire(__filename).resolve("@types/vscode/package.json")), "index.d.ts");
  const names = readFileSync(types, "utf8").matchAll(
    /^\texport (?:class|enum|namespace|const|let|function) (\w+)/gm,
  );
  return Object.fromEntries([...names].map(([, name]) => [name!, stub(`vscode.${name!}`)]));
}

export function createFakeVscode(workspace: string): unknown {
  const configuration = {
    inspect: () => undefined,
    get: (_key: string, fallback?: unknown) => fallback,
    has: () => false,
    update: () => Promise.resolve(),
  };
  return namespace("vscode", {
    ...declaredExports(),
    Uri,
    EventEmitter,
    Disposable,
    ExtensionMode: { Production: 1, Development: 2, Test: 3 },
    ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
    StatusBarAlignment: { Left: 1, Right: 2 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    version: "1.100.3",
    l10n: namespace("l10n", {
      t: (message: string, ...args: unknown[]) =>
        message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])),
    }),
    workspace: namespace("workspace", {
      isTrusted: true,
      workspaceFolders: [{ uri: Uri.file(workspace), name: "workspace", index: 0 }],
      getConfiguration: () => configuration,
      onDidChangeConfiguration: event,
      onDidChangeWorkspaceFolders: event,
      onDidGrantWorkspaceTrust: event,
      registerTextDocumentContentProvider: disposable,
      textDocuments: [],
    }),
    window: namespace("window", {
      registerWebviewViewProvider: disposable,
      onDidChangeWindowState: event,
      state: { focused: true },
    }),
    commands: namespace("commands", {
      registerCommand: disposable,
      executeCommand: () => Promise.resolve(undefined),
    }),
  });
}

/** The `ExtensionContext` activate() gets. */
export function createFakeContext(extensionPath: string, storage: string): unknown {
  const memento = {
    get: () => undefined,
    update: () => Promise.resolve(),
    keys: () => [],
    setKeysForSync: () => undefined,
  };
  return namespace("context", {
    subscriptions: [],
    extensionUri: Uri.file(extensionPath),
    extensionPath,
    globalStorageUri: Uri.file(join(storage, "global")),
    storageUri: Uri.file(join(storage, "workspace")),
    logUri: Uri.file(join(storage, "log")),
    extensionMode: 1,
    globalState: memento,
    workspaceState: memento,
    extension: {
      id: "symposium.symposium",
      packageJSON: { version: "0.1.0" },
      extensionUri: Uri.file(extensionPath),
    },
  });
}
