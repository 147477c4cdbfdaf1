/**
 * The message box's `@` list, host side, in a real extension host: the real workspace's files are found, a file the
 * agent (or anyone) creates after the first listing is found next time, open editors come first, and a file goes with
 * the next message only by a token offered to that session (a hostile view can name nothing else).
 */
import * as assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as vscode from "vscode";
import type { Logger } from "../../src/core/logger";
import type { SymposiumTestApi } from "../../src/extension";
import { FileMentions } from "../../src/host/fileMentions";
import { listWorkspaceFiles, workspaceFilesHolding } from "../../src/host/workspaceFiles";
import type { SymposiumView } from "../../src/host/symposiumView";
import type { FileMatchView, ToWebviewMessage } from "../../src/shared/protocol";
import { waitFor as poll } from "../../tools/waitFor";

const EXTENSION_ID = "symposium.symposium";
const waitFor = <T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string) =>
  poll(probe, what, 15_000, 20);

describe("the @ list's files (real extension host)", function () {
  this.timeout(60_000);
  let api: SymposiumTestApi;
  let mentions: FileMentions;
  const answers: Extract<ToWebviewMessage, { type: "fileMatches" }>[] = [];
  const warnings: string[] = [];
  const workspace = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;

  before(async () => {
    api = await vscode.extensions.getExtension<SymposiumTestApi>(EXTENSION_ID)!.activate();
    const log: Logger = {
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: (message) => warnings.push(message),
      error: (message) => warnings.push(message),
    };
    const view = {
      send: (message: ToWebviewMessage) => {
        if (message.type === "fileMatches") answers.push(message);
      },
    } as unknown as SymposiumView;
    mentions = new FileMentions(api.sessions, view, log);
    mkdirSync(join(workspace(), "mentions", "deep"), { recursive: true });
    writeFileSync(join(workspace(), "mentions", "alpha-notes.md"), "# alpha\n");
    writeFileSync(join(workspace(), "mentions", "deep", "alpha-plan.md"), "# plan\n");
  });

  after(async () => {
    mentions?.dispose();
    for (const key of api.sessions.sessionKeys()) await api.sessions.closeSession(key);
    await vscode.commands.executeCommand("workbench.action.closeAllEditors");
  });

  let seq = 0;
  async function find(sessionKey: string, query: string): Promise<FileMatchView[]> {
    const asked = ++seq;
    await mentions.find(sessionKey, query, asked);
    const answer = answers.find((message) => message.seq === asked);
    assert.ok(answer, `an answer to "${query}"`);
    assert.equal(answer.sessionKey, sessionKey);
    return answer.matches;
  }

  function chips(sessionKey: string): { id: string; detail: string; kind: string }[] {
    return api.sessions.snapshot().sessions.find((s) => s.header.key === sessionKey)?.header.context ?? [];
  }

  it("finds the workspace's files, and one created after the first listing", async () => {
    const key = await api.sessions.startSession("Demo Agent");
    assert.deepEqual(
      (await find(key, "alpha")).map((match) => match.path),
      ["mentions/alpha-notes.md", "mentions/deep/alpha-plan.md"],
    );
    writeFileSync(join(workspace(), "mentions", "alpha-new.md"), "# new\n");
    await waitFor(
      async () => (await find(key, "alpha-new")).some((match) => match.path === "mentions/alpha-new.md"),
      "the new file to be found",
    );
  });

  it("offers an open editor's file first", async () => {
    const key = await api.sessions.startSession("Demo Agent");
    const deep = vscode.Uri.file(join(workspace(), "mentions", "deep", "alpha-plan.md"));
    await vscode.window.showTextDocument(deep);
    assert.equal((await find(key, "alpha"))[0]?.path, "mentions/deep/alpha-plan.md");
  });

  it("finds files past the listing's cap in a workspace with more files than it lists", async () => {
    const bulk = join(workspace(), "bulk");
    const dependencies = join(workspace(), "node_modules", "some-dependency");
    const name = (i: number) => `Record-${String(i).padStart(5, "0")}.txt`;
    try {
      // Four times what the listing holds, so most of them are past it (which ones, the search's order decides),
      // and a dependency's file whose name holds a query too.
      mkdirSync(bulk, { recursive: true });
      for (let i = 0; i < 20_000; i++) writeFileSync(join(bulk, name(i)), "");
      mkdirSync(dependencies, { recursive: true });
      writeFileSync(join(dependencies, name(7)), "");
      assert.equal((await listWorkspaceFiles()).capped, true, "the listing stops at its cap");

      const key = await api.sessions.startSession("Demo Agent");
      // Ten files across bulk/, by a part of the name in another case (the first once the watcher has settled).
      const targets = [7, 1_999, 4_321, 8_000, 9_876, 12_345, 14_142, 16_180, 17_320, 19_999].map(name);
      const query = (file: string) => file.slice(0, -".txt".length).toLowerCase();
      await waitFor(
        async () => (await find(key, query(targets[0]!)))[0]?.path === `bulk/${targets[0]}`,
        `bulk/${targets[0]} to be offered`,
      );
      for (const target of targets)
        assert.deepEqual(
          (await find(key, query(target))).map((match) => match.path),
          [`bulk/${target}`],
          `${target} is offered, and no dependency's file of that name`,
        );
      assert.equal((await find(key, "bulk/record-01999"))[0]?.path, `bulk/${name(1_999)}`, "by its path too");
    } finally {
      rmSync(bulk, { recursive: true, force: true });
      rmSync(join(workspace(), "node_modules"), { recursive: true, force: true });
    }
  });

  it("offers the folders holding the workspace's files, and adds one as a folder", async () => {
    const key = await api.sessions.startSession("Demo Agent");
    const matches = await find(key, "deep");
    assert.deepEqual(
      matches.map((match) => [match.path, match.folder]),
      [
        ["mentions/deep", true],
        ["mentions/deep/alpha-plan.md", undefined],
      ],
    );
    // The search past a capped listing finds a folder by its name too (VS Code's own glob, the brace in it included),
    // through the files under it, so the folder can be offered.
    const found = await workspaceFilesHolding("DEEP", new vscode.CancellationTokenSource().token);
    assert.deepEqual(
      found.map((uri) => vscode.workspace.asRelativePath(uri)),
      ["mentions/deep/alpha-plan.md"],
    );
    // The workspace folder itself is not offered; its folders are, by name or as path/.
    assert.equal((await find(key, "mentions/"))[0]?.path, "mentions");
    mentions.add(key, matches[0]!.token);
    assert.deepEqual(
      chips(key).map((chip) => [chip.kind, chip.detail]),
      [["folder", "mentions/deep"]],
    );
  });

  it("adds a file only by a token offered to that session, once, with the token as its chip's id", async () => {
    const first = await api.sessions.startSession("Demo Agent");
    const second = await api.sessions.startSession("Demo Agent");
    const [offered] = await find(first, "alpha-notes");
    assert.ok(offered);

    const warned = warnings.length;
    mentions.add(second, offered.token);
    mentions.add(first, "a-token-never-offered");
    assert.deepEqual(chips(first), []);
    assert.deepEqual(chips(second), []);
    assert.equal(warnings.length, warned + 2, "each refusal is logged");

    mentions.add(first, offered.token);
    assert.deepEqual(
      chips(first).map((chip) => [chip.id, chip.detail]),
      [[offered.token, "mentions/alpha-notes.md"]],
    );
    await api.sessions.closeSession(first);
    const before = answers.length;
    await mentions.find(first, "alpha", ++seq);
    assert.equal(answers.length, before, "a session that ended is offered nothing");
  });
});
