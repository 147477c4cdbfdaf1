// The set-up the policy's unit tests share: a temporary home holding a workspace with a source file in it, the bash
// parser, and the boundary the host would build for that workspace.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { revisionChanges } from "../../src/core/policy/gitChanges";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import type { ShellParser } from "../../src/core/policy/shellCommands";
import { loadShellParser } from "../../src/core/policy/shellParser";

export interface PolicyWorkspace {
  /** The temporary folder (canonical) holding `home`. */
  readonly base: string;
  readonly home: string;
  /** `home/ws`, with `src/lib/` and `src/a.ts`. */
  readonly ws: string;
  readonly shell: ShellParser;
  readonly boundary: PolicyBoundary;
  remove(): void;
}

export async function makePolicyWorkspace(prefix: string): Promise<PolicyWorkspace> {
  const shell = await loadShellParser();
  const base = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const home = join(base, "home");
  const ws = join(home, "ws");
  mkdirSync(join(ws, "src", "lib"), { recursive: true });
  writeFileSync(join(ws, "src", "a.ts"), "");
  const boundary = new PolicyBoundary([ws], { home, caseInsensitive: () => false, revisionChanges });
  return { base, home, ws, shell, boundary, remove: () => rmSync(base, { recursive: true, force: true }) };
}
