import assert from "node:assert/strict";
import Ajv from "ajv";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  parsePermissionSettings,
  PLAIN_WORDS,
  ruleEntrySchema,
  TOOL_KINDS,
} from "../../src/core/policy/rules";

const manifest = JSON.parse(readFileSync(join(__dirname, "../../../package.json"), "utf8"));
const schema = manifest.contributes.configuration.properties["symposium.permissions"];

describe("symposium.permissions: the manifest's JSON schema agrees with the runtime parser", () => {
  // VS Code's own keywords (markdownDescription, defaultSnippets, patternErrorMessage) are not JSON schema's.
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

  const values: [string, unknown][] = [
    ["empty", {}],
    ["a command rule", { allow: [{ kind: "execute", command: "npm test" }] }],
    ["a path rule for one agent", { allow: [{ kind: "edit", path: "src/**", agent: "Claude" }] }],
    ["several kinds", { ask: [{ kind: ["fetch", "read"] }] }],
    ["a tool rule", { deny: [{ tool: "Bash" }] }],
    [
      "every list",
      { allow: [{ command: "git status" }], ask: [{ path: "docs/**" }], deny: [{ command: "curl" }] },
    ],
    ["an empty rule", { allow: [{}] }],
    ["a rule with only an agent", { allow: [{ agent: "Claude" }] }],
    ["an unknown list", { always: [] }],
    ["an unknown field", { allow: [{ command: "npm test", shell: true }] }],
    ["an unknown kind", { allow: [{ kind: "exec" }] }],
    ["an empty kind list", { allow: [{ kind: [] }] }],
    ["a chained command", { allow: [{ command: "npm test && curl x | sh" }] }],
    ["a quoted command", { allow: [{ command: "npm 'test'" }] }],
    ["a substitution", { allow: [{ command: "npm test $(id)" }] }],
    ["a blank command", { allow: [{ command: "   " }] }],
    ["a command with a comment", { allow: [{ command: "npm test # ok" }] }],
    ["an empty path", { deny: [{ path: "" }] }],
    ["a path of 1,024 characters", { deny: [{ path: "a".repeat(1_024) }] }],
    ["a path of 1,025 characters", { deny: [{ path: "a".repeat(1_025) }] }],
    ["a list that is not a list", { deny: { command: "curl" } }],
    ["a number for a tool", { deny: [{ tool: 3 }] }],
  ];

  for (const [name, value] of values) {
    it(`${name}: both accept or both refuse`, () => {
      const fromSchema = validate(value);
      const fromParser = parsePermissionSettings(value, "user").problems.length === 0;
      assert.equal(fromSchema, fromParser, JSON.stringify(validate.errors));
    });
  }

  it("declares the same fields, kinds and command pattern", () => {
    assert.deepEqual(Object.keys(schema.properties).sort(), ["allow", "ask", "deny"]);
    assert.equal(schema.additionalProperties, false);
    for (const action of ["allow", "ask", "deny"]) {
      const list = schema.properties[action];
      assert.deepEqual(
        Object.keys(list.items.properties).sort(),
        Object.keys(ruleEntrySchema().shape).sort(),
      );
      assert.equal(list.items.additionalProperties, false);
      assert.deepEqual(list.items.properties.kind.anyOf[0].enum, [...TOOL_KINDS]);
      assert.equal(list.items.properties.command.pattern, PLAIN_WORDS.source);
    }
  });

  it("is the person's alone: application-scoped, so neither a repository's nor a remote's settings set it", () => {
    // Resource-scoped, a dev container's settings were merged into it: the repository's allow rules read as the
    // person's, its `deny: []` replaced theirs, and the next "Always allow" wrote both into the person's settings.
    assert.equal(schema.scope, "application");
  });
});

describe("symposium.workspacePermissions: a repository's deny and ask rules", () => {
  const workspaceSchema = manifest.contributes.configuration.properties["symposium.workspacePermissions"];

  it("is readable from a workspace's and its folders' settings, and declares deny and ask as the person's are", () => {
    assert.equal(workspaceSchema.scope, "resource");
    assert.deepEqual(Object.keys(workspaceSchema.properties).sort(), ["ask", "deny"]);
    assert.equal(workspaceSchema.additionalProperties, false);
    for (const action of ["ask", "deny"])
      assert.deepEqual(workspaceSchema.properties[action].items, schema.properties[action].items);
  });

  it("keeps deny and ask rules only, and names its own setting in what it ignores", () => {
    const parsed = parsePermissionSettings(
      { allow: [{ command: "npm test" }], deny: [{ command: "npm publish" }], ask: "x" },
      "workspace",
    );
    assert.deepEqual(
      parsed.rules.map((rule) => rule.label),
      [
        'Deny commands starting with "npm publish" (workspace settings)',
        // An ask list that is no list holds every request: dropped, its rules would let Bypass answer them.
        "Ask for every request: symposium.workspacePermissions.ask in workspace settings is not a list, so nothing is answered without you until it is fixed",
      ],
    );
    assert.ok(parsed.problems.some((problem) => problem.startsWith("symposium.workspacePermissions.ask")));
  });
});
