// The color theme of a running workbench, switched as a user switches it.
import type { FrameLocator } from "playwright-core";
import type { Workbench } from "../../tools/workbench";

/**
 * VS Code's default themes, dark (what a new user gets) and light, its dark high-contrast theme, and the classic
 * light theme many keep (Light+, whose description colour is fainter than Light Modern's).
 */
export const THEMES = {
  dark: "Default Dark Modern",
  light: "Default Light Modern",
  highContrast: "Default High Contrast",
  highContrastLight: "Default High Contrast Light",
  lightPlus: "Default Light+",
} as const;
export type Theme = keyof typeof THEMES;

/** How the workbench and a webview's body say which kind of theme they show. */
const THEME_CLASSES: Readonly<Record<Theme, { workbench: string; webview: string }>> = {
  dark: { workbench: ".monaco-workbench.vs-dark", webview: "body.vscode-dark" },
  light: { workbench: ".monaco-workbench.vs:not(.vs-dark)", webview: "body.vscode-light" },
  highContrast: { workbench: ".monaco-workbench.hc-black", webview: "body.vscode-high-contrast" },
  highContrastLight: { workbench: ".monaco-workbench.hc-light", webview: "body.vscode-high-contrast-light" },
  lightPlus: { workbench: ".monaco-workbench.vs:not(.vs-dark)", webview: "body.vscode-light" },
};

/**
 * Switches the color theme as a user does (Preferences: Color Theme) and waits until the workbench and the webview
 * use it. (Rewriting settings.json does not reach this workbench: code-
 * server does not watch the file here. Nor does a `workbench.colorTheme` given at startup: the harness's code-server
 * lives under this repository, so VS Code counts its built-in themes as themes of the extension under development and
 * starts with one of those.)
 */
export async function switchTheme(workbench: Workbench, webview: FrameLocator, theme: Theme): Promise<void> {
  const { page } = workbench;
  const label = THEMES[theme].replace(/^Default /, "");
  const input = page.locator(".quick-input-widget input.input");
  const rows = page.locator(".quick-input-widget .quick-input-list .monaco-list-row");
  await page.locator(".part.statusbar").click({ position: { x: 600, y: 5 } }); // focus the workbench, not the webview
  await page.keyboard.press("F1");
  await input.fill(">Preferences: Color Theme");
  await rows
    .filter({ hasText: /^Preferences: Color Theme/ })
    .first()
    .click();
  await input.fill(label);
  // "Default High Contrast" is also the start of "Default High Contrast Light".
  await rows
    .filter({ hasText: new RegExp(`${THEMES[theme].replace(/[+]/g, "\\+")}(?! Light)`) })
    .first()
    .click();
  await page.locator(THEME_CLASSES[theme].workbench).waitFor({ state: "attached", timeout: 30_000 });
  await webview.locator(THEME_CLASSES[theme].webview).waitFor({ state: "attached", timeout: 30_000 });
  await page.mouse.move(900, 450);
  await page.waitForTimeout(300); // let the new colours paint
}
