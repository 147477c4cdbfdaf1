/**
 * The policy's matchers as one object: the footprint builder, the rules engine (picomatch globs, guards), the grant
 * check, and the bash parser they read command lines with. It is loaded with the ACP runtime (`connectionRuntime.ts`,
 * `dist/acpRuntime.js`) before any agent starts, so the first permission request of a session pays no load, and
 * activation none at all: code in `dist/extension.js` names it by type only (`test/unit/bundleContents.test.ts`).
 */
import { buildFootprint } from "./footprint";
import { GitAliasCache, type GitAliasReader } from "./gitAliases";
import { GitAllowance } from "./gitChanges";
import { editedRule } from "./grantEdit";
import { decide, decideBoth, pathRuleFor, proposeRule, ruleCovers } from "./rules";
import type { ShellParser } from "./shellCommands";
import { loadShellParser } from "./shellParser";

export interface PolicyEngine {
  readonly shell: ShellParser;
  readonly buildFootprint: typeof buildFootprint;
  readonly decide: typeof decide;
  readonly decideBoth: typeof decideBoth;
  readonly pathRuleFor: typeof pathRuleFor;
  readonly proposeRule: typeof proposeRule;
  readonly ruleCovers: typeof ruleCovers;
  readonly editedRule: typeof editedRule;
  /** git's aliases in a folder, read from git's configuration and cached per folder (`GitAliasCache`). */
  readonly gitAliases: GitAliasReader;
  /** What an agent's requests may still spend of git, together (`GitAllowance`, one per agent name). */
  readonly gitAllowance: (agentName: string) => GitAllowance;
}

/** Loads the bash grammar from `wasmDir` (the extension's `dist/`; tests fall back to the installed packages). */
export async function loadPolicyEngine(wasmDir?: string): Promise<PolicyEngine> {
  const shell = await loadShellParser(wasmDir);
  const gitAliases = new GitAliasCache().lookup;
  const allowances = new Map<string, GitAllowance>();
  const gitAllowance = (agentName: string) => {
    let allowance = allowances.get(agentName);
    if (!allowance) allowances.set(agentName, (allowance = new GitAllowance()));
    return allowance;
  };
  return {
    shell,
    buildFootprint,
    decide,
    decideBoth,
    pathRuleFor,
    proposeRule,
    ruleCovers,
    editedRule,
    gitAliases,
    gitAllowance,
  };
}
