import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { normalizePermissionRequest } from "../../src/core/permissionPrompt";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import { SessionModel } from "../../src/core/sessionModel";
import { placeIn, placesShown } from "../../src/core/workspacePlace";

describe("workspace-relative display of paths", () => {
  let base: string;
  let api: string;
  let web: string;
  let outside: string;
  let one: PolicyBoundary;
  let two: PolicyBoundary;

  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-place-")));
    api = join(base, "api");
    web = join(base, "web");
    outside = join(base, "secret");
    for (const folder of [join(base, "home"), join(api, "src", "deep"), join(web, "src"), outside]) {
      mkdirSync(folder, { recursive: true });
    }
    writeFileSync(join(api, "src", "app.ts"), "");
    writeFileSync(join(outside, "x"), "");
    symlinkSync(outside, join(api, "link"));
    const options = { home: join(base, "home") };
    one = new PolicyBoundary([api], options);
    two = new PolicyBoundary([api, web], options);
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  it("shows a path inside the only workspace folder relative to it, nested or not", () => {
    assert.deepEqual(placeIn(one, join(api, "src", "app.ts")), { inside: true, display: "src/app.ts" });
    assert.deepEqual(placeIn(one, join(api, "src", "deep", "new.ts")), {
      inside: true,
      display: "src/deep/new.ts",
    });
    assert.deepEqual(placeIn(one, api), { inside: true, display: "api" });
  });

  it("prefixes the folder's name when the workspace has several folders", () => {
    assert.deepEqual(placeIn(two, join(api, "src", "app.ts")), { inside: true, display: "api/src/app.ts" });
    assert.deepEqual(placeIn(two, join(web, "src", "b.ts")), { inside: true, display: "web/src/b.ts" });
  });

  it("shows a path whole where another workspace folder has its folder's name", () => {
    // A card for `forks/app/src/app.ts` must not read as the `app/src/app.ts` of the project being worked on.
    const forked = join(base, "forks", "api");
    mkdirSync(join(forked, "src"), { recursive: true });
    const twins = new PolicyBoundary([api, forked, web], { home: join(base, "home") });
    for (const path of [join(api, "src", "app.ts"), join(forked, "src", "app.ts")])
      assert.deepEqual(placeIn(twins, path), { inside: true, display: path });
    assert.deepEqual(placeIn(twins, join(web, "src", "b.ts")), { inside: true, display: "web/src/b.ts" });
    const text = `${join(forked, ".env")} is a protected file`;
    assert.equal(placesShown(text, twins.roots), text);
  });

  it("shows a path in an additional folder whole, and keeps the workspace's paths as they were", () => {
    const scratch = new PolicyBoundary([api], { home: join(base, "home"), additionalFolders: [outside] });
    const path = join(outside, "x");
    assert.deepEqual(placeIn(scratch, path), { inside: true, display: path });
    assert.deepEqual(placeIn(scratch, join(api, "src", "app.ts")), { inside: true, display: "src/app.ts" });
  });

  it("keeps a path outside the workspace absolute and outside", () => {
    const path = join(outside, "x");
    assert.deepEqual(placeIn(one, path), { inside: false, display: path });
    assert.deepEqual(placeIn(two, "/etc/passwd"), { inside: false, display: "/etc/passwd" });
  });

  it("never shows a `..` escape, a look-alike sibling or a symlink out as inside", () => {
    for (const path of [
      `${api}/../secret/x`,
      `${api}/src/../../secret/x`,
      `${api}/..`,
      `${api}-evil/x`,
      `${api}/link/x`,
    ]) {
      assert.deepEqual(placeIn(one, path), { inside: false, display: path }, path);
      assert.deepEqual(placeIn(two, path), { inside: false, display: path }, path);
    }
    // A `..` that stays inside is shown by where it really is.
    assert.deepEqual(placeIn(one, `${api}/src/deep/../app.ts`), { inside: true, display: "src/app.ts" });
  });

  it("puts the short form beside the absolute path on locations, diffs and a command's cwd", () => {
    const model = new SessionModel("s", "Agent", (path) => placeIn(two, path));
    const file = join(api, "src", "app.ts");
    const [item] = model.applyToolCallPatch({
      toolCallId: "t",
      kind: "edit",
      locations: [{ path: file, line: 3 }, { path: `${api}/../secret/x` }],
      content: [{ type: "diff", path: file, oldText: "a\n", newText: "b\n" }],
    });
    assert.ok(item?.kind === "tool_call");
    assert.deepEqual(item.locations, [
      { path: file, display: "api/src/app.ts", line: 3, inWorkspace: true },
      { path: `${api}/../secret/x`, display: `${api}/../secret/x`, inWorkspace: false },
    ]);
    const diff = item.content[0];
    assert.ok(diff?.type === "diff");
    assert.equal(diff.path, file);
    assert.equal(diff.display, "api/src/app.ts");

    const prompt = normalizePermissionRequest({
      protocolVersion: 2,
      params: {
        sessionId: "x",
        subject: { type: "command", command: "npm test", cwd: join(web, "src") },
        options: [{ optionId: "a", name: "Allow", kind: "allow_once" }],
      },
      agentName: "Agent",
      sessionKey: "s",
      toolCall: undefined,
      inWorkspace: (path) => placeIn(two, path),
    });
    assert.ok(prompt.subject.type === "command");
    assert.equal(prompt.subject.cwd, join(web, "src"));
    assert.equal(prompt.subject.cwdDisplay, "web/src");
    assert.equal(prompt.subject.cwdInWorkspace, true);
  });
});

describe("a guard's sentence with the workspace's paths shown relative to it", () => {
  const root = (path: string, additional = false) => ({
    path,
    caseInsensitive: false,
    ...(additional ? { additional: true as const } : {}),
  });
  const one = [root("/home/u/code/app")];

  it("shows a path in the only workspace folder relative to it, and the folder by its name", () => {
    assert.equal(
      placesShown("/home/u/code/app/.vscode/settings.json is a protected file", one),
      ".vscode/settings.json is a protected file",
    );
    assert.equal(
      placesShown(
        "python serves every file below /home/u/code/app, which includes /home/u/code/app/.env, a protected file",
        one,
      ),
      "python serves every file below app, which includes .env, a protected file",
    );
    assert.equal(
      placesShown(
        "zip reaches /home/u/code/app/../out.zip, which leads to /home/u/code/out.zip, outside",
        one,
      ),
      "zip reaches ../out.zip, which leads to /home/u/code/out.zip, outside",
    );
    assert.equal(
      placesShown("cp writes /home/u/code/app/x (from /home/u/code/app/y)", one),
      "cp writes x (from y)",
    );
  });

  it("leaves paths outside, in another folder that begins alike, or in an additional folder whole", () => {
    for (const text of [
      "cat reaches /home/u/code/app-other/x, outside the workspace",
      "cat reaches /home/u/code/app.bak/x, outside the workspace",
      "cat reaches /home/u/code/apps, outside the workspace",
      "cat reaches /tmp/home/u/code/app/x, outside the workspace",
      "x/home/u/code/app/y",
      "/tmp/x is outside the workspace",
    ])
      assert.equal(placesShown(text, one), text);
    assert.equal(
      placesShown("/tmp/scratch/.git/hooks/x is a protected file", [...one, root("/tmp/scratch", true)]),
      "/tmp/scratch/.git/hooks/x is a protected file",
    );
  });

  it("names the folder first when there are several, the innermost where one holds another", () => {
    const two = [root("/ws/api"), root("/ws/web"), root("/ws/api/vendor/kit")];
    assert.equal(
      placesShown("/ws/api/.env and /ws/web/.env. Then /ws/api/vendor/kit/.git/config", two),
      "api/.env and web/.env. Then kit/.git/config",
    );
  });
});
