/**
 * The workspace boundary as the extension builds it, with the git reads it is given (hooks folders, what a revision
 * writes). The build ships it as `dist/policyPaths.js`: the extension requires it when the workspace is first checked,
 * not at activation, and the ACP runtime's rules take `resolvePath`'s checks from the same file (esbuild.config.mjs).
 * The program tables ship here too, once: Manage Permissions asks them whether a rule allows any code, and the rules
 * read commands with them.
 */
export * from "./resolvePath";
export { configStamp, gitFolders, hooksFolder, plainRepository, sharedConfig } from "./gitHooks";
export { RepositoryScan } from "./nestedRepositories";
export { GitAllowance, revisionChanges } from "./gitChanges";
export * from "./programs";
