import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { removeLeftScratchFolders, ScratchFolder } from "../../src/core/scratchFolder";
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

  describe("left by a window that ended without removing it", () => {
    /** The id of a process that has ended. */
    function endedPid(): number {
      const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
      return Number(child.stdout.toString());
    }

    it("is removed by the next window, with what it holds; the folders of running windows are kept", async () => {
      const crashed = new ScratchFolder(parent.base, endedPid());
      writeFileSync(join(crashed.path, "build.log"), "left behind");
      const running = new ScratchFolder(parent.base, process.pid);
      const ownerShell = new ScratchFolder(parent.base, process.ppid);
      try {
        assert.equal(await removeLeftScratchFolders(parent.base), 1);
        assert.equal(existsSync(crashed.path), false, "the crashed window's folder is gone");
        assert.equal(existsSync(running.path), true, "this window's folder is kept");
        assert.equal(existsSync(ownerShell.path), true, "another running window's folder is kept");
      } finally {
        running.dispose();
        ownerShell.dispose();
      }
    });

    it("leaves alone what only looks like one: a link, a file, a name without a process id, another folder", async () => {
      const dead = endedPid();
      const target = join(parent.base, "kept-target");
      mkdirSync(target);
      writeFileSync(join(target, "precious.txt"), "x");
      symlinkSync(target, join(parent.base, `symposium-tmp-${dead}-link01`));
      writeFileSync(join(parent.base, `symposium-tmp-${dead}-file01`), "a file");
      mkdirSync(join(parent.base, "symposium-tmp-Ab12Cd"));
      mkdirSync(join(parent.base, `other-tmp-${dead}-x`));
      assert.equal(await removeLeftScratchFolders(parent.base), 0);
      assert.equal(existsSync(join(target, "precious.txt")), true, "the link's target is kept");
      for (const name of [
        `symposium-tmp-${dead}-link01`,
        `symposium-tmp-${dead}-file01`,
        "symposium-tmp-Ab12Cd",
        `other-tmp-${dead}-x`,
      ])
        assert.equal(existsSync(join(parent.base, name)), true, name);
    });
  });
});
