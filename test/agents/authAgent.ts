/*
 * An ACP agent that needs signing in: `initialize` offers two methods, one the agent handles itself ("token") and
 * one that needs a login terminal ("browser"); `session/new` answers auth_required (-32000) until `authenticate`
 * (v1) or `auth/login` (v2) succeeds with "token". Run: `node out/test/agents/authAgent.js` (speaks v1 and v2).
 * Env AUTH_AGENT_LOG=<file>: one JSON line per request it handled ({method, params, pid}); AUTH_AGENT_NEW_DELAY_MS:
 * how long `session/new` takes to answer.
 */
import * as v1 from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { appendFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";

let signedIn = false;
const log = (method: string, params: unknown) => {
  if (process.env.AUTH_AGENT_LOG)
    appendFileSync(process.env.AUTH_AGENT_LOG, `${JSON.stringify({ method, params, pid: process.pid })}\n`);
};
const signIn = (methodId: string) => {
  if (methodId !== "token") throw v2.RequestError.invalidParams({ methodId }, "unknown sign-in method");
  signedIn = true;
};
const newSession = async () => {
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.AUTH_AGENT_NEW_DELAY_MS ?? 0)));
  if (!signedIn) throw v2.RequestError.authRequired();
  return { sessionId: "auth-session-1" };
};

const agentV2 = v2
  .agent({ name: "auth-agent" })
  .onRequest(v2.methods.agent.initialize, ({ params }) => {
    log("initialize", params);
    return {
      protocolVersion: 2,
      info: { name: "auth-agent", version: "0.0.0" },
      capabilities: {},
      authMethods: [
        {
          type: "agent",
          methodId: "token",
          name: "API token",
          description: "Uses the token in your keychain",
        },
        { type: "terminal", methodId: "browser", name: "Browser login" },
        // A method of the agent's own kind: nothing `auth/login` is said to take.
        { type: "_vendor_key", methodId: "key", name: "API key" },
      ],
    };
  })
  .onRequest(v2.methods.agent.auth.login, ({ params }) => {
    log("auth/login", params);
    signIn(params.methodId);
    return {};
  })
  .onRequest(v2.methods.agent.session.new, ({ params }) => {
    log("session/new", params);
    return newSession();
  })
  .onRequest(v2.methods.agent.session.prompt, () => ({ messageId: "m1" }));

const agentV1 = v1
  .agent({ name: "auth-agent" })
  .onRequest(v1.methods.agent.initialize, ({ params }) => {
    log("initialize", params);
    return {
      protocolVersion: 1,
      agentCapabilities: {},
      authMethods: [
        { id: "token", name: "API token", description: "Uses the token in your keychain" },
        { id: "browser", name: "Browser login", type: "terminal", args: ["--login"] },
        { id: "key", name: "API key", type: "env_var", vars: [{ name: "AUTH_AGENT_KEY" }] },
      ],
    };
  })
  .onRequest(v1.methods.agent.authenticate, ({ params }) => {
    log("authenticate", params);
    signIn(params.methodId);
    return {};
  })
  .onRequest(v1.methods.agent.session.new, ({ params }) => {
    log("session/new", params);
    return newSession();
  })
  .onRequest(v1.methods.agent.session.prompt, () => ({ stopReason: "end_turn" as const }));

const stream = v2.ndJsonStream(
  Writable.toWeb(process.stdout),
  Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
);
const mode = process.argv.includes("--v1") ? "v1" : "dual";
if (mode === "v1") agentV1.connect(stream);
else v2.agentProtocolRouter().withV1(agentV1).withV2(agentV2).connect(stream);
process.stdin.on("end", () => process.exit(0));
