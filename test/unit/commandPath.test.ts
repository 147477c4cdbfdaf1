import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveCommand } from "../../src/core/commandPath";

describe("resolveCommand", () => {
  let root: string;
  let bin: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "symposium-path-"));
    bin = join(root, "bin");
    mkdirSync(bin);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function program(path: string, mode = 0o755): void {
    writeFileSync(path, "#!/bin/sh\n");
    chmodSync(path, mode);
  }

  it("finds a bare name on absolute PATH entries only, skipping empty, '.' and relative ones", () => {
    program(join(bin, "agent"));
    const env = { PATH: `:.:bin:./bin:${bin}` };
    assert.equal(resolveCommand("agent", env, "linux"), join(bin, "agent"));
    assert.equal(resolveCommand("agent", { PATH: ":.:bin" }, "linux"), undefined);
  });

  it("skips files that are not executable, and folders", () => {
    const other = join(root, "other");
    mkdirSync(other);
    program(join(bin, "agent"), 0o644);
    mkdirSync(join(other, "agent"));
    assert.equal(resolveCommand("agent", { PATH: `${bin}:${other}` }, "linux"), undefined);
  });

  it("on Windows tries PATHEXT and never the current folder", () => {
    program(join(bin, "node.EXE"));
    const env = { Path: `.;;${bin}`, PATHEXT: ".COM;.EXE" };
    assert.equal(resolveCommand("node", env, "win32"), join(bin, "node.EXE"));
  });

  it("leaves a command that names a path as the user wrote it", () => {
    assert.equal(resolveCommand("./tools/agent", { PATH: "" }, "linux"), "./tools/agent");
    assert.equal(resolveCommand("/usr/bin/env", { PATH: "" }, "linux"), "/usr/bin/env");
  });
});
