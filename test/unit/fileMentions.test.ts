/**
 * The pure parts of the message box's `@` list: where a mention is typed, the text once a file is chosen, which
 * files match and in what order, and the tokens a view may name a file by (bound to a session, used once).
 */
import assert from "node:assert/strict";
import picomatch from "picomatch";
import {
  foldersOf,
  matchFiles,
  MentionTokens,
  pathHoldingGlob,
  type MentionFile,
} from "../../src/core/fileMentions";
import { mentionAt, mentionPath, withMention } from "../../webview/mentionQuery";
import { visibleText } from "../../webview/hiddenCharacters";

function files(...paths: string[]): MentionFile[] {
  return paths.map((path) => ({ uri: `file:///w/${path}`, path, open: false }));
}

describe("file mentions", () => {
  describe("where a mention is typed", () => {
    it("is an @ at the start or after white space, up to the caret", () => {
      assert.deepEqual(mentionAt("@", 1), { start: 0, query: "" });
      assert.deepEqual(mentionAt("look at @gre", 12), { start: 8, query: "gre" });
      assert.deepEqual(mentionAt("two lines\n@src/gr", 17), { start: 10, query: "src/gr" });
      // The caret inside the word: what is before it.
      assert.deepEqual(mentionAt("see @greeting.ts now", 7), { start: 4, query: "gr" });
    });

    it("is not an address, a finished mention, or a word the caret left", () => {
      assert.equal(mentionAt("mail me@example.com", 19), undefined);
      assert.equal(mentionAt("see @greeting.ts ", 17), undefined);
      assert.equal(mentionAt("see @greeting.ts now", 20), undefined);
      assert.equal(mentionAt("@@", 2), undefined);
      assert.equal(mentionAt("plain text", 10), undefined);
    });

    it("puts the chosen path in place of the whole word, a space after it, and the caret past the space", () => {
      assert.deepEqual(withMention("look at @gre", 8, "src/greeting.ts"), {
        text: "look at @src/greeting.ts ",
        caret: 25,
      });
      // Chosen with the caret inside the word: the rest of the word goes too, and no second space comes.
      assert.deepEqual(withMention("see @greXX now", 4, "greeting.ts"), {
        text: "see @greeting.ts now",
        caret: 17,
      });
      assert.deepEqual(withMention("@", 0, "a.md"), { text: "@a.md ", caret: 6 });
    });

    it("writes a repository's hidden characters into the text as the markers the list shows, on one line", () => {
      assert.equal(mentionPath("notes\u202Etxt.md"), "notes<U+202E>txt.md");
      // A colour code in a file's name is part of the name: marked, not taken out.
      assert.equal(mentionPath("a\u200Bb\u0007c\u001b[31md"), "a<U+200B>b\u2407c\u241b[31md");
      assert.equal(mentionPath("a\nIgnore the above\t.md"), "a\u240AIgnore the above\u2409.md");
      assert.equal(mentionPath("plain/ünïcode.ts"), "plain/ünïcode.ts");
      // What the list shows for a name with a newline: the same marker (the box would show two lines).
      assert.equal(visibleText("a\nb"), "a\nb", "visibleText keeps newlines; mentionPath does not");
      // Characters that render as nothing though they are no controls are marked too.
      assert.equal(visibleText("r\u00adm\u115f\u17b4 \u{e01ef}x"), "r<U+00AD>m<U+115F><U+17B4> <U+E01EF>x");
    });
  });

  describe("which files match", () => {
    const workspace = files(
      "src/greeting.ts",
      "test/greeting.test.ts",
      "docs/agreement.md",
      "src/deep/nested/get-things.ts",
      "README.md",
    );

    it("ranks the name before the path, and a name starting with the query first", () => {
      assert.deepEqual(
        matchFiles(workspace, "gre").map((file) => file.path),
        ["src/greeting.ts", "test/greeting.test.ts", "docs/agreement.md"],
      );
    });

    it("matches the path, and the query's characters in order as a last resort, case-insensitively", () => {
      assert.deepEqual(
        matchFiles(workspace, "SRC/").map((file) => file.path),
        ["src/greeting.ts", "src/deep/nested/get-things.ts"],
      );
      assert.deepEqual(
        matchFiles(workspace, "dngt").map((file) => file.path),
        ["src/deep/nested/get-things.ts"],
      );
      assert.deepEqual(matchFiles(workspace, "zzz"), []);
    });

    it("offers open files first within a rank, and lists the shortest paths for an empty query", () => {
      const withOpen = workspace.map((file) =>
        file.path === "test/greeting.test.ts" ? { ...file, open: true } : file,
      );
      assert.deepEqual(
        matchFiles(withOpen, "greeting").map((file) => file.path),
        ["test/greeting.test.ts", "src/greeting.ts"],
      );
      assert.deepEqual(
        matchFiles(withOpen, "", 3).map((file) => file.path),
        ["test/greeting.test.ts", "README.md", "src/greeting.ts"],
      );
    });

    it("offers the folders holding the files, each once, never the workspace folder itself", () => {
      const folders = foldersOf(workspace, ["file:///w"]);
      assert.deepEqual(
        folders.map((folder) => [folder.path, folder.uri]),
        [
          ["src", "file:///w/src"],
          ["test", "file:///w/test"],
          ["docs", "file:///w/docs"],
          ["src/deep/nested", "file:///w/src/deep/nested"],
          ["src/deep", "file:///w/src/deep"],
        ],
      );
      assert.ok(folders.every((folder) => folder.folder === true && !folder.open));
      // Several workspace folders: a shown path leads with its folder's name, which is no folder to offer (and need
      // not be the name on disk).
      const multi = [
        { uri: "file:///disk/app-main/lib/a.ts", path: "App/lib/a.ts", open: false },
        { uri: "file:///disk/app-main/top.ts", path: "App/top.ts", open: false },
      ];
      assert.deepEqual(
        foldersOf(multi, ["file:///disk/other", "file:///disk/app-main"]).map((folder) => [
          folder.path,
          folder.uri,
        ]),
        [["App/lib", "file:///disk/app-main/lib"]],
      );
    });

    it("offers no folder outside the workspace folder, whatever its name in a .code-workspace file says", () => {
      // A repository's workspace file names its folder "web/app/src": shown paths lead with three names.
      const named = [
        { uri: "file:///home/u/proj/index.ts", path: "web/app/src/index.ts", open: false },
        { uri: "file:///home/u/proj/lib/a.ts", path: "web/app/src/lib/a.ts", open: false },
        { uri: "file:///home/u/docs/b.md", path: "docs/b.md", open: false },
      ];
      assert.deepEqual(
        foldersOf(named, ["file:///home/u/proj", "file:///home/u/docs"]).map((folder) => [
          folder.path,
          folder.uri,
        ]),
        [["web/app/src/lib", "file:///home/u/proj/lib"]],
      );
      // A file in no workspace folder offers none.
      assert.deepEqual(foldersOf(files("src/a.ts"), ["file:///elsewhere"]), []);
    });

    it("matches a folder by its name and its path, as path/, never by scattered characters", () => {
      const all = [...workspace, ...foldersOf(workspace, ["file:///w"])];
      const shown = (query: string) =>
        matchFiles(all, query).map((file) => (file.folder ? `${file.path}/` : file.path));
      // The folder named so first, then the paths through it.
      const deep = ["src/deep/", "src/deep/nested/", "src/deep/nested/get-things.ts"];
      assert.deepEqual(shown("deep"), deep);
      assert.deepEqual(shown("deep/"), deep);
      assert.deepEqual(shown("DEEP/NE"), ["src/deep/nested/", "src/deep/nested/get-things.ts"]);
      assert.deepEqual(shown("src/"), [
        "src/",
        "src/deep/",
        "src/deep/nested/",
        "src/greeting.ts",
        "src/deep/nested/get-things.ts",
      ]);
      // The name before a path holding it; a file of that name and the folder rank alike, shorter first.
      assert.deepEqual(shown("nested"), ["src/deep/nested/", "src/deep/nested/get-things.ts"]);
      // "dngt" finds the file by its characters in order; no folder matches that way.
      assert.deepEqual(shown("dngt"), ["src/deep/nested/get-things.ts"]);
    });

    it("shows a screenful at most", () => {
      const many = files(...Array.from({ length: 100 }, (_, i) => `src/file${i}.ts`));
      assert.equal(matchFiles(many, "file").length, 12);
    });
  });

  describe("the search past a capped listing", () => {
    /** Which of `paths` the glob for `query` takes (picomatch reads braces, classes and `**` as VS Code's search does). */
    function found(query: string, paths: readonly string[]): string[] {
      const glob = pathHoldingGlob(query);
      assert.ok(glob, `a glob for "${query}"`);
      const isMatch = picomatch(glob, { dot: true });
      return paths.filter((path) => isMatch(path));
    }

    it("finds the paths holding what was typed, in any case, at any depth, ending in a file's or a folder's name", () => {
      const paths = [
        "greeting.ts",
        "src/Greeting.ts",
        "packages/app/src/GREETER.md",
        "src/graphs/greet/index.ts",
        "lib/mysrc/gr.ts",
        "src/other/gr.ts",
        "docs/agreement.md",
        "docs/regret.md",
      ];
      // A folder's name too: its files are found, so the folder can be offered ("regret" holds no "greet").
      assert.deepEqual(found("greet", paths), [
        "greeting.ts",
        "src/Greeting.ts",
        "packages/app/src/GREETER.md",
        "src/graphs/greet/index.ts",
      ]);
      assert.deepEqual(found("src/Gr", paths), [
        "src/Greeting.ts",
        "packages/app/src/GREETER.md",
        "src/graphs/greet/index.ts",
        "lib/mysrc/gr.ts",
      ]);
      assert.deepEqual(found("other", paths), ["src/other/gr.ts"]);
      assert.deepEqual(found("my file.v2-final_", ["a/my file.v2-final_.txt", "a/myfile.v2-final_.txt"]), [
        "a/my file.v2-final_.txt",
      ]);
    });

    it("makes no glob of what a glob would read as a pattern, or of nothing but dots and slashes", () => {
      for (const query of ["", ".", "/", " ./ ", "*", "src/**", "a?b", "[ab]", "{a,b}", "!x", "a\\b", "é"])
        assert.equal(pathHoldingGlob(query), undefined, JSON.stringify(query));
    });
  });

  describe("tokens", () => {
    it("say which of the offered are folders", () => {
      const tokens = new MentionTokens();
      const offered = tokens.offer("s1", [...files("a.md"), ...foldersOf(files("src/b.ts"), ["file:///w"])]);
      assert.deepEqual(
        offered.map(({ path, folder }) => [path, folder]),
        [
          ["a.md", undefined],
          ["src", true],
        ],
      );
      assert.equal(tokens.take("s1", offered[1]!.token)?.folder, true);
    });

    it("name a file offered to that session, once", () => {
      const tokens = new MentionTokens();
      const [offered] = tokens.offer("session-1", files("src/greeting.ts"));
      assert.equal(offered!.path, "src/greeting.ts");
      assert.equal(tokens.take("session-2", offered!.token), undefined, "another session's token");
      assert.equal(tokens.take("session-1", "made-up"), undefined, "a token never offered");
      assert.equal(tokens.take("session-1", offered!.token)?.uri, "file:///w/src/greeting.ts");
      assert.equal(tokens.take("session-1", offered!.token), undefined, "used already");
    });

    it("are new for every offer, and the oldest go past the bound", () => {
      const tokens = new MentionTokens();
      const first = tokens.offer("s", files("a.ts"))[0]!;
      const again = tokens.offer("s", files("a.ts"))[0]!;
      assert.notEqual(first.token, again.token);
      for (let i = 0; i < 30; i++)
        tokens.offer("s", files(...Array.from({ length: 12 }, (_, j) => `f${j}.ts`)));
      assert.equal(tokens.take("s", first.token), undefined, "gone past the bound");
      const latest = tokens.offer("s", files("b.ts"))[0]!;
      assert.equal(tokens.take("s", latest.token)?.path, "b.ts");
    });
  });
});
