/**
 * Everything that needs the ACP SDK at run time. `AgentSessions` imports this module dynamically on the first agent
 * start: evaluating the SDK (hundreds of zod schemas for two protocol versions) costs about 100 ms, which activation
 * must not pay. esbuild keeps it in the one bundle but evaluates it only when first imported.
 */
export { RequestError } from "@agentclientprotocol/sdk";
export { AgentConnection } from "./agentConnection";
export { ClientFileSystem } from "./clientFileSystem";
export { ClientTerminals } from "./clientTerminals";
export { loadShellParser } from "../core/policy/shellParser";
