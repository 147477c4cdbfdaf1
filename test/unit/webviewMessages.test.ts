/** What the host accepts from the webview (hostile input) and what it tells the webview at boot. */
import assert from "node:assert/strict";
import { MAX_IMAGE_BASE64_CHARS } from "../../src/core/imageData";
import { historyMessage, webviewMessage } from "../../src/host/webviewMessages";
import { renderWebviewHtml } from "../../src/host/webviewHtml";
import { LIMITS } from "../../src/shared/limits";

const parses = (raw: unknown) => webviewMessage().safeParse(raw).success;

describe("webview messages (host side)", () => {
  it("accepts each intent the webview sends", () => {
    assert.ok(parses({ type: "ready" }));
    assert.ok(parses({ type: "choose", key: "k", optionKey: "0" }));
    assert.ok(parses({ type: "sendPrompt", sessionKey: "s", text: "x".repeat(LIMITS.intent.promptChars) }));
    assert.ok(parses({ type: "openDiff", sessionKey: "s", toolCallId: "t", index: 0 }));
    assert.ok(parses({ type: "openDiff", sessionKey: "s", toolCallId: "t", index: 0, key: "card" }));
    assert.ok(parses({ type: "openLocation", sessionKey: "s", toolCallId: "t", index: 0, key: "card" }));
    assert.ok(historyMessage().safeParse({ type: "export" }).success);
    assert.ok(parses({ type: "setControl", sessionKey: "s", controlId: "mode", value: "plan" }));
    assert.ok(parses({ type: "setControl", sessionKey: "s", controlId: "fast", value: true }));
    assert.ok(parses({ type: "editQueued", sessionKey: "s", itemId: "user:1" }));
    assert.ok(parses({ type: "copyMessage", sessionKey: "s", itemId: "agent:1" }));
    assert.ok(
      parses({
        type: "copyMessage",
        sessionKey: "s",
        itemId: "agent:1",
        code: "x".repeat(LIMITS.messageChars),
      }),
    );
    assert.ok(!parses({ type: "editQueued", sessionKey: "s", itemId: "user:1", text: "replaced" }));
    // A paint report (benchmarks) with all its stamps, the start of the view's message handling included.
    assert.ok(parses({ type: "painted", key: "k", at: 3, insertedAt: 2, frameAt: 2, messageAt: 1 }));
    assert.ok(!parses({ type: "painted", key: "k", at: 3, messageAt: "1" }));
  });

  it("refuses unknown types, extra fields, and anything over the shared caps", () => {
    assert.ok(!parses({ type: "runCommand", command: "rm -rf /" }));
    assert.ok(
      !parses({
        type: "copyMessage",
        sessionKey: "s",
        itemId: "a",
        code: "x".repeat(LIMITS.messageChars + 1),
      }),
    );
    assert.ok(!parses({ type: "copyMessage", sessionKey: "s", itemId: "a", code: 3 }));
    assert.ok(!parses({ type: "choose", key: "k", optionKey: "0", path: "/etc/passwd" }));
    assert.ok(
      !parses({ type: "sendPrompt", sessionKey: "s", text: "x".repeat(LIMITS.intent.promptChars + 1) }),
    );
    assert.ok(!parses({ type: "choose", key: "k".repeat(LIMITS.intent.keyChars + 1), optionKey: "0" }));
    assert.ok(!parses({ type: "openDiff", sessionKey: "s", toolCallId: "t", index: -1 }));
    assert.ok(!parses({ type: "openDiff", sessionKey: "s", toolCallId: "t", index: 1.5 }));
    assert.ok(!parses({ type: "openDiff", sessionKey: "s", toolCallId: "t", index: 0, key: 3 }));
    assert.ok(!parses({ type: "openLocation", sessionKey: "s", toolCallId: "t", index: 0, key: 3 }));
    assert.ok(!parses({ type: "openLink", href: "h".repeat(LIMITS.intent.hrefChars + 1) }));
    assert.ok(!historyMessage().safeParse({ type: "rows", rows: [] }).success);
    const id = "x".repeat(LIMITS.intent.controlIdChars + 1);
    assert.ok(!parses({ type: "setControl", sessionKey: "s", controlId: id, value: "a" }));
    assert.ok(!parses({ type: "setControl", sessionKey: "s", controlId: "m", value: id }));
    assert.ok(!parses({ type: "setControl", sessionKey: "s", controlId: "m", value: 3 }));
    assert.ok(!parses({ type: "setControl", sessionKey: "s", controlId: "", value: "a" }));
  });

  it("a grant names only the card, the scope and the edited words; a batch only keys, within the caps", () => {
    assert.ok(parses({ type: "grant", key: "k", scope: "session" }));
    assert.ok(parses({ type: "grant", key: "k", scope: "always", command: "npm test" }));
    assert.ok(parses({ type: "grant", key: "k", scope: "always", path: "src/**" }));
    assert.ok(!parses({ type: "grant", key: "k", scope: "forever" }));
    // The agent, the kind and the tool of a rule come from the host's proposal, never from the webview.
    assert.ok(!parses({ type: "grant", key: "k", scope: "always", agent: "Other" }));
    assert.ok(!parses({ type: "grant", key: "k", scope: "always", kind: "execute" }));
    assert.ok(!parses({ type: "grant", key: "k", scope: "always", action: "deny" }));
    assert.ok(
      !parses({ type: "grant", key: "k", scope: "always", command: "x".repeat(LIMITS.intent.ruleChars + 1) }),
    );
    assert.ok(parses({ type: "answerMany", keys: ["a", "b"], answer: "allow" }));
    assert.ok(!parses({ type: "answerMany", keys: [], answer: "allow" }));
    assert.ok(!parses({ type: "answerMany", keys: ["a"], answer: "always" }));
    assert.ok(
      !parses({
        type: "answerMany",
        keys: Array.from({ length: LIMITS.intent.batchKeys + 1 }, (_, i) => `k${i}`),
        answer: "reject",
      }),
    );
  });
  it("a pasted image is the session and its base64 only, up to the largest image taken", () => {
    assert.ok(parses({ type: "attachImage", sessionKey: "s", data: "iVBORw0KGgo=" }));
    assert.ok(parses({ type: "attachImage", sessionKey: "s", data: "A".repeat(MAX_IMAGE_BASE64_CHARS) }));
    assert.ok(
      !parses({ type: "attachImage", sessionKey: "s", data: "A".repeat(MAX_IMAGE_BASE64_CHARS + 4) }),
    );
    // The type is read from the bytes on the host; the view cannot name it, nor a name or path for the image.
    assert.ok(!parses({ type: "attachImage", sessionKey: "s", data: "AAAA", mimeType: "image/png" }));
    assert.ok(!parses({ type: "attachImage", sessionKey: "s", data: "AAAA", name: "/etc/passwd" }));
    assert.ok(!parses({ type: "attachImage", sessionKey: "s" }));
  });

  it("the @ list asks with a capped query and a sequence number, and adds a file by a token only", () => {
    const query = "x".repeat(LIMITS.intent.mentionQueryChars);
    assert.ok(parses({ type: "findFiles", sessionKey: "s", query, seq: 1 }));
    assert.ok(parses({ type: "findFiles", sessionKey: "s", query: "", seq: 0 }));
    assert.ok(!parses({ type: "findFiles", sessionKey: "s", query: `${query}x`, seq: 1 }));
    assert.ok(!parses({ type: "findFiles", sessionKey: "s", query: "a", seq: -1 }));
    assert.ok(!parses({ type: "findFiles", sessionKey: "s", query: "a", seq: 1, glob: "/etc/**" }));
    assert.ok(parses({ type: "addMention", sessionKey: "s", token: "t" }));
    // The view names a file only by the host's token: never by a path or URI.
    assert.ok(!parses({ type: "addMention", sessionKey: "s", token: "t", path: "/etc/passwd" }));
    assert.ok(!parses({ type: "addMention", sessionKey: "s", uri: "file:///etc/passwd" }));
  });
});

describe("webview boot data", () => {
  const parts = {
    cspSource: "vscode-resource:",
    nonce: "n",
    scriptUri: "s.js",
    styleUri: "s.css",
    codiconsUri: "c.css",
  };

  it("paint reports are off unless the host asks for them", () => {
    assert.match(
      renderWebviewHtml({ ...parts, boot: { reportPaint: false } }),
      /data-boot="\{&#34;reportPaint&#34;:false\}"/,
    );
    assert.match(renderWebviewHtml({ ...parts, boot: { reportPaint: true } }), /&#34;reportPaint&#34;:true/);
    assert.doesNotMatch(renderWebviewHtml(parts), /data-boot/);
  });
});
