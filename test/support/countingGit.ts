// A git first on PATH that counts the processes started (the policy's reads of git, which the tests bound) and may be
// slowed down, then runs the real git.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface CountingGitOptions {
  /** Count only the policy's reads (they start with `--no-optional-locks`), not a terminal's own git. */
  policyOnly?: boolean;
  /** A shell command each git process runs first (`sleep 0.5`: a slow git). */
  pause?: string;
}

/** Installed on construction, until `dispose` puts PATH back and removes it. */
export class CountingGit {
  private readonly bin = mkdtempSync(join(tmpdir(), "symposium-git-"));
  private readonly runs = join(this.bin, "runs");
  private readonly path = process.env.PATH;

  constructor({ policyOnly = false, pause = "" }: CountingGitOptions = {}) {
    const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
    const count = `echo >> '${this.runs}'`;
    writeFileSync(
      join(this.bin, "git"),
      `#!/bin/sh\n${policyOnly ? `[ "$1" = --no-optional-locks ] && ${count}` : count}\n${pause}\nexec '${realGit}' "$@"\n`,
      { mode: 0o755 },
    );
    writeFileSync(this.runs, "");
    process.env.PATH = `${this.bin}:${this.path}`;
  }

  /** The git processes counted so far. */
  get started(): number {
    return readFileSync(this.runs, "utf8").length;
  }

  dispose(): void {
    process.env.PATH = this.path;
    rmSync(this.bin, { recursive: true, force: true });
  }
}
