// The real agents' install for the tests (test/harness/realAgents.ts), with npm replaced by a script that records each
// run: test files run two at a time, and two wanting the same agent must not both install it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../../tools/paths";

const harness = join(repoRoot, "out", "test", "harness", "realAgents.js");
const FAKE = { name: "claude", pkg: "fake-agent", version: "1.0.0", entry: "index.js", args: [] };

/** npm install --prefix <dir> … <spec>: one line per run in $FAKE_NPM_RUNS, a second's work, then the package. */
const FAKE_NPM = `#!/bin/sh
prefix=""
while [ $# -gt 0 ]; do [ "$1" = "--prefix" ] && prefix="$2"; shift; done
echo run >> "$FAKE_NPM_RUNS"
sleep 1
mkdir -p "$prefix/node_modules/fake-agent" && echo "// fake" > "$prefix/node_modules/fake-agent/index.js"
`;

describe("Installing a real agent for the tests", function () {
  this.timeout(60_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  let runs: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "symposium-agent-install-"));
    mkdirSync(join(root, "bin"));
    writeFileSync(join(root, "bin", "npm"), FAKE_NPM, { mode: 0o755 });
    runs = join(root, "npm-runs");
    writeFileSync(runs, "");
    env = {
      ...process.env,
      PATH: `${join(root, "bin")}:${process.env.PATH ?? ""}`,
      SYMPOSIUM_AGENTS_DIR: join(root, "agents"),
      FAKE_NPM_RUNS: runs,
    };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A process of its own asking for the fake agent; resolves with what it printed (the entry's path) and its exit. */
  function ensureInAnotherProcess(): Promise<{ code: number | null; out: string }> {
    const script = `require(${JSON.stringify(harness)}).ensureAgent(${JSON.stringify(FAKE)}).then(
      (entry) => console.log(entry),
      (error) => { console.error(error); process.exit(1); })`;
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ["-e", script], { env, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("close", (code) => resolve({ code, out }));
    });
  }

  const npmRuns = () => readFileSync(runs, "utf8").split("\n").filter(Boolean).length;

  it("installs it once when two processes want it at the same time, and both get it", async () => {
    const [one, two] = await Promise.all([ensureInAnotherProcess(), ensureInAnotherProcess()]);
    for (const { code, out } of [one, two]) assert.equal(code, 0, out);
    const entry = join(root, "agents", "claude-1.0.0", "node_modules", "fake-agent", "index.js");
    for (const { out } of [one, two]) assert.equal(out.trim().split("\n").pop(), entry);
    assert.ok(existsSync(entry));
    assert.equal(npmRuns(), 1, "npm ran once");
    assert.ok(!existsSync(join(root, "agents", "claude-1.0.0.lock")), "the lock is gone");
  });

  it("takes over a lock left by a process that died while installing", async () => {
    const lock = join(root, "agents", "claude-1.0.0.lock");
    mkdirSync(lock, { recursive: true });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(lock, longAgo, longAgo);
    const { code, out } = await ensureInAnotherProcess();
    assert.equal(code, 0, out);
    assert.equal(npmRuns(), 1);
    assert.ok(existsSync(join(root, "agents", "claude-1.0.0", ".installed")));
  });
});
