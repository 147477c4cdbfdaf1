import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ScratchFolder } from "../../src/core/scratchFolder";
import { makePolicyWorkspace, type PolicyWorkspace } from "../support/policyWorkspace";

describe("ScratchFolder", () => {
  let parent: PolicyWorkspace;
  before(async () => (parent = await makePolicyWorkspace("symposium-scratch-owner-")));
  after(() => parent?.remove());

  it("is a fresh folder only its owner may enter, each one of its own", () => {
    const one = new ScratchFolder(parent.base);
    const two = new ScratchFolder(parent.base);
    try {
      assert.notEqual(one.path, two.path);
      assert.equal(statSync(one.path).mode & 0o777, 0o700);
      assert.equal(statSync(one.path).uid, process.getuid?.());
      assert.deepEqual(readdirSync(one.path), []);
    } finally {
      one.dispose();
      two.dispose();
    }
  });

  it("is removed with what it holds, a link's target kept, and once only", () => {
    const folder = new ScratchFolder(parent.base);
    mkdirSync(join(folder.path, "a", "b"), { recursive: true });
    writeFileSync(join(folder.path, "a", "b", "c.txt"), "x");
    symlinkSync(parent.home, join(folder.path, "home"));
    folder.dispose();
    assert.equal(existsSync(folder.path), false);
    assert.equal(existsSync(join(parent.home, "ws", "src", "a.ts")), true, "the link's target is kept");
    folder.dispose();
  });
});
