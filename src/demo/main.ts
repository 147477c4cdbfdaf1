// Entry point of the built-in demo agent (`dist/demoAgent.js`). The extension spawns it with its own Node
// (`process.execPath` + ELECTRON_RUN_AS_NODE=1) and speaks ACP over stdio; the router answers a v2 client with v2
// and a v1 client with v1. No network, no keys, no model: every reply is scripted and deterministic.
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import { Readable, Writable } from "node:stream";
import { createV1DemoAgent } from "./v1Agent";
import { createV2DemoAgent } from "./v2Agent";

const stream = acp.ndJsonStream(
  Writable.toWeb(process.stdout),
  Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
);
const connection = acp
  .agentProtocolRouter()
  .withV1(createV1DemoAgent())
  .withV2(createV2DemoAgent())
  .connect(stream);

// One process serves one client: when it hangs up, nothing is left to do.
void connection.closed.then(() => process.exit(0));
