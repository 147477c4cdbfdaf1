// Throwaway browser preview of the webview (not shipped, not part of the production bundle).
//
//   node webview/dev/preview.mjs            build, serve, drive Chromium through the checks, write screenshots
//   node webview/dev/preview.mjs --serve    build and serve only (prints the URL; open it in a browser)
//
// It serves the real document from `renderWebviewHtml` (same CSP, nonce-only scripts) with a fake host script in
// front of the bundle, theme variables for dark / light / high contrast, and fixtures full of hostile strings.
import * as esbuild from "esbuild";
import { createServer } from "node:http";
import { cpSync, mkdirSync, readFileSync, existsSync } from "node:fs";
import { join, extname, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { themeCss } from "./themes.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outDir = join(root, "out", "webview-dev");
const shotsDir = process.env.SHOTS_DIR ?? "/tmp/symposium-shots";
const serveOnly = process.argv.includes("--serve");

mkdirSync(outDir, { recursive: true });
mkdirSync(shotsDir, { recursive: true });
const common = { bundle: true, logLevel: "warning", legalComments: "none", absWorkingDir: root };
await Promise.all([
  // Same options as the production webview build.
  esbuild.build({
    ...common,
    entryPoints: { webview: "webview/main.ts" },
    outdir: outDir,
    platform: "browser",
    format: "iife",
    target: "es2022",
    minify: process.env.PREVIEW_MINIFY !== "0",
  }),
  esbuild.build({
    ...common,
    entryPoints: { fakeHost: "webview/dev/fakeHost.ts" },
    outdir: outDir,
    platform: "browser",
    format: "iife",
    target: "es2022",
  }),
  esbuild.build({
    ...common,
    entryPoints: { webviewHtml: "src/host/webviewHtml.ts" },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    platform: "node",
    format: "esm",
    external: ["vscode"],
  }),
]);
mkdirSync(join(outDir, "codicons"), { recursive: true });
for (const file of ["codicon.css", "codicon.ttf"])
  cpSync(join(root, "node_modules/@vscode/codicons/dist", file), join(outDir, "codicons", file));
const { renderWebviewHtml, makeNonce } = await import(pathToFileURL(join(outDir, "webviewHtml.mjs")).href);

const types = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".ttf": "font/ttf",
  ".map": "application/json",
};
const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const origin = `http://${request.headers.host}`;
  if (url.pathname === "/" || url.pathname === "/index.html") {
    const theme = url.searchParams.get("theme") ?? "dark";
    const nonce = makeNonce();
    let html = renderWebviewHtml({
      cspSource: origin,
      nonce,
      scriptUri: `${origin}/webview.js`,
      styleUri: `${origin}/webview.css`,
      codiconsUri: `${origin}/codicons/codicon.css`,
    });
    // Preview additions: theme variables (a stylesheet, as CSP allows) and the fake host, before the bundle.
    html = html
      .replace("<title>", `<link rel="stylesheet" href="${origin}/theme-${theme}.css">\n<title>`)
      .replace("<body>", `<body class="vscode-${theme === "hc" ? "high-contrast" : theme}">`)
      .replace(
        `<script nonce="${nonce}"`,
        `<script nonce="${nonce}" src="${origin}/fakeHost.js"></script>\n<script nonce="${nonce}"`,
      );
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
    return;
  }
  const theme = /^\/theme-(dark|light|hc)\.css$/.exec(url.pathname);
  if (theme) {
    response.writeHead(200, { "content-type": "text/css" });
    response.end(themeCss(theme[1]));
    return;
  }
  const file = join(outDir, url.pathname.replace(/\.\.+/g, ""));
  if (!file.startsWith(outDir) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
  response.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;
console.log(
  `preview at ${base}/index.html?theme=dark#full (themes: dark, light, hc; hashes: #full, #empty, #blocked)`,
);
if (serveOnly) await new Promise(() => {});

const { chromium } = await import("playwright-core");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let failures = 0;
function check(name, ok, detail = "") {
  if (!ok) failures++;
  console.log(`${ok ? "PASS" : "FAIL"} ${name}${detail ? `: ${detail}` : ""}`);
}

async function open(theme, hash, size = { width: 440, height: 1000 }) {
  const page = await browser.newPage({ viewport: size });
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico"))
      errors.push(`${response.status()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.location().url.endsWith("/favicon.ico")) return;
    if (message.type() === "error" || message.type() === "warning")
      errors.push(`${message.type()}: ${message.text()}`);
  });
  await page.goto(`${base}/index.html?theme=${theme}#${hash}`);
  await page.waitForFunction(
    () =>
      window.symposiumPreview?.posted.some((m) => m.type === "painted") ||
      document.querySelector(".empty-state:not([hidden])"),
  );
  await page.waitForTimeout(150);
  return { page, errors };
}
const posted = (page) =>
  page.evaluate(() => window.symposiumPreview.posted.filter((m) => m.type !== "painted"));
const clearPosted = (page) =>
  page.evaluate(() => {
    window.symposiumPreview.posted.length = 0;
  });

try {
  // ---------------------------------------------------------------- full snapshot in three themes
  for (const theme of ["dark", "light", "hc"]) {
    {
      // A tall viewport shows the whole transcript and all pinned cards at once; wait out the click guard.
      const tall = await open(theme, "full", { width: 440, height: 3000 });
      await tall.page.waitForTimeout(600);
      await tall.page.evaluate(() => {
        document.querySelector(".transcript").scrollTop = 0;
      });
      for (let part = 0; part < 3; part++) {
        await tall.page.screenshot({
          path: `${shotsDir}/tall-${theme}-${part}.png`,
          clip: { x: 0, y: part * 1000, width: 440, height: 1000 },
        });
      }
      await tall.page.close();
    }
    const { page, errors } = await open(theme, "full");
    await page.screenshot({ path: `${shotsDir}/guarded-${theme}.png` });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${shotsDir}/full-${theme}.png` });
    if (theme === "dark") {
      const safety = await page.evaluate(() => ({
        pwned: window.__pwned,
        images: document.querySelectorAll("img").length,
        scripts: Array.from(document.scripts).map((script) => script.src.replace(location.origin, "")),
        hrefs: Array.from(document.querySelectorAll("[href]")).filter((node) => node.tagName !== "LINK")
          .length,
        onAttributes: Array.from(document.querySelectorAll("*")).filter((node) =>
          Array.from(node.attributes).some((a) => a.name.startsWith("on")),
        ).length,
        violations: window.symposiumPreview.cspViolations,
        // The fake host's own global is expected; the view must not add the API object anywhere on window.
        acquireOnWindow: Object.keys(window).filter(
          (key) =>
            key !== "acquireVsCodeApi" &&
            key !== "symposiumPreview" &&
            typeof window[key]?.postMessage === "function" &&
            window[key] !== window,
        ),
      }));
      check("no script ran from agent strings", safety.pwned === undefined, String(safety.pwned));
      check("no <img> elements", safety.images === 0, String(safety.images));
      check("only our two scripts", safety.scripts.length === 2, safety.scripts.join(", "));
      check("no element with href (links do not navigate)", safety.hrefs === 0, String(safety.hrefs));
      check("no on* attributes", safety.onAttributes === 0, String(safety.onAttributes));
      check("no CSP violations", safety.violations.length === 0, safety.violations.join(" | "));
      check(
        "no VS Code API object on window",
        safety.acquireOnWindow.length === 0,
        safety.acquireOnWindow.join(","),
      );

      const placement = await page.evaluate(() => ({
        inline: Array.from(document.querySelectorAll(".tool-prompts .card")).map((c) => c.dataset.key),
        pinned: Array.from(document.querySelectorAll(".pinned-list .card")).map((c) => c.dataset.key),
      }));
      check(
        "tool_call card in transcript sits on its tool call",
        placement.inline.join() === "p-edit",
        placement.inline.join(),
      );
      check(
        "other cards pinned in arrival order",
        placement.pinned.join() === "p-command,p-unknown,p-none,p-long,p-other-session",
        placement.pinned.join(),
      );
      const longTitle = await page.evaluate(
        () => document.querySelector(".card[data-key='p-long'] .card-title").textContent.length,
      );
      check("100k title clipped for display", longTitle < 700, String(longTitle));
      const commandText = await page.locator(".card[data-key='p-command'] pre.command").innerText();
      check(
        "ANSI SGR stripped, ESC and bidi shown",
        !commandText.includes("[31m") &&
          commandText.includes("␛") &&
          commandText.includes("<U+202E>") &&
          commandText.includes("<U+200B>") &&
          commandText.includes("␀"),
        JSON.stringify(commandText),
      );
      const markdownText = await page.locator(".item.agent").innerText();
      check(
        "raw HTML shown as text",
        markdownText.includes("<img src=x onerror=") && markdownText.includes("<script>"),
      );
      check("markdown image not loaded, shown as text", markdownText.includes("[image: tracking pixel]"));

      // Accessible names e2e tests rely on.
      const names = {
        group: await page.getByRole("group", { name: "Run the tests", exact: true }).count(),
        message: await page.getByRole("textbox", { name: "Message", exact: true }).count(),
        send: await page.getByRole("button", { name: "Send", exact: true }).count(),
        stop: await page.getByRole("button", { name: "Stop", exact: true }).count(),
        bypass: await page.getByRole("button", { name: "Bypass Permissions", exact: true }).count(),
        agent: await page.getByRole("combobox", { name: "Agent", exact: true }).count(),
        newSession: await page.getByRole("button", { name: "New session", exact: true }).count(),
        tabs: await page.getByRole("tab").count(),
        close: await page.getByRole("button", { name: "Close session", exact: true }).count(),
      };
      check(
        "accessible names",
        names.group === 1 &&
          names.message === 1 &&
          names.send === 1 &&
          names.stop === 1 &&
          names.bypass === 2 &&
          names.agent === 1 &&
          names.newSession === 1 &&
          names.tabs === 2 &&
          names.close === 1,
        JSON.stringify(names),
      );
      check(
        "Stop enabled while waiting for approval",
        (await page.getByRole("button", { name: "Stop", exact: true }).getAttribute("aria-disabled")) ===
          "false",
      );
      check(
        "Send disabled while not ready",
        (await page.getByRole("button", { name: "Send", exact: true }).getAttribute("aria-disabled")) ===
          "true",
      );
      check(
        "describedby resolves",
        await page.evaluate(() =>
          Array.from(document.querySelectorAll(".card")).every((card) =>
            document.getElementById(card.getAttribute("aria-describedby")),
          ),
        ),
      );

      // ------------------------------------------------------------ keyboard and click guard
      await clearPosted(page);
      const commandCard = page.getByRole("group", { name: "Run the tests" });
      await commandCard.focus();
      await page.keyboard.press("1");
      await page.waitForTimeout(50);
      check(
        "guard: card from snapshot still accepts after 500 ms",
        (await posted(page)).some(
          (m) => m.type === "choose" && m.key === "p-command" && m.optionId === "allow-once",
        ),
        JSON.stringify(await posted(page)),
      );
      await clearPosted(page);
      await page.getByRole("group", { name: "Do something new" }).focus();
      await page.keyboard.press("Escape");
      check(
        "Escape chooses the first reject option",
        JSON.stringify(await posted(page)) ===
          JSON.stringify([{ type: "choose", key: "p-unknown", optionId: "no" }]),
        JSON.stringify(await posted(page)),
      );
      await clearPosted(page);
      await page.locator(".card[data-key='p-none']").focus();
      await page.keyboard.press("Escape");
      check(
        "Escape with no reject option does nothing",
        (await posted(page)).length === 0,
        JSON.stringify(await posted(page)),
      );

      // New card: guard, focus on the group (not a button), announcement.
      await page.evaluate(() => document.activeElement?.blur());
      await clearPosted(page);
      await page.evaluate(() =>
        window.symposiumPreview.ops([
          {
            op: "prompt",
            prompt: {
              key: "p-new",
              sessionKey: "session-a",
              agentName: "Demo Agent",
              title: "Write .env",
              subject: { type: "none" },
              options: [
                { optionId: "y", name: "Allow once", kind: "allow_once", kindClass: "allow" },
                { optionId: "n", name: "Reject", kind: "reject_once", kindClass: "reject" },
              ],
              canBypass: true,
              receivedAt: Date.now(),
            },
          },
        ]),
      );
      await page.waitForSelector(".card[data-key='p-new']");
      await page.waitForTimeout(30);
      const focusInfo = await page.evaluate(() => ({
        tag: document.activeElement?.tagName,
        cls: document.activeElement?.className,
        key: document.activeElement?.dataset?.key,
      }));
      check(
        "new card focuses the group, not a button",
        focusInfo.key === "p-new" && focusInfo.cls?.includes("card"),
        JSON.stringify(focusInfo),
      );
      const guardAria = await page
        .getByRole("button", { name: "Allow once" })
        .last()
        .getAttribute("aria-disabled");
      check("new card buttons aria-disabled during guard", guardAria === "true", String(guardAria));
      await page.screenshot({ path: `${shotsDir}/new-card-guarded.png` });
      await page.keyboard.press("1");
      await page.locator(".card[data-key='p-new'] .option-allow").click({ force: true });
      check(
        "guard ignores keys and clicks in the first 500 ms",
        !(await posted(page)).some((m) => m.type === "choose"),
        JSON.stringify(await posted(page)),
      );
      await page.waitForTimeout(550);
      check(
        "painted posted for the new card",
        (await page.evaluate(
          () =>
            window.symposiumPreview.posted.filter((m) => m.type === "painted" && m.key === "p-new").length,
        )) === 1,
      );
      await page.waitForTimeout(1000);
      const announced = await page.locator("[aria-live=polite]").textContent();
      check("announced politely", announced === "Permission requested by Demo Agent: Write .env", announced);

      // Bypass confirmation.
      await clearPosted(page);
      await page
        .locator(".card[data-key='p-new']")
        .getByRole("button", { name: "Bypass Permissions" })
        .click();
      const confirmFocus = await page.evaluate(() => document.activeElement?.textContent);
      check("bypass confirmation focuses Cancel", confirmFocus === "Cancel", confirmFocus);
      await page
        .locator(".card[data-key='p-new']")
        .screenshot({ path: `${shotsDir}/bypass-confirm-${theme}.png` });
      check("no bypass before confirmation", (await posted(page)).length === 0);
      await page.keyboard.press("Escape");
      check(
        "Escape closes the confirmation without choosing",
        (await posted(page)).length === 0 && (await page.locator(".bypass-confirm").count()) === 0,
      );
      await page
        .locator(".card[data-key='p-new']")
        .getByRole("button", { name: "Bypass Permissions" })
        .click();
      await page.getByRole("button", { name: "Confirm bypass" }).click();
      check(
        "Confirm bypass posts bypass",
        JSON.stringify(await posted(page)) === JSON.stringify([{ type: "bypass", key: "p-new" }]),
        JSON.stringify(await posted(page)),
      );

      // Decided: inline card collapses in place, pinned card moves to the transcript end as a record.
      await page.locator(".card[data-key='p-edit']").focus();
      await page.evaluate(() => window.symposiumPreview.decide("p-edit", "You chose Allow once", "allow"));
      await page.waitForTimeout(50);
      const inlineRecord = await page.evaluate(() => ({
        text: document.querySelector(".item.tool-call[data-id='tool:tc-edit'] .tool-prompts")?.textContent,
        focused: document.activeElement?.className,
      }));
      check(
        "inline card collapses into its record",
        inlineRecord.text === "✓You chose Allow once",
        JSON.stringify(inlineRecord),
      );
      check(
        "focus stays where the card was",
        String(inlineRecord.focused).includes("decision-record"),
        inlineRecord.focused,
      );
      await page.evaluate(() => window.symposiumPreview.decide("p-command", "Expired: rejected", "reject"));
      await page.waitForTimeout(50);
      const lastItem = await page.evaluate(
        () =>
          document.querySelector(".session-view:not([hidden]) .transcript-items")?.lastElementChild
            ?.textContent,
      );
      check(
        "pinned card becomes a record at the transcript end",
        lastItem?.includes("Expired: rejected"),
        lastItem,
      );
      check("pinned card removed", (await page.locator(".card[data-key='p-command']").count()) === 0);
      await page
        .locator(".item.tool-call[data-id='tool:tc-edit']")
        .screenshot({ path: `${shotsDir}/inline-decided.png` });

      // Links go through the host.
      await clearPosted(page);
      await page.getByRole("link", { name: "Click me" }).click();
      await page.getByRole("link", { name: "docs" }).press("Enter");
      check(
        "links post openLink, no navigation",
        JSON.stringify(await posted(page)) ===
          JSON.stringify([
            { type: "openLink", href: "javascript:window.__pwned='link'" },
            { type: "openLink", href: "https://example.com/docs" },
          ]) && page.url().includes("#full"),
        JSON.stringify(await posted(page)),
      );
      // Location and diff buttons.
      await clearPosted(page);
      await page.locator(".item.tool-call[data-id='tool:tc-edit'] .location").first().click();
      await page
        .locator(".item.tool-call[data-id='tool:tc-edit']")
        .getByRole("button", { name: "Open diff" })
        .click();
      check(
        "openLocation / openDiff by index",
        JSON.stringify(await posted(page)) ===
          JSON.stringify([
            { type: "openLocation", sessionKey: "session-a", toolCallId: "tc-edit", index: 0 },
            { type: "openDiff", sessionKey: "session-a", toolCallId: "tc-edit", index: 0 },
          ]),
        JSON.stringify(await posted(page)),
      );

      // Tabs: switching moves the other session's card inline.
      await clearPosted(page);
      await page.getByRole("tab", { name: /Fetch docs/ }).click();
      await page.waitForTimeout(50);
      const switched = await page.evaluate(() => ({
        inline: Array.from(document.querySelectorAll(".session-view:not([hidden]) .tool-prompts .card")).map(
          (c) => c.dataset.key,
        ),
      }));
      check(
        "selectSession posted",
        (await posted(page)).some((m) => m.type === "selectSession" && m.sessionKey === "session-b"),
      );
      check(
        "other session's card moves onto its tool call",
        switched.inline.join() === "p-other-session",
        JSON.stringify(switched),
      );
      await page.screenshot({ path: `${shotsDir}/session-b-${theme}.png` });
      await page.keyboard.press("ArrowLeft");
      await page.waitForTimeout(50);
      check(
        "arrow keys move between tabs",
        (await posted(page)).some((m) => m.type === "selectSession" && m.sessionKey === "session-a"),
      );

      // Composer: Enter sends, Shift+Enter is a newline.
      await page.evaluate(() =>
        window.symposiumPreview.ops([
          {
            op: "session",
            header: {
              key: "session-a",
              agentName: "Demo Agent",
              title: "Refactor the loader",
              status: "ready",
              bypassed: false,
              commands: [],
            },
          },
        ]),
      );
      await page.waitForTimeout(50);
      await clearPosted(page);
      const box = page.getByRole("textbox", { name: "Message", exact: true });
      await box.click();
      await page.keyboard.type("line one");
      await page.keyboard.press("Shift+Enter");
      await page.keyboard.type("line two");
      await page.keyboard.press("Enter");
      check(
        "Enter sends, Shift+Enter newline",
        JSON.stringify(await posted(page)) ===
          JSON.stringify([{ type: "sendPrompt", sessionKey: "session-a", text: "line one\nline two" }]),
        JSON.stringify(await posted(page)),
      );
      check(
        "Stop disabled when ready",
        (await page.getByRole("button", { name: "Stop", exact: true }).getAttribute("aria-disabled")) ===
          "true",
      );
      // Typing in the composer: a new card must not take focus.
      await box.click();
      await page.evaluate(() =>
        window.symposiumPreview.ops([
          {
            op: "prompt",
            prompt: {
              key: "p-while-typing",
              sessionKey: "session-a",
              agentName: "Demo Agent",
              title: "While typing",
              subject: { type: "none" },
              options: [{ optionId: "n", name: "Reject", kind: "reject_once", kindClass: "reject" }],
              canBypass: false,
              receivedAt: Date.now(),
            },
          },
        ]),
      );
      await page.waitForSelector(".card[data-key='p-while-typing']");
      await page.waitForTimeout(30);
      const stillTyping = await page.evaluate(() => document.activeElement?.tagName);
      check(
        "new card does not steal focus from the composer",
        stillTyping === "VSCODE-TEXTAREA",
        stillTyping,
      );
      await page.evaluate(() => window.symposiumPreview.send({ type: "focusPrompt", key: "p-long" }));
      await page.waitForTimeout(50);
      check(
        "focusPrompt focuses the card group",
        (await page.evaluate(() => document.activeElement?.dataset?.key)) === "p-long",
      );
      await page.evaluate(() => window.symposiumPreview.send({ type: "focusComposer" }));
      await page.waitForTimeout(50);
      check(
        "focusComposer focuses the Message box",
        (await page.evaluate(() => document.activeElement?.tagName)) === "VSCODE-TEXTAREA",
      );
      // Streaming: many updates to one agent item in a burst become one node, updated in place; thoughts stay open.
      await page.locator(".item.thought summary").click();
      const streamed = await page.evaluate(async () => {
        const text = "Streaming **reply** ";
        for (let i = 1; i <= 60; i++) {
          window.symposiumPreview.ops([
            {
              op: "item",
              sessionKey: "session-a",
              item: { kind: "agent", id: "stream", markdown: text.repeat(i) },
            },
            {
              op: "item",
              sessionKey: "session-a",
              item: { kind: "thought", id: "t1", text: `thinking ${i}` },
            },
          ]);
        }
        // postMessage delivers in later tasks; give the view a few frames.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const transcript = document.querySelector(".transcript");
        return {
          nodes: document.querySelectorAll(".session-view:not([hidden]) .item[data-id='stream']").length,
          strongs: document.querySelectorAll(".item[data-id='stream'] strong").length,
          thoughtOpen: document.querySelector(".item.thought[data-id='t1']").open,
          thought: document.querySelector(".item.thought[data-id='t1'] .thought-text").textContent,
          atBottom: transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight < 60,
        };
      });
      check(
        "streamed item updated in place",
        streamed.nodes === 1 && streamed.strongs === 60,
        JSON.stringify(streamed),
      );
      check(
        "open thought stays open on update",
        streamed.thoughtOpen && streamed.thought === "thinking 60",
        JSON.stringify(streamed),
      );
      check("no page errors", errors.length === 0, errors.join(" | "));
    }
    await page.close();
  }

  // ---------------------------------------------------------------- empty and blocked states
  for (const [hash, theme] of [
    ["empty", "dark"],
    ["blocked", "light"],
  ]) {
    const { page, errors } = await open(theme, hash, { width: 440, height: 600 });
    await page.screenshot({ path: `${shotsDir}/${hash}-${theme}.png` });
    if (hash === "empty") {
      await clearPosted(page);
      await page.getByRole("button", { name: "Start a session with Demo Agent" }).click();
      check(
        "empty state starts Demo Agent",
        JSON.stringify(await posted(page)) ===
          JSON.stringify([{ type: "newSession", agentName: "Demo Agent" }]),
        JSON.stringify(await posted(page)),
      );
    }
    check(`no page errors (${hash})`, errors.length === 0, errors.join(" | "));
    await page.close();
  }

  // ---------------------------------------------------------------- 1,000 pending cards
  {
    const { page } = await open("dark", "full");
    await page.evaluate(() =>
      window.symposiumPreview.ops([
        {
          op: "session",
          header: {
            key: "session-a",
            agentName: "Demo Agent",
            title: "Refactor the loader",
            status: "running",
            bypassed: false,
            commands: [],
          },
        },
      ]),
    );
    const flood = await page.evaluate(async () => {
      const start = performance.now();
      window.symposiumPreview.flood(1000);
      await new Promise((resolve) => {
        const poll = () =>
          window.symposiumPreview.posted.some((m) => m.type === "painted" && m.key === "flood-999")
            ? resolve()
            : setTimeout(poll, 5);
        poll();
      });
      return performance.now() - start;
    });
    check("1,000 cards painted", true, `${flood.toFixed(0)} ms from message to painted report`);
    const one = await page.evaluate(async () => {
      const samples = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        window.symposiumPreview.ops([
          {
            op: "prompt",
            prompt: {
              key: `extra-${i}`,
              sessionKey: "session-a",
              agentName: "Demo Agent",
              title: `Extra ${i}`,
              subject: { type: "command", command: "ls", cwd: "/w", cwdInWorkspace: true },
              options: [{ optionId: "n", name: "Reject", kind: "reject_once", kindClass: "reject" }],
              canBypass: false,
              receivedAt: Date.now(),
            },
          },
        ]);
        await new Promise((resolve) => {
          const poll = () =>
            window.symposiumPreview.posted.some((m) => m.type === "painted" && m.key === `extra-${i}`)
              ? resolve()
              : setTimeout(poll, 1);
          poll();
        });
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      return { p50: samples[10], max: samples[19] };
    });
    check(
      "one more card with 1,000 pending",
      one.p50 < 100,
      `p50 ${one.p50.toFixed(1)} ms, max ${one.max.toFixed(1)} ms (message to painted)`,
    );
    await page.waitForTimeout(600);
    await clearPosted(page);
    const clickStart = Date.now();
    await page.locator(".card[data-key='flood-500']").scrollIntoViewIfNeeded();
    await page.locator(".card[data-key='flood-500']").getByRole("button", { name: "Reject" }).click();
    check(
      "a card deep in 1,000 responds to a click",
      (await posted(page)).some((m) => m.key === "flood-500" && m.optionId === "reject-once"),
      `${Date.now() - clickStart} ms incl. scroll`,
    );
    const decideAll = await page.evaluate(async () => {
      const start = performance.now();
      window.symposiumPreview.ops(
        Array.from({ length: 1000 }, (_, i) => ({
          op: "decided",
          record: {
            key: `flood-${i}`,
            sessionKey: "session-a",
            agentName: "Demo Agent",
            title: `Run step ${i}`,
            provenance: "stop",
            outcome: "cancelled",
            at: Date.now(),
            summary: "Stopped",
          },
        })),
      );
      await new Promise((resolve) => {
        const poll = () =>
          document.querySelector(".card[data-key^='flood-']")
            ? requestAnimationFrame(poll)
            : requestAnimationFrame(resolve);
        poll();
      });
      return {
        ms: performance.now() - start,
        left: document.querySelectorAll(".card[data-key^='flood-']").length,
      };
    });
    check(
      "1,000 decided in one update",
      decideAll.left === 0,
      `${decideAll.ms.toFixed(0)} ms to two frames later`,
    );
    await page.screenshot({ path: `${shotsDir}/after-flood.png` });
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(failures === 0 ? "all checks passed" : `${failures} check(s) failed`);
console.log(`screenshots in ${shotsDir}`);
process.exit(failures === 0 ? 0 : 1);
