/**
 * The policy's matchers as one object: the footprint builder, the rules engine (picomatch globs, guards), the grant
 * check, and the bash parser they read command lines with. It is loaded with the ACP runtime (`connectionRuntime.ts`,
 * `dist/acpRuntime.js`) before any agent starts, so the first permission request of a session pays no load, and
 * activation none at all: code in `dist/extension.js` names it by type only (`test/unit/bundleContents.test.ts`).
 */
import { buildFootprint } from "./footprint";
import { GitAliasCache, type GitAliasReader } from "./gitAliases";
import { editedRule } from "./grantEdit";
import { decide, pathRuleFor, proposeRule, ruleCovers } from "./rules";
import type { ShellParser } from "./shellCommands";
import { loadShellParser } from "./shellParser";

export interface PolicyEngine {
  readonly shell: ShellParser;
  readonly buildFootprint: typeof buildFootprint;
  readonly decide: typeof decide;
  readonly pathRuleFor: typeof pathRuleFor;
  readonly proposeRule: typeof proposeRule;
  readonly ruleCovers: typeof ruleCovers;
  readonly editedRule: typeof editedRule;
  /** git's aliases in a folder, read from git's configuration and cached per folder (`GitAliasCache`). */
  readonly gitAliases: GitAliasReader;
}

/** Loads the bash grammar from `wasmDir` (the extension's `dist/`; tests fall back to the installed packages). */
export async function loadPolicyEngine(wasmDir?: string): Promise<PolicyEngine> {
  const shell = await loadShellParser(wasmDir);
  const gitAliases = new GitAliasCache().lookup;
  return { shell, buildFootprint, decide, pathRuleFor, proposeRule, ruleCovers, editedRule, gitAliases };
}
