// One real VS Code (code-server) with Symposium loaded from this repository, plus a browser showing it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative as relativePath } from "node:path";
import type { Page } from "playwright-core";
import { gotoWorkbench, launchBrowser, type BrowserSession, type ConsoleWatcher } from "./browser";
import { ensureCodeServer, ensureSystemPackages, startCodeServer, type CodeServer } from "./codeServer";
import { parseSettings } from "./jsonc";
import { repoRoot } from "./paths";

export interface WorkbenchOptions {
  /** User settings (`<run>/user-data/User/settings.json`), e.g. `{"symposium.agents": {...}}`. */
  readonly settings?: Record<string, unknown>;
  /** Files of the temporary workspace folder, relative path -> content. */
  readonly workspaceFiles?: Record<string, string>;
  /** Open an existing folder instead of a temporary one (not deleted on close). */
  readonly workspace?: string;
  /**
   * A multi-root workspace instead of one folder: folder name -> its files. Each is a temporary folder, and a
   * `.code-workspace` file beside them lists them in this order; `workspace` is then the first folder.
   */
  readonly workspaceFolders?: Record<string, Record<string, string>>;
  /**
   * With `workspaceFolders`: the folder (one of their names) that holds the `.code-workspace` file instead, which then
   * lists each folder from there (`.`, `../lib`), as a file a repository ships does.
   */
  readonly workspaceFileIn?: string;
  /** false opens the folder in Restricted Mode (Workspace Trust on, no prompt). Default true. */
  readonly trust?: boolean;
  /** Absolute path of a compiled mocha index (no `.js`) to run inside the extension host, test-electron style. */
  readonly extensionTestsPath?: string;
  /** Folder of the extension under development (default: this repository). */
  readonly extensionDevelopmentPath?: string;
  /** Extensions folder with Symposium installed from its .vsix (`installVsix`): no extension under development then. */
  readonly installedIn?: string;
  /** Environment for the server and so for the extension host. */
  readonly env?: Record<string, string>;
  /** Runs before the first navigation, e.g. to `page.exposeFunction` what the workbench calls at load. */
  readonly beforeNavigate?: (page: Page) => Promise<void>;
  /** Skip waiting for `.monaco-workbench` (a test run may finish and close it first). */
  readonly noWait?: boolean;
}

export interface Workbench {
  readonly page: Page;
  readonly browser: BrowserSession;
  readonly server: CodeServer;
  readonly workspace: string;
  /** Every folder of the workspace, in order (`workspace` alone unless `workspaceFolders` made several). */
  readonly folders: readonly string[];
  readonly userSettingsPath: string;
  readonly console: ConsoleWatcher;
  /** The user settings as VS Code has them on disk now. */
  readUserSettings(): Record<string, unknown>;
  /** Closes the browser, stops the server (and everything it started) and removes temporary folders. */
  close(): Promise<void>;
}

export function readUserSettings(path: string): Record<string, unknown> {
  return parseSettings(readFileSync(path, "utf8"), path);
}

/** A temporary folder (under the OS temp dir) holding `files` (relative path -> content). */
export function makeTempFolder(prefix: string, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [relative, content] of Object.entries(files)) {
    const path = join(dir, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return dir;
}

/**
 * The workbench URL: the folder (or `.code-workspace` file) plus a payload that loads the extension under development
 * (and optionally runs tests).
 */
function workbenchUrl(
  server: CodeServer,
  opened: { folder: string } | { workspaceFile: string },
  extensionTestsPath: string | undefined,
  /** Undefined: none (the extension is installed). */
  extensionDevelopmentPath: string | undefined,
): string {
  // Payload values must be full vscode-remote URIs whose authority is the page's host:port; plain paths are ignored.
  const remote = (path: string): string => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload: [string, string][] =
    extensionDevelopmentPath === undefined
      ? []
      : [["extensionDevelopmentPath", remote(extensionDevelopmentPath)]];
  if (extensionTestsPath !== undefined) payload.push(["extensionTestsPath", remote(extensionTestsPath)]);
  const target =
    "folder" in opened
      ? `folder=${encodeURIComponent(opened.folder)}`
      : `workspace=${encodeURIComponent(opened.workspaceFile)}`;
  return `${server.url}/?${target}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

export async function openWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  ensureSystemPackages();
  ensureCodeServer();
  const ownWorkspace = options.workspace === undefined;
  const multiRoot =
    options.workspaceFolders && multiRootWorkspace(options.workspaceFolders, options.workspaceFileIn);
  // The server runs in the folder (or, multi-root, the folder that holds them all).
  const root =
    options.workspace ??
    multiRoot?.root ??
    makeTempFolder("symposium-workspace-", options.workspaceFiles ?? { "README.md": "# Test workspace\n" });
  const folders = multiRoot?.folders ?? [root];
  const workspace = folders[0]!;
  let server: CodeServer | undefined;
  let browser: BrowserSession | undefined;
  const cleanup = async (): Promise<void> => {
    await browser?.close();
    await server?.stop();
    if (ownWorkspace) rmSync(root, { recursive: true, force: true });
  };
  try {
    // The server and the browser know nothing of each other until the navigation: start both at once (each takes a
    // few seconds, mostly waiting), and clean up whichever started when the other did not.
    const [serverStart, browserStart] = await Promise.allSettled([
      startCodeServer({
        workspace: root,
        userSettings: options.settings ?? {},
        trust: options.trust ?? true,
        ...(options.env ? { env: options.env } : {}),
        ...(options.installedIn ? { extensionsDir: options.installedIn } : {}),
      }),
      launchBrowser(),
    ]);
    // Whichever started, for the cleanup; then both, as their types say once neither failed.
    server = serverStart.status === "fulfilled" ? serverStart.value : undefined;
    browser = browserStart.status === "fulfilled" ? browserStart.value : undefined;
    if (serverStart.status === "rejected") throw serverStart.reason;
    if (browserStart.status === "rejected") throw browserStart.reason;
    server = serverStart.value;
    browser = browserStart.value;
    await options.beforeNavigate?.(browser.page);
    const url = workbenchUrl(
      server,
      multiRoot ? { workspaceFile: multiRoot.file } : { folder: workspace },
      options.extensionTestsPath,
      options.installedIn ? undefined : (options.extensionDevelopmentPath ?? repoRoot),
    );
    if (options.noWait) await browser.page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
    else await gotoWorkbench(browser.page, url);
  } catch (error) {
    const tail = server?.logTail() ?? "";
    await cleanup();
    throw new Error(
      `Could not open the workbench: ${error instanceof Error ? error.message : String(error)}${tail ? `\n--- code-server log ---\n${tail}` : ""}`,
    );
  }
  const userSettingsPath = server.userSettingsPath;
  return {
    page: browser.page,
    browser,
    server,
    workspace,
    folders,
    userSettingsPath,
    console: browser.console,
    readUserSettings: () => readUserSettings(userSettingsPath),
    close: cleanup,
  };
}

/**
 * Temporary folders (name -> files) under one root, and a `.code-workspace` file there (or in the folder `fileIn`)
 * listing them in order.
 */
function multiRootWorkspace(
  folders: Record<string, Record<string, string>>,
  fileIn?: string,
): {
  root: string;
  folders: string[];
  file: string;
} {
  const files: Record<string, string> = {};
  for (const [name, folderFiles] of Object.entries(folders)) {
    if (Object.keys(folderFiles).length === 0) files[join(name, ".keep")] = "";
    for (const [relative, content] of Object.entries(folderFiles)) files[join(name, relative)] = content;
  }
  const workspaceFile = fileIn === undefined ? "test.code-workspace" : join(fileIn, "test.code-workspace");
  files[workspaceFile] = JSON.stringify(
    {
      folders: Object.keys(folders).map((name) => ({
        path: fileIn === undefined ? name : relativePath(join("/", fileIn), join("/", name)) || ".",
      })),
    },
    null,
    2,
  );
  const root = makeTempFolder("symposium-workspace-", files);
  return {
    root,
    folders: Object.keys(folders).map((name) => join(root, name)),
    file: join(root, workspaceFile),
  };
}
