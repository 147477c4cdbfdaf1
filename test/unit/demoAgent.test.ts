// The built-in demo agent, driven as the extension drives it: `dist/demoAgent.js` spawned with this Node, ACP over
// real stdio, with the SDK's v2 client and with its v1 client. Every test also checks that every frame on the wire,
// both ways, is valid against the official schema of the negotiated version.
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { repoRoot } from "../../tools/paths";
import { validateSchemaType } from "../support/acpSchema";
import {
  AcpTestClient,
  choose,
  get,
  type JsonRecord,
  type PermissionHandler,
} from "../support/acpTestClient";
import { spawnAgent } from "../support/agentProcess";

const DEMO_AGENT = join(repoRoot, "dist", "demoAgent.js");

/** What the user's Stop does with a card open: cancel the session, then answer once the agent withdraws it. */
const cancelSession: PermissionHandler = async ({ client, sessionId, signal }) => {
  await client.cancel(sessionId);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
  return { outcome: "cancelled" };
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A permission request is schema-valid for its version and offers at least allow-once and reject-once. */
function assertPermissionRequestValid(client: AcpTestClient, request: JsonRecord | undefined): void {
  assert.ok(request, "the agent asked for permission");
  assert.deepEqual(validateSchemaType(client.version, "RequestPermissionRequest", request), []);
  const kinds = ((request.options ?? []) as Array<{ kind: string }>).map((option) => option.kind);
  assert.ok(kinds.includes("allow_once"), `allow_once offered (got ${kinds.join(", ")})`);
  assert.ok(kinds.includes("reject_once"), `reject_once offered (got ${kinds.join(", ")})`);
  if (client.version === 2)
    assert.ok(typeof request.title === "string" && request.title.length > 0, "v2 has a title");
}

for (const version of [2, 1] as const) {
  describe(`demo agent over ACP v${version}`, function () {
    this.timeout(15_000);
    let workspace: string;
    let client: AcpTestClient | undefined;

    beforeEach(() => {
      // realpath: macOS temp folders are symlinks, and the agent reports the paths it was given.
      workspace = realpathSync(mkdtempSync(join(tmpdir(), "symposium-demo-test-")));
    });

    afterEach(async () => {
      await client?.close();
      client = undefined;
      rmSync(workspace, { recursive: true, force: true });
    });

    async function start(
      options: { clientFs?: boolean } = {},
    ): Promise<{ client: AcpTestClient; sessionId: string }> {
      client = await AcpTestClient.start({
        agentPath: DEMO_AGENT,
        version,
        clientFs: options.clientFs ?? false,
      });
      return { client, sessionId: await client.newSession(workspace) };
    }

    it(`negotiates ACP v${version} and names itself`, async () => {
      const { client } = await start();
      assert.equal(get(client.initializeResponse, "protocolVersion"), version);
      const info =
        version === 2 ? get(client.initializeResponse, "info") : get(client.initializeResponse, "agentInfo");
      assert.equal(get(info, "name"), "symposium-demo");
      client.assertWireValid();
    });

    it("without a keyword, streams a short reply in several chunks that lists the keywords", async () => {
      const { client, sessionId } = await start();
      assert.equal(await client.prompt(sessionId, "hello there"), "end_turn");
      assert.ok(
        client.updatesOf("agent_message_chunk").length >= 3,
        "the reply is streamed in several chunks",
      );
      for (const keyword of ["read", "edit", "run", "unknown", "plan", "think", "all"]) {
        assert.match(client.messageText(), new RegExp(`\`${keyword}\``));
      }
      assert.equal(client.permissionRequests.length, 0);
      client.assertWireValid();
    });

    it("read: asks first, then reports the first lines of README.md", async () => {
      writeFileSync(join(workspace, "README.md"), "# Demo workspace\nSecond line\n");
      writeFileSync(join(workspace, "a-first-file.txt"), "not this one\n");
      const { client, sessionId } = await start();
      assert.equal(await client.prompt(sessionId, "Please READ something"), "end_turn");

      const request = client.permissionRequests[0];
      assertPermissionRequestValid(client, request);
      const toolCall = client.firstToolCall();
      assert.equal(toolCall.kind, "read");
      assert.deepEqual(toolCall.locations, [{ path: join(workspace, "README.md") }]);
      if (version === 2) {
        assert.equal(get(request, "subject", "type"), "tool_call");
        assert.equal(get(request, "subject", "toolCall", "toolCallId"), toolCall.toolCallId);
      } else {
        assert.equal(get(request, "toolCall", "toolCallId"), toolCall.toolCallId);
        assert.equal(get(request, "toolCall", "kind"), "read");
      }
      assert.deepEqual(client.toolCallStatuses(String(toolCall.toolCallId)), [
        "pending",
        "in_progress",
        "completed",
      ]);
      assert.match(client.messageText(), /# Demo workspace\nSecond line/);
      client.assertWireValid();
    });

    it("read: rejecting reads nothing and says so", async () => {
      writeFileSync(join(workspace, "README.md"), "# Secret first line\n");
      const { client, sessionId } = await start({ clientFs: true });
      client.onPermission = choose("reject_once");
      assert.equal(await client.prompt(sessionId, "read"), "end_turn");
      assertPermissionRequestValid(client, client.permissionRequests[0]);
      const toolCall = client.firstToolCall();
      assert.deepEqual(client.toolCallStatuses(String(toolCall.toolCallId)), ["pending", "failed"]);
      assert.doesNotMatch(client.messageText(), /Secret first line/);
      assert.match(client.messageText(), /did not read/);
      assert.deepEqual(client.fsReads, []);
      client.assertWireValid();
    });

    it("read: with nothing to read, explains instead of asking", async () => {
      const { client, sessionId } = await start();
      assert.equal(await client.prompt(sessionId, "read"), "end_turn");
      assert.equal(client.permissionRequests.length, 0);
      assert.match(client.messageText(), /found none/);
      client.assertWireValid();
    });

    it("edit: approving writes symposium-demo.md, and the tool call shows the change as a diff", async () => {
      const { client, sessionId } = await start();
      const target = join(workspace, "symposium-demo.md");
      assert.equal(await client.prompt(sessionId, "edit"), "end_turn");

      assertPermissionRequestValid(client, client.permissionRequests[0]);
      const toolCall = client.firstToolCall();
      assert.equal(toolCall.kind, "edit");
      assert.deepEqual(client.toolCallStatuses(String(toolCall.toolCallId)), [
        "pending",
        "in_progress",
        "completed",
      ]);
      assert.ok(existsSync(target), "the file was created");
      const written = readFileSync(target, "utf8");
      assert.match(written, /Line added by the Symposium demo agent \(1\)/);
      const diff = get(toolCall, "content", 0);
      assert.equal(get(diff, "type"), "diff");
      if (version === 2) {
        assert.deepEqual(get(diff, "changes"), [{ operation: "add", path: target, fileType: "text" }]);
        assert.equal(get(diff, "patch", "format"), "git_patch");
        assert.match(
          String(get(diff, "patch", "text")),
          /^\+- Line added by the Symposium demo agent \(1\)\.$/m,
        );
      } else {
        assert.equal(get(diff, "path"), target);
        assert.equal(get(diff, "oldText"), null);
        assert.equal(get(diff, "newText"), written);
      }
      client.assertWireValid();
    });

    it("edit: a demo file that is a link to a file elsewhere is neither read nor written", async () => {
      const outside = join(mkdtempSync(join(tmpdir(), "symposium-demo-outside-")), "secret.txt");
      writeFileSync(outside, "SECRET=hunter2\n");
      symlinkSync(outside, join(workspace, "symposium-demo.md"));
      try {
        const { client, sessionId } = await start();
        client.onPermission = choose("allow_once");
        assert.equal(await client.prompt(sessionId, "edit"), "end_turn");
        assert.equal(readFileSync(outside, "utf8"), "SECRET=hunter2\n", "the file elsewhere is as it was");
        assert.doesNotMatch(JSON.stringify(client.updates), /hunter2/, "its text went nowhere");
        assert.match(client.messageText(), /could not read it first/);
      } finally {
        rmSync(dirname(outside), { recursive: true, force: true });
      }
    });

    it("edit: rejecting leaves the file untouched", async () => {
      const target = join(workspace, "symposium-demo.md");
      writeFileSync(target, "keep me\n");
      const { client, sessionId } = await start();
      client.onPermission = choose("reject_once");
      assert.equal(await client.prompt(sessionId, "edit"), "end_turn");
      assertPermissionRequestValid(client, client.permissionRequests[0]);
      assert.equal(readFileSync(target, "utf8"), "keep me\n");
      assert.deepEqual(client.toolCallStatuses(String(client.firstToolCall().toolCallId)), [
        "pending",
        "failed",
      ]);
      assert.match(client.messageText(), /did not change/);
      client.assertWireValid();
    });

    it('edit: "Always allow" is remembered for the rest of the session', async () => {
      const target = join(workspace, "symposium-demo.md");
      const { client, sessionId } = await start();
      client.onPermission = choose("allow_always");
      assert.equal(await client.prompt(sessionId, "edit"), "end_turn");
      client.onPermission = choose("reject_once"); // Would stop the second edit if the agent asked again.
      assert.equal(await client.prompt(sessionId, "edit again"), "end_turn");
      assert.equal(client.permissionRequests.length, 1);
      assert.match(readFileSync(target, "utf8"), /\(1\)\.\n.*\(2\)\.\n$/);
      client.assertWireValid();
    });

    it("run: asks with the exact command, then reports the Node version", async () => {
      const { client, sessionId } = await start();
      assert.equal(await client.prompt(sessionId, "run a command"), "end_turn");
      const request = client.permissionRequests[0];
      assertPermissionRequestValid(client, request);
      const toolCall = client.firstToolCall();
      assert.equal(toolCall.kind, "execute");
      if (version === 2) {
        assert.deepEqual(get(request, "subject"), {
          type: "command",
          command: "node --version",
          cwd: workspace,
          toolCallId: toolCall.toolCallId,
        });
      } else {
        assert.deepEqual(get(request, "toolCall", "rawInput"), { command: "node", args: ["--version"] });
      }
      assert.deepEqual(client.toolCallStatuses(String(toolCall.toolCallId)), [
        "pending",
        "in_progress",
        "completed",
      ]);
      assert.ok(client.messageText().includes(process.version), `the reply names ${process.version}`);
      client.assertWireValid();
    });

    it("cancelling while a permission request is pending ends the turn as cancelled and changes nothing", async () => {
      const target = join(workspace, "symposium-demo.md");
      const { client, sessionId } = await start();
      client.onPermission = cancelSession;
      assert.equal(await client.prompt(sessionId, "edit"), "cancelled");
      assert.equal(client.permissionRequests.length, 1);
      assert.equal(client.agentFrames("$/cancel_request").length, 1, "the agent withdrew its request");
      assert.equal(existsSync(target), false);
      const statuses = client.toolCallStatuses(String(client.firstToolCall().toolCallId));
      assert.deepEqual(statuses, ["pending", version === 2 ? "cancelled" : "failed"]);
      client.assertWireValid();
    });

    it("plan: reports a plan whose steps complete, then replies", async () => {
      const { client, sessionId } = await start();
      assert.equal(await client.prompt(sessionId, "make a plan"), "end_turn");
      const plans = client.updatesOf(version === 2 ? "plan_update" : "plan");
      assert.ok(plans.length >= 2, "the plan is updated as it progresses");
      const entriesOf = (update: JsonRecord): unknown =>
        version === 2 ? get(update, "plan", "entries") : get(update, "entries");
      const last = entriesOf(plans[plans.length - 1]!) as Array<{ status: string }>;
      assert.equal(last.length, 3);
      assert.ok(last.every((entry) => entry.status === "completed"));
      assert.ok(client.messageText().length > 0);
      client.assertWireValid();
    });

    it("think: a thought comes before the reply", async () => {
      const { client, sessionId } = await start();
      assert.equal(await client.prompt(sessionId, "think about it"), "end_turn");
      const kinds = client.updates.map((update) => update.sessionUpdate);
      const firstThought = kinds.indexOf("agent_thought_chunk");
      assert.ok(firstThought >= 0, "a thought was sent");
      assert.ok(firstThought < kinds.indexOf("agent_message_chunk"));
      // The view shows thoughts folded under "Thinking": the reply points there, not to text on screen.
      assert.match(client.messageText(), /under Thinking above/);
      client.assertWireValid();
    });

    if (version === 2) {
      it("unknown: asks with a custom subject type", async () => {
        const { client, sessionId } = await start();
        client.onPermission = choose("reject_once");
        assert.equal(await client.prompt(sessionId, "unknown"), "end_turn");
        const request = client.permissionRequests[0];
        assertPermissionRequestValid(client, request);
        assert.equal(get(request, "subject", "type"), "_symposium_demo_unknown");
        assert.match(client.messageText(), /You rejected it/);
        client.assertWireValid();
      });

      it("reports requires_action while waiting for permission and running again after", async () => {
        const { client, sessionId } = await start();
        await client.prompt(sessionId, "read");
        const states = client.updatesOf("state_update").map((update) => update.state);
        assert.deepEqual(states, ["running", "idle"], "with nothing to read there is no request");
        writeFileSync(join(workspace, "README.md"), "x\n");
        await client.prompt(sessionId, "read");
        const after = client
          .updatesOf("state_update")
          .slice(2)
          .map((update) => update.state);
        assert.deepEqual(after, ["running", "requires_action", "running", "idle"]);
        client.assertWireValid();
      });
    } else {
      it("unknown: says it needs v2 and asks nothing", async () => {
        const { client, sessionId } = await start();
        assert.equal(await client.prompt(sessionId, "unknown"), "end_turn");
        assert.equal(client.permissionRequests.length, 0);
        assert.match(client.messageText(), /only ACP v2 has/);
        client.assertWireValid();
      });

      it("uses the client's fs/read_text_file and fs/write_text_file when the client offers them", async () => {
        writeFileSync(join(workspace, "README.md"), "# On disk\n");
        const { client, sessionId } = await start({ clientFs: true });
        client.servedFileText = "# From the editor buffer\n";
        assert.equal(await client.prompt(sessionId, "read"), "end_turn");
        assert.deepEqual(client.fsReads, [join(workspace, "README.md")]);
        assert.match(client.messageText(), /From the editor buffer/);
        assert.equal(await client.prompt(sessionId, "edit"), "end_turn");
        assert.equal(client.fsWrites.length, 1);
        assert.equal(client.fsWrites[0]!.path, join(workspace, "symposium-demo.md"));
        client.assertWireValid();
      });
    }

    it("all: reads, edits and runs in one turn, asking each time", async () => {
      writeFileSync(join(workspace, "README.md"), "# All\n");
      const { client, sessionId } = await start();
      assert.equal(await client.prompt(sessionId, "all"), "end_turn");
      assert.equal(client.permissionRequests.length, 3);
      for (const request of client.permissionRequests) assertPermissionRequestValid(client, request);
      assert.ok(existsSync(join(workspace, "symposium-demo.md")));
      assert.ok(client.messageText().includes(process.version));
      client.assertWireValid();
    });
  });
}

describe("demo agent negotiation", function () {
  this.timeout(10_000);

  it("a client asking for a newer version than 2 gets v2", async () => {
    const agent = spawnAgent(DEMO_AGENT);
    const connection = v2.client({ name: "future-client" }).connect(agent.stream);
    try {
      const response = await connection.agent.request(v2.methods.agent.initialize, {
        protocolVersion: 3,
        info: { name: "future-client", version: "1.0.0" },
        capabilities: {},
      });
      assert.equal(response.protocolVersion, 2);
    } catch (error) {
      assert.fail(`initialize failed: ${errorText(error)}`);
    } finally {
      connection.close();
      await agent.stop();
    }
  });

  it("exits when the client closes the connection", async () => {
    const agent = spawnAgent(DEMO_AGENT);
    agent.child.stdin.end();
    const { code } = await agent.exited;
    assert.equal(code, 0);
  });
});
