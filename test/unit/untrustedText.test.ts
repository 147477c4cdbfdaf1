import assert from "node:assert/strict";
import { copyableText, escapeForLog, externalLinkTarget, inertText } from "../../src/core/untrustedText";
import { INVISIBLE } from "../../src/shared/reading";
import { authMethodItems } from "../../src/host/authMethodPick";

/** VS Code's notification link syntax (`parseLinkedText`): `[label](scheme:target)` with nothing between `]` and `(`. */
const LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)[^)\s]+/i;
/** Codicon syntax in status bar items, quick picks and tooltips. */
const ICON = /\$\([a-z0-9-~]+\)/i;

describe("untrustedText", () => {
  it("shows an agent's sign-in methods in the quick pick inert: no icons, hidden characters or links", () => {
    const [item] = authMethodItems([
      {
        id: "m",
        name: "$(pass) Sign in\u202e",
        description: "[Docs](command:workbench.action.terminal.sendSequence)",
      },
    ]);
    assert.doesNotMatch(item!.label, ICON);
    assert.match(item!.label, /<U\+202E>/);
    assert.doesNotMatch(item!.detail!, LINK);
    assert.equal(item!.id, "m");
  });

  describe("inertText", () => {
    const attacks = [
      "Run tests [Show request](command:workbench.extensions.installExtension?%22evil.ext%22)",
      "[x](https://evil.example/phish)",
      "[x](file:///etc/passwd)",
      "[x]\n(command:foo)",
      "[x] \t (command:foo)",
      "$(check) Approved by Symposium",
      "$(loading~spin) working",
    ];
    for (const attack of attacks) {
      it(`leaves no link or icon in ${JSON.stringify(attack)}`, () => {
        const safe = inertText(attack);
        assert.doesNotMatch(safe, LINK);
        assert.doesNotMatch(safe, ICON);
      });
    }

    it("makes one line: newlines and control characters become spaces, ANSI escapes lose their ESC", () => {
      assert.equal(
        inertText("line one\nline two\r\n\tthree \u001b[31mred\u0007"),
        "line one line two three [31mred",
      );
    });

    it("shows bidi overrides and invisible characters instead of obeying them", () => {
      assert.equal(inertText("rm -rf \u202e/ txt.exe\u200b"), "rm -rf <U+202E>/ txt.exe<U+200B>");
      // What renders as nothing though it is no control: soft hyphen, grapheme joiner, fillers, a variation selector.
      assert.equal(
        inertText("r\u00adm\u034f -\u3164rf \u{e0100}~"),
        "r<U+00AD>m<U+034F> -<U+3164>rf <U+E0100>~",
      );
    });

    it("caps length by code points without splitting an emoji, with an ellipsis", () => {
      assert.equal(inertText("😀".repeat(300), 5), `${"😀".repeat(5)}…`);
      assert.equal(inertText("x".repeat(5_000_000)).length, 201);
    });

    it("keeps ordinary text as it was", () => {
      assert.equal(inertText("Claude Code (2) — edit src/a.ts"), "Claude Code (2) — edit src/a.ts");
      assert.equal(inertText(new Error("boom").message), "boom");
    });
  });

  describe("escapeForLog", () => {
    it("keeps a forged log line on the line it came in", () => {
      const forged = "ok\n2026-01-01 12:00:00.000 [info] Bypass Permissions turned off for Claude.";
      const line = escapeForLog(forged);
      assert.equal(line.includes("\n"), false);
      assert.equal(line, "ok\\n2026-01-01 12:00:00.000 [info] Bypass Permissions turned off for Claude.");
    });

    it("escapes every control, bidi and invisible character", () => {
      assert.equal(
        escapeForLog("a\r\tb\u001b[2J\u0000\u202e\u2066c"),
        "a\\r\\tb\\x1b[2J\\x00\\u{202e}\\u{2066}c",
      );
    });

    it("caps the line", () => {
      assert.equal(escapeForLog("y".repeat(100_000), 10), `${"y".repeat(10)}…`);
    });
  });

  describe("copyableText (an agent's message on the clipboard)", () => {
    it("keeps Markdown, code, newlines, tabs and every script as they are", () => {
      const text = "# Fix\n\n```ts\nconst a = 1;\t// ok\n```\nשלום, 世界 👩‍💻 café می\u200cخواهم";
      assert.equal(copyableText(text), text);
    });

    it("marks what the view marks, so a paste reads as the screen did and runs no escape", () => {
      assert.equal(
        copyableText("if (admin) {\u202e } \u2066// check\u2069\n\u001b[2Jrm -rf ~\rls\u0000\u200b"),
        "if (admin) {<U+202E> } <U+2066>// check<U+2069>\n<U+001B>[2Jrm -rf ~<U+000D>ls<U+0000><U+200B>",
      );
      assert.equal(copyableText("one\r\ntwo\r\n"), "one\ntwo\n", "Windows line ends are plain newlines");
    });
  });

  it("opens only http(s) links from an agent's message, never one that names a user before its host", () => {
    assert.equal(
      externalLinkTarget("https://github.com/microsoft/vscode"),
      "https://github.com/microsoft/vscode",
    );
    assert.equal(externalLinkTarget("http://localhost:3000/"), "http://localhost:3000/");
    for (const href of [
      "https://github.com@evil.example/x",
      "https://github.com:443@evil.example/x",
      "https://user:secret@example.com/",
      "javascript:alert(1)",
      "command:workbench.action.terminal.new",
      "file:///etc/passwd",
      "vscode://vscode.git/clone?url=x",
      "not a url",
    ])
      assert.equal(externalLinkTarget(href), undefined, href);
  });

  it("marks every format character that renders as nothing, as the view marks the others", () => {
    // Default-ignorable code points are drawn as nothing (CSS Text). Left unmarked: the variation selectors, which
    // emoji, CJK and maths text need, and Mongolian's free variation selectors, which its words need.
    const prose = /[\u180b-\u180d\u180f\ufe00-\ufe0f]/u;
    const unmarked: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (!/\p{Default_Ignorable_Code_Point}/u.test(char) || prose.test(char)) continue;
      INVISIBLE.lastIndex = 0;
      if (!INVISIBLE.test(char)) unmarked.push(`U+${code.toString(16).toUpperCase()}`);
    }
    INVISIBLE.lastIndex = 0;
    assert.deepEqual(unmarked, []);
    assert.equal(inertText("git\u206a push \u{1d173}--force"), "git<U+206A> push <U+1D173>--force");
  });

  it("lets through no character the view marks, into a notification, a copy or the log", () => {
    // Every code point: a line separator (U+2028), a Mongolian vowel separator or an interlinear annotation passed
    // raw into notifications and quick picks while the view marked it.
    const survivors: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      INVISIBLE.lastIndex = 0;
      if (!INVISIBLE.test(char)) continue;
      for (const [name, shown] of [
        ["inertText", inertText(`a${char}b`)],
        ["copyableText", copyableText(`a${char}b`)],
        ["escapeForLog", escapeForLog(`a${char}b`)],
      ] as const) {
        INVISIBLE.lastIndex = 0;
        // A copy keeps the joiners of emoji and several scripts, as it says.
        const joiner = name === "copyableText" && (code === 0x200c || code === 0x200d);
        if (INVISIBLE.test(shown) && !joiner) survivors.push(`${name} U+${code.toString(16).toUpperCase()}`);
      }
    }
    INVISIBLE.lastIndex = 0;
    assert.deepEqual(survivors, []);
    assert.equal(inertText("a\u2028b"), "a<U+2028>b");
    assert.equal(inertText("tag\u{e0041}"), "tag<U+E0041>");
  });
});
