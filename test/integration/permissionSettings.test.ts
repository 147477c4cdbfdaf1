// `Configuration.removePermissionRule` inside a real extension host: it removes exactly the entry asked for from user
// settings, keeps everything else, never touches workspace settings, and two removals at once both hold (the writes
// run one after the other; otherwise the second read-change-write would bring the first entry back).
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { Logger } from "../../src/core/logger";
import { Configuration } from "../../src/host/configuration";
import { silentLog } from "../support/silentLog";

const log: Logger = silentLog;

describe("Removing a permission rule from user settings", () => {
  const section = () => vscode.workspace.getConfiguration("symposium");
  const userValue = () => section().inspect<Record<string, unknown>>("permissions")?.globalValue;
  let configuration: Configuration;

  before(() => {
    configuration = new Configuration(log);
  });

  after(async () => {
    configuration.dispose();
    await section().update("permissions", undefined, vscode.ConfigurationTarget.Global);
  });

  it("removes exactly the entries asked for, two at once, and keeps the rest", async () => {
    await section().update(
      "permissions",
      {
        allow: [
          { kind: "execute", command: "npm test" },
          { kind: "edit", path: "src/**" },
          { command: "make" },
        ],
        deny: [{ command: "curl" }],
      },
      vscode.ConfigurationTarget.Global,
    );
    const removed = await Promise.all([
      configuration.removePermissionRule("allow", { command: "npm test", kind: "execute" }),
      configuration.removePermissionRule("allow", { command: "make" }),
    ]);
    assert.deepEqual(removed, [true, true]);
    assert.deepEqual(userValue(), { allow: [{ kind: "edit", path: "src/**" }], deny: [{ command: "curl" }] });
    // The rules the policy reads next reflect it at once.
    assert.deepEqual(
      configuration.permissionRules.map((rule) => rule.label),
      [
        'Allow paths matching "src/**", edit requests (user settings)',
        'Deny commands starting with "curl" (user settings)',
      ],
    );
    assert.deepEqual(
      configuration.permissionRuleEntries().map((entry) => [entry.origin, entry.action, entry.index]),
      [
        ["user", "allow", 0],
        ["user", "deny", 0],
      ],
    );
  });

  it("resolves false and writes nothing when the entry is not there", async () => {
    const before = userValue();
    assert.equal(await configuration.removePermissionRule("deny", { command: "curl", agent: "X" }), false);
    assert.equal(await configuration.removePermissionRule("ask", { command: "curl" }), false);
    assert.deepEqual(userValue(), before);
  });
});

describe("Permission rules as each request reads them", () => {
  const section = () => vscode.workspace.getConfiguration("symposium");
  let configuration: Configuration;
  const labels = () =>
    configuration.permissionRules.map((r) => `${r.source} ${r.action} ${r.command?.join(" ")}`);

  before(() => {
    configuration = new Configuration(log);
  });

  after(async () => {
    configuration.dispose();
    await section().update("permissions", undefined, vscode.ConfigurationTarget.Global);
    await section().update("workspacePermissions", undefined, vscode.ConfigurationTarget.Global);
    await section().update("workspacePermissions", undefined, vscode.ConfigurationTarget.Workspace);
  });

  it("follow every change of user and workspace settings at once (they are kept between changes)", async () => {
    assert.deepEqual(labels(), []);
    await section().update("permissions", { deny: [{ command: "rm" }] }, vscode.ConfigurationTarget.Global);
    assert.deepEqual(labels(), ["user deny rm"]);
    assert.deepEqual(labels(), ["user deny rm"]);
    await section().update(
      "workspacePermissions",
      { ask: [{ command: "git push" }] },
      vscode.ConfigurationTarget.Workspace,
    );
    assert.deepEqual(labels(), ["user deny rm", "workspace ask git push"]);
    await section().update("permissions", undefined, vscode.ConfigurationTarget.Global);
    assert.deepEqual(labels(), ["workspace ask git push"]);
    await section().update("workspacePermissions", undefined, vscode.ConfigurationTarget.Workspace);
    assert.deepEqual(labels(), []);
  });

  it("takes the person's rules from user settings only: a repository cannot write them", async () => {
    // VS Code refuses the application-scoped setting in a workspace's settings, where a repository writes.
    await assert.rejects(
      Promise.resolve(
        section().update(
          "permissions",
          { allow: [{ command: "npm test" }] },
          vscode.ConfigurationTarget.Workspace,
        ),
      ),
    );
    assert.equal(section().inspect("permissions")?.workspaceValue, undefined);
    assert.deepEqual(labels(), []);
  });

  it("reads symposium.workspacePermissions from user (or a remote's) settings as a repository's: it only tightens", async () => {
    // A dev container's settings arrive as user settings; whatever is written there can only add deny and ask rules.
    await section().update(
      "workspacePermissions",
      { allow: [{ command: "npm test" }], deny: [{ command: "npm publish" }] },
      vscode.ConfigurationTarget.Global,
    );
    assert.deepEqual(labels(), ["workspace deny npm publish"]);
    await section().update("workspacePermissions", undefined, vscode.ConfigurationTarget.Global);
    assert.deepEqual(labels(), []);
  });
});
