/**
 * The Symposium webview's HTML document, CSP and webview options. Stateless and free of `vscode` values (types
 * only), so it can be unit-tested in plain Node.
 *
 * Why the CSP is what it is: scripts run only by nonce (the one bundled `dist/webview.js`), styles and fonts only
 * from the extension's own resources (`cspSource`). No `'unsafe-inline'` for styles: the web components we use
 * (`@vscode-elements/elements`, built on lit) apply their styles with constructable stylesheets
 * (`adoptedStyleSheets`) and set inline styles through the CSSOM, both of which `style-src` does not block.
 * Nothing remote: agent Markdown images are never loaded, links go through the host.
 */
import type { Uri, WebviewOptions } from "vscode";
import type { BootData } from "../shared/protocol";

export interface WebviewHtmlParts {
  /** `webview.cspSource`. */
  cspSource: string;
  /** A fresh nonce per document (see `makeNonce`). */
  nonce: string;
  /** `asWebviewUri` of `dist/webview.js`. */
  scriptUri: string;
  /** `asWebviewUri` of `dist/webview.css`. */
  styleUri: string;
  /** `asWebviewUri` of `dist/codicons/codicon.css`. */
  codiconsUri: string;
  /** Read by the script at start (`data-boot` on `#app`, JSON). */
  boot?: BootData;
}

/** The only folders the webview may load from. */
const WEBVIEW_RESOURCE_FOLDERS = ["dist", "media"] as const;

/** Content-Security-Policy for the document. */
function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource}`,
  ].join("; ");
}

export function renderWebviewHtml(parts: WebviewHtmlParts): string {
  const csp = contentSecurityPolicy(parts.cspSource, parts.nonce);
  // The codicons link has the id `vscode-codicon-stylesheet`: `<vscode-icon>` (used inside vscode-elements
  // buttons and selects) finds the stylesheet by that id.
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" id="vscode-codicon-stylesheet" href="${escapeAttribute(parts.codiconsUri)}">
<link rel="stylesheet" href="${escapeAttribute(parts.styleUri)}">
<title>Symposium</title>
</head>
<body>
<div id="app"${parts.boot ? ` data-boot="${escapeAttribute(JSON.stringify(parts.boot))}"` : ""}></div>
<script nonce="${escapeAttribute(parts.nonce)}" src="${escapeAttribute(parts.scriptUri)}"></script>
</body>
</html>
`;
}

/** A page of one sentence and no script: the view when its script could not be had. */
export function renderUnavailableHtml(text: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'">
<title>Symposium</title>
</head>
<body><p role="alert">${escapeAttribute(text)}</p></body>
</html>
`;
}

/** 128 random bits as 32 hex characters, from the platform's CSPRNG. */
export function makeNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Options for `webview.options`: scripts on, command URIs off, resources only from the build and media folders (and
 * `alsoFrom`: where a packaged build's script was written out, `webviewScript.ts`).
 * Uses `Uri.with` (an instance method) so this module needs no runtime `vscode` import.
 */
export function webviewOptions(extensionUri: Uri, alsoFrom: readonly Uri[] = []): WebviewOptions {
  const base = extensionUri.path.replace(/\/+$/, "");
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [
      ...WEBVIEW_RESOURCE_FOLDERS.map((folder) => extensionUri.with({ path: `${base}/${folder}` })),
      ...alsoFrom,
    ],
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
