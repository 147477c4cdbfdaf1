// Debian's chromium driven by playwright-core. Playwright's own browser download cannot work offline, so we always pass
// executablePath. Helpers here know the workbench's DOM (VS Code 1.100), nothing about Symposium's internals.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import {
  chromium,
  type BrowserContext,
  type ConsoleMessage,
  type FrameLocator,
  type Locator,
  type Page,
} from "playwright-core";
import { repoRoot, resultsDir } from "./paths";

const SYMPOSIUM_EXTENSION_ID = "symposium.symposium";
const chromiumPath = process.env.SYMPOSIUM_CHROMIUM ?? "/usr/bin/chromium";

const chromiumArgs = [
  "--no-sandbox", // we run as root in containers
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export interface ConsoleEntry {
  readonly type: string;
  readonly text: string;
  /** Script or document the message came from ("" when Chromium does not say). */
  readonly url: string;
}

/**
 * Console output and uncaught errors of the page and all its frames (webviews included). Chromium reports
 * Content-Security-Policy violations as console errors ("Loading the image '...' violates the following Content Security
 * Policy directive: ..."), which Playwright surfaces as `console` events on the page, so one listener sees them all.
 */
export class ConsoleWatcher {
  readonly entries: ConsoleEntry[] = [];

  attach(page: Page): void {
    page.on("console", (message: ConsoleMessage) => {
      this.entries.push({ type: message.type(), text: message.text(), url: message.location().url });
    });
    page.on("pageerror", (error: Error) => {
      // An uncaught error has no location; the first URL of its stack says which document's script threw.
      const url = /\b(https?:\/\/[^\s)]+?)(?::\d+){0,2}\)?$/m.exec(error.stack ?? "")?.[1] ?? "";
      this.entries.push({ type: "pageerror", text: `${error.name}: ${error.message}`, url });
    });
  }

  errors(): ConsoleEntry[] {
    return this.entries.filter((e) => e.type === "error" || e.type === "pageerror");
  }

  /** CSP violations anywhere in the page (the workbench's own policy included). */
  cspViolations(): ConsoleEntry[] {
    return this.entries.filter((e) => /Content[- ]Security[- ]Policy/i.test(e.text));
  }

  /**
   * Errors raised by webview documents (their scripts are served from the webview resource path or carry the extension
   * id in the URL) plus every CSP violation: what an e2e test asserts to be empty.
   */
  webviewProblems(extensionId = SYMPOSIUM_EXTENSION_ID): ConsoleEntry[] {
    return this.errors().filter(
      (e) =>
        e.url.includes(extensionId) ||
        e.url.includes("vscode-resource") ||
        e.url.includes("/webview/") ||
        /Content[- ]Security[- ]Policy/i.test(e.text),
    );
  }

  clear(): void {
    this.entries.length = 0;
  }
}

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly console: ConsoleWatcher;
  /** Closes Chromium and removes its temporary profile. */
  close(): Promise<void>;
}

/** Launches chromium headless (headed with SYMPOSIUM_HEADED=1) with a throw-away profile and HOME. */
export async function launchBrowser(): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), "symposium-chromium-"));
  const home = join(profile, "home");
  mkdirSync(home, { recursive: true });
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(join(profile, "user-data"), {
      executablePath: chromiumPath,
      headless: process.env.SYMPOSIUM_HEADED !== "1",
      args: chromiumArgs,
      viewport: { width: 1400, height: 900 },
      // Chromium writes caches and crash reports under HOME/XDG: keep them in the profile we delete.
      env: {
        ...process.env,
        HOME: home,
        XDG_CONFIG_HOME: join(home, ".config"),
        XDG_CACHE_HOME: join(home, ".cache"),
        XDG_DATA_HOME: join(home, ".local", "share"),
      },
      timeout: 60_000,
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw new Error(`Could not launch ${chromiumPath} (install Debian's chromium): ${String(error)}`);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const watcher = new ConsoleWatcher();
  watcher.attach(page);
  let closed = false;
  return {
    context,
    page,
    console: watcher,
    async close() {
      if (closed) return;
      closed = true;
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium on an empty page running `script`, bundled first: webview modules measured or tested outside VS Code
 * (the script imports them by absolute path and puts what it offers on `window`).
 */
export async function launchBarePage(script: string): Promise<BrowserSession> {
  const bundle = await build({
    stdin: { contents: script, resolveDir: repoRoot, loader: "js" },
    bundle: true,
    format: "iife",
    // The modules' own styles (`import "./styles/….css"`) are the view's, not this page's: left out.
    loader: { ".css": "empty" },
    write: false,
    logLevel: "warning",
  });
  const browser = await launchBrowser();
  try {
    await browser.page.setContent("<!DOCTYPE html><html><body></body></html>");
    await browser.page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    return browser;
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Navigates to a workbench URL and waits until the workbench is on screen. */
export async function gotoWorkbench(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await page.locator(".monaco-workbench").waitFor({ state: "visible", timeout: 60_000 });
}

// ---------------------------------------------------------------------------------------------------------------------
// Command palette

const quickInput = ".quick-input-widget";

async function closePalette(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page
    .locator(quickInput)
    .waitFor({ state: "hidden", timeout: 5000 })
    .catch(() => undefined);
}

/**
 * Opens a quick input (`open`), types `query` and returns the first row holding `shows`, or undefined after
 * `attempts` tries. Each try closes the input and opens it anew: the palette snapshots the command list when it opens
 * (an extension's commands can register later), and a fresh Go to File query starts a new file search (a busy machine
 * can leave the first one without results for many seconds). An input that does not show (the keys went elsewhere) or
 * closed before the query is typed (a command run just before moved the focus when it finished) is opened again too.
 */
async function findQuickInputRow(
  page: Page,
  open: () => Promise<void>,
  query: string,
  shows: string,
  { attempts, waitMs, pauseMs }: { attempts: number; waitMs: number; pauseMs: number },
): Promise<Locator | undefined> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await open();
    const input = page.locator(`${quickInput} input.input`);
    const row = page
      .locator(`${quickInput} .quick-input-list .monaco-list-row`)
      .filter({ hasText: shows })
      .first();
    try {
      await input.waitFor({ state: "visible", timeout: 10_000 });
      await input.fill(query, { timeout: 5_000 });
      await row.waitFor({ state: "visible", timeout: waitMs });
      return row;
    } catch {
      await closePalette(page);
      await page.waitForTimeout(pauseMs);
    }
  }
  return undefined;
}

function findCommandRow(page: Page, title: string, attempts: number): Promise<Locator | undefined> {
  return findQuickInputRow(page, () => page.keyboard.press("F1"), `>${title}`, title, {
    attempts,
    waitMs: 3000,
    pauseMs: 1000,
  });
}

/** Runs a command by its palette title, e.g. "Symposium: New Session". Throws if it never shows up. */
export async function runCommand(page: Page, title: string, attempts = 6): Promise<void> {
  const row = await findCommandRow(page, title, attempts);
  if (!row) throw new Error(`Command "${title}" is not in the command palette (tried ${attempts} times).`);
  await row.click();
  await page
    .locator(quickInput)
    .waitFor({ state: "hidden", timeout: 5000 })
    .catch(() => undefined);
}

/** Opens the workspace file whose name holds `name` with Go to File, as a person does. */
export async function openFile(page: Page, name: string, attempts = 4): Promise<void> {
  const open = async () => {
    await page.locator(".part.statusbar").click({ position: { x: 600, y: 5 } }); // focus the workbench
    await page.keyboard.press("Control+p");
  };
  // Recently opened files are listed first: the row that holds the name is the search's own.
  const row = await findQuickInputRow(page, open, name, name, { attempts, waitMs: 10_000, pauseMs: 0 });
  if (!row) throw new Error(`Go to File never listed "${name}" (tried ${attempts} times).`);
  await row.click();
  await page.locator(".editor-instance .monaco-editor .view-lines").first().waitFor({ timeout: 15_000 });
}

/** True when the palette lists a command with this title; leaves the palette closed. */
export async function hasCommand(page: Page, title: string, attempts = 6): Promise<boolean> {
  const row = await findCommandRow(page, title, attempts);
  if (row) await closePalette(page);
  return row !== undefined;
}

/**
 * True when the palette, asked for `title`, says it has no matching command ("No matching commands", or the "similar
 * commands" it offers instead): a positive sign, so a palette that did not open reads as neither. It first lists
 * `listed`, a command that is there, so a palette that has not loaded its commands yet cannot say "none" for `title`.
 * Leaves the palette closed.
 */
export async function lacksCommand(page: Page, title: string, listed: string): Promise<boolean> {
  if (!(await findCommandRow(page, listed, 6)))
    throw new Error(`Command "${listed}" is not in the command palette.`);
  const row = page
    .locator(`${quickInput} .quick-input-list .monaco-list-row`)
    .filter({ hasText: title })
    .first();
  const none = page
    .locator(quickInput)
    .getByText(/^(No matching commands|similar commands)$/)
    .first();
  await page.locator(`${quickInput} input.input`).fill(`>${title}`, { timeout: 5_000 });
  await row.or(none).first().waitFor({ state: "visible", timeout: 15_000 });
  const lacks = await none.isVisible();
  await closePalette(page);
  return lacks;
}

// ---------------------------------------------------------------------------------------------------------------------
// The Symposium view and its webview

/** Shows the Symposium view container: its activity bar item, or the palette if the item is not visible. */
export async function openSymposiumView(page: Page): Promise<void> {
  // The tab (li) carries the selection state; its label sits on the inner anchor (VS Code 1.100).
  const item = page
    .locator('.part.activitybar li.action-item[role="tab"]:has(> a.action-label[aria-label^="Symposium"])')
    .first();
  const container = page.locator('.part.sidebar [id="workbench.view.extension.symposium"]');
  if (await container.isVisible()) return;
  try {
    await item.waitFor({ state: "visible", timeout: 15_000 });
    // Clicking the item of the container that is already open would close the side bar.
    if ((await item.getAttribute("aria-selected")) !== "true") {
      await item.click();
      // Move off the item: its hover tooltip would cover the top of the view (and screenshots).
      await page.mouse.move(700, 450);
    }
  } catch {
    await runCommand(page, "View: Show Symposium");
  }
  try {
    await container.waitFor({ state: "visible", timeout: 15_000 });
  } catch {
    // A workbench still restoring its layout (after a reload) can take the click as closing the side bar it was
    // about to show; the command only ever shows the view.
    await runCommand(page, "View: Show Symposium");
    await container.waitFor({ state: "visible", timeout: 30_000 });
  }
}

/**
 * Picks the row of the open quick pick that shows `text`, after typing `filter` into it when given (a row scrolled
 * out of the list is not in the DOM).
 */
export async function pickQuickItem(
  page: Page,
  text: string,
  filter?: string,
  timeoutMs = 60_000,
): Promise<void> {
  const widget = page.locator(".quick-input-widget");
  if (filter !== undefined) await widget.locator("input.input").fill(filter);
  const row = widget.locator(".quick-input-list .monaco-list-row").filter({ hasText: text }).first();
  await row.waitFor({ state: "visible", timeout: timeoutMs });
  await row.click();
}

/** Away from Symposium: the Explorer takes the side bar, as a person reading code does. */
export async function showExplorer(page: Page): Promise<void> {
  await page.keyboard.press("Control+Shift+E");
  await page
    .locator('.part.sidebar [id="workbench.view.explorer"]')
    .waitFor({ state: "visible", timeout: 15_000 });
}

/** The Explorer takes the side bar (VS Code drops the hidden view's page), then Symposium comes back (a new page). */
export async function hideAndShowView(page: Page): Promise<void> {
  await showExplorer(page);
  await openSymposiumView(page);
}

/** The document inside the extension's webview (two iframes deep: the host frame, then `#active-frame`). */
export function symposiumWebview(page: Page, extensionId = SYMPOSIUM_EXTENSION_ID): FrameLocator {
  return page
    .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`)
    .frameLocator("#active-frame");
}

/** Sets the side bar's width by dragging its sash, as a person does (narrower for layout checks, wider for pictures). */
export async function resizeSideBar(page: Page, width: number): Promise<void> {
  const sidebar = page.locator(".part.sidebar");
  const box = (await sidebar.boundingBox())!;
  const x = box.x + box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(x - 1, y);
  await page.mouse.down();
  await page.mouse.move(x + (box.x + width - x) / 2, y, { steps: 4 });
  await page.mouse.move(box.x + width, y, { steps: 4 });
  await page.mouse.up();
  await page.mouse.move(900, 450);
}

/** Saves a full-page screenshot to `test-results/screenshots/<name>.png` and returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(resultsDir, "screenshots");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  await page.screenshot({ path });
  return path;
}
