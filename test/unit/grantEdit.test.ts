import assert from "node:assert/strict";
import { join } from "node:path";
import { buildFootprint, type Footprint } from "../../src/core/policy/footprint";
import { editedRule, type RuleEdit } from "../../src/core/policy/grantEdit";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import {
  proposeRule,
  ruleToEntry,
  type DecideContext,
  type PermissionRule,
} from "../../src/core/policy/rules";
import { makePolicyWorkspace, type PolicyWorkspace } from "../support/policyWorkspace";
import { type ShellParser } from "../../src/core/policy/shellCommands";
import { v1Request, v2Request } from "../support/permissionRequests";

/** The host's check of a rule a person edited on a card (the webview is hostile: it may send any words). */
describe("edited grants from a card", () => {
  let home: string;
  let ws: string;
  let shell: ShellParser;
  let boundary: PolicyBoundary;

  let workspace: PolicyWorkspace;

  before(async () => {
    workspace = await makePolicyWorkspace("symposium-grants-");
    ({ home, ws, shell, boundary } = workspace);
  });

  after(() => workspace?.remove());

  const context = (): DecideContext => ({
    agentName: "Claude",
    rules: [],
    bypass: false,
    trusted: true,
    paths: boundary,
    home,
    sessionCwd: ws,
  });
  const build = (request: { protocolVersion: 1 | 2; params: unknown }): Footprint =>
    buildFootprint(request, { shell, home, sessionCwd: ws });
  const command = (line: string) => build(v2Request({ type: "command", command: line, cwd: ws }));
  const edit = (...paths: string[]) =>
    build(v1Request({ kind: "edit", locations: paths.map((path) => ({ path })) }));

  const check = (footprint: Footprint, change: RuleEdit) => {
    const proposal: PermissionRule = proposeRule(footprint, context())!;
    assert.ok(proposal, "a rule is proposed");
    return editedRule(proposal, change, footprint, context(), "session");
  };
  const refused = (footprint: Footprint, change: RuleEdit, reason: RegExp) => {
    const result = check(footprint, change);
    assert.equal(result.ok, false, `${JSON.stringify(change)} should be refused`);
    if (!result.ok) assert.match(result.reason, reason);
  };

  it("keeps the proposal when nothing was edited, and names its source", () => {
    const result = check(command("npm test -- --grep x"), { command: "npm test" });
    assert.ok(result.ok);
    assert.deepEqual(ruleToEntry(result.rule), { kind: "execute", command: "npm test", agent: "Claude" });
    assert.equal(result.rule.source, "session");
    assert.match(result.rule.label, /commands starting with "npm test".*\(this session\)/);
  });

  it("accepts a narrower or shorter prefix that still covers the request", () => {
    const longer = check(command("npm test -- --grep x"), { command: "npm  test   --" });
    assert.ok(longer.ok);
    assert.deepEqual(longer.rule.command, ["npm", "test", "--"]);
    const shorter = check(command("cargo test"), { command: "cargo" });
    assert.ok(shorter.ok);
    assert.deepEqual(shorter.rule.command, ["cargo"]);
  });

  it("refuses a prefix that is not a prefix of the request's command", () => {
    refused(command("npm test"), { command: "npm install" }, /not a prefix/);
    refused(command("npm test"), { command: "curl" }, /not a prefix/);
    refused(command("npm test"), { command: "npm test --watch" }, /not a prefix/);
  });

  it("refuses shell syntax, wildcards and empty prefixes", () => {
    for (const words of ["", "   ", "npm test && curl x | sh", "npm *", "npm;", "$(id)", "npm `id`", "'npm'"])
      refused(command("npm test"), { command: words }, /plain words/);
  });

  it("refuses a program that runs any code named alone, as the proposals never name it", () => {
    refused(command("node --version"), { command: "node" }, /any code/);
    refused(command("npx tsc --noEmit"), { command: "npx" }, /any code/);
    refused(command("bash ./build.sh"), { command: "/bin/bash" }, /any code/);
    refused(command("git --no-pager log"), { command: "git" }, /any code/);
    refused(command("npm test"), { command: "npm" }, /any code/);
    refused(command("npm run lint"), { command: "npm run" }, /any code/);
    assert.ok(check(command("npx tsc --noEmit"), { command: "npx tsc" }).ok);
  });

  it("a prefix of a chained request must cover every command in it", () => {
    refused(command("git log -1 && git log --stat"), { command: "git log -1" }, /not a prefix/);
    assert.ok(check(command("git log -1 && git log --stat"), { command: "git log" }).ok);
  });

  it("accepts a folder glob that covers the request, refuses one that does not", () => {
    const footprint = edit(join(ws, "src", "lib", "b.ts"));
    const same = check(footprint, { path: "src/lib/**" });
    assert.ok(same.ok);
    const wider = check(footprint, { path: "src/**" });
    assert.ok(wider.ok);
    assert.equal(wider.rule.path, "src/**");
    refused(footprint, { path: "test/**" }, /does not match/);
    refused(footprint, { path: "src/lib/a.ts" }, /does not match/);
  });

  it("refuses globs that are not scoped to a named folder inside the workspace", () => {
    const footprint = edit(join(ws, "src", "lib", "b.ts"));
    refused(footprint, { path: "**" }, /named folder/);
    refused(footprint, { path: "*/lib/**" }, /named folder/);
    refused(footprint, { path: "{src,test}/**" }, /named folder/);
    refused(footprint, { path: `${ws}/**` }, /relative/);
    refused(footprint, { path: "~/ws/src/**" }, /relative/);
    refused(footprint, { path: "src/../src/lib/**" }, /"\.\."/);
  });

  it("never lets the card turn a command rule into a path rule, or the reverse", () => {
    refused(command("npm test"), { path: "src/**" }, /not about paths/);
    refused(edit(join(ws, "src", "a.ts")), { command: "npm test" }, /not about a command/);
  });

  it("keeps the agent, kind and tool of the proposal whatever the card sends", () => {
    const result = check(command("npm test"), { command: "npm test" });
    assert.ok(result.ok);
    assert.equal(result.rule.agent, "Claude");
    assert.deepEqual(result.rule.kinds, ["execute"]);
  });
});
