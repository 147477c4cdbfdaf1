/**
 * The view's `ready` in a real extension host: a page's first one gets the snapshot at once, and a page that posts it
 * again and again (its frame reloaded unseen, or a compromised page looping) gets a few more, spaced, never one each:
 * every snapshot rebuilds every session's state on the extension host's thread.
 */
import * as assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import * as vscode from "vscode";
import type { SymposiumTestApi } from "../../src/extension";
import { SymposiumView } from "../../src/host/symposiumView";
import type { ToWebviewMessage } from "../../src/shared/protocol";
import { silentLog } from "../support/silentLog";

const EXTENSION_ID = "symposium.symposium";

/** A webview view that records what the host posts and lets the test post as its page. */
function fakeView(): {
  view: vscode.WebviewView;
  posted: ToWebviewMessage[];
  fromPage(message: unknown): void;
} {
  const posted: ToWebviewMessage[] = [];
  let receive: (message: unknown) => void = () => undefined;
  const none = { dispose: () => undefined };
  const webview = {
    options: {},
    html: "",
    cspSource: "vscode-webview:",
    asWebviewUri: (uri: vscode.Uri) => uri,
    postMessage: (message: ToWebviewMessage) => (posted.push(message), Promise.resolve(true)),
    onDidReceiveMessage: (listener: (message: unknown) => void) => ((receive = listener), none),
  };
  const view = {
    webview,
    visible: true,
    show: () => undefined,
    onDidDispose: () => none,
    onDidChangeVisibility: () => none,
  } as unknown as vscode.WebviewView;
  return { view, posted, fromPage: (message) => receive(message) };
}

describe("the view's ready (integration)", () => {
  let api: SymposiumTestApi;
  let extensionUri: vscode.Uri;

  before(async () => {
    const extension = vscode.extensions.getExtension<SymposiumTestApi>(EXTENSION_ID)!;
    api = await extension.activate();
    extensionUri = extension.extensionUri;
  });

  it("answers a page's ready at once, and a page posting it 200 times more with a few snapshots, spaced", async () => {
    let built = 0;
    const symposiumView = new SymposiumView(
      extensionUri,
      () => (built++, api.sessions.snapshot()),
      () => undefined,
      silentLog,
    );
    try {
      const page = fakeView();
      symposiumView.resolveWebviewView(page.view);
      page.fromPage({ type: "ready" });
      assert.equal(built, 1, "the first ready is answered in the task that receives it");
      assert.equal(page.posted[0]?.type, "snapshot");
      for (let i = 0; i < 200; i++) page.fromPage({ type: "ready" });
      await sleep(600);
      assert.ok(built >= 2, "a page that posts ready again still gets a snapshot");
      assert.ok(built <= 5, `spaced, not one per ready: ${built} snapshots in 600 ms`);
      // A new page (the view shown again) is answered at once again.
      const next = fakeView();
      symposiumView.resolveWebviewView(next.view);
      const before = built;
      next.fromPage({ type: "ready" });
      assert.equal(built, before + 1);
      assert.equal(next.posted[0]?.type, "snapshot");
    } finally {
      symposiumView.dispose();
    }
  });
});
