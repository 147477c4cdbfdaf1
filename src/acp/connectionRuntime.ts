/**
 * Everything that needs the ACP SDK at run time. `AgentSessions` imports this module dynamically on the first agent
 * start: evaluating the SDK (hundreds of zod schemas for two protocol versions) costs about 100 ms, which activation
 * must not pay. esbuild keeps it in the one bundle but evaluates it only when first imported. The policy's matchers
 * (`src/core/policy/engine.ts`, picomatch) come with it: requests arrive only from a connected agent.
 *
 * The built-in demo agent (its own Node process) takes the SDK from here too (`dist/demoAgent.js` requires
 * `./acpRuntime.js`, see esbuild.config.mjs), so the package ships the SDK once.
 */
export * as sdkV1 from "@agentclientprotocol/sdk";
export * as sdkV2 from "@agentclientprotocol/sdk/experimental/v2";
export { RequestError } from "@agentclientprotocol/sdk";
export { AgentConnection } from "./agentConnection";
// Only a connected agent reaches these (its calls, its first permission request): out of activation's bundle.
export { clientCallbacks } from "./clientHandlers";
export { editorProcesses } from "./editorProcesses";
export { ClientFileSystem } from "./clientFileSystem";
export { ClientTerminals } from "./clientTerminals";
export { loadPolicyEngine } from "../core/policy/engine";
