/**
 * Files and lines a person adds to their next message (Symposium: Add to Message) reach the agent with it, against
 * the scripted agent speaking v2 and v1, with and without `embeddedContext`: what the composer shows is what goes,
 * nothing else (the view names items by host-made ids, and a hostile view can only pick among what the person
 * added to that session), and messages queued while a session starts keep theirs.
 */
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import type { FileContext } from "../../src/core/promptContext";
import type { SessionHeader, TranscriptItem } from "../../src/shared/protocol";
import { ClientHarness, waitFor } from "../support/clientHarness";
import { PNG_1PX } from "../support/images";

type Block = Record<string, unknown>;

describe("Context added to a message", function () {
  this.timeout(30_000);
  let harness: ClientHarness;

  afterEach(async () => {
    await harness?.dispose();
  });

  function lines(id: string, start: number, end: number, text: string): FileContext {
    const uri = pathToFileURL(`${harness.workspace}/src/greeting.ts`).href;
    return { id, uri, path: "src/greeting.ts", kind: "lines", lines: { start, end }, text };
  }

  function file(id: string, name: string): FileContext {
    return { id, uri: pathToFileURL(`${harness.workspace}/${name}`).href, path: name, kind: "file" };
  }

  function lastHeader(key: string): SessionHeader | undefined {
    return harness.ops
      .flatMap((op) => (op.op === "session" && op.header.key === key ? [op.header] : []))
      .at(-1);
  }

  /** The content blocks of each `session/prompt` the agent received, in order. */
  function promptsReceived(): Block[][] {
    return harness.agentLog().flatMap((entry) => {
      const frame = entry.frame as { method?: string; params?: { prompt?: Block[] } } | undefined;
      if (entry.kind !== "frame" || entry.direction !== "received" || frame?.method !== "session/prompt")
        return [];
      return [frame.params?.prompt ?? []];
    });
  }

  function userItems(key: string): Extract<TranscriptItem, { kind: "user" }>[] {
    return (harness.sessions.session(key)?.transcript() ?? []).filter((item) => item.kind === "user");
  }

  async function turnsEnded(count: number): Promise<void> {
    await waitFor(
      () => harness.agentLog().filter((e) => e.kind === "turnEnd").length === count,
      `${count} turn(s) to end`,
    );
  }

  for (const protocol of ["v2", "v1"] as const) {
    for (const embedded of [true, false]) {
      it(`sends the lines and files shown with the message (${protocol}, ${embedded ? "embedded context" : "links only"})`, async () => {
        harness = new ClientHarness({
          protocol,
          agentEnv: embedded ? { SCRIPTED_AGENT_EMBEDDED_CONTEXT: "1" } : {},
        });
        const key = await harness.sessions.startSession("Scripted");
        const selection = lines("sel", 3, 4, "line three\nline four\n");
        const readme = file("readme", "README.md");
        assert.deepEqual(harness.sessions.addContext([selection, readme]), {
          sessionKey: key,
          added: 2,
          full: false,
        });
        assert.deepEqual(
          lastHeader(key)?.context?.map((chip) => [chip.id, chip.label, chip.kind]),
          [
            ["sel", "greeting.ts:3-4", "lines"],
            ["readme", "README.md", "file"],
          ],
          "the composer shows both",
        );

        await harness.sessions.sendPrompt(key, "What do these do?", ["sel", "readme"]);
        await turnsEnded(1);

        const selectionUri = `${selection.uri}#L3:4`;
        assert.deepEqual(promptsReceived(), [
          [
            { type: "text", text: "What do these do?" },
            embedded
              ? { type: "resource", resource: { uri: selectionUri, text: "line three\nline four\n" } }
              : { type: "resource_link", uri: selectionUri, name: "greeting.ts:3-4" },
            { type: "resource_link", uri: readme.uri, name: "README.md" },
          ],
        ]);
        assert.equal(lastHeader(key)?.context, undefined, "sent: the composer is empty again");
        assert.deepEqual(
          userItems(key).map((item) => [item.text, item.context]),
          [["What do these do?", ["greeting.ts:3-4", "README.md"]]],
          "the transcript says what went with the message",
        );
      });
    }
  }

  it("sends only what the view names, of what was added to that session; the rest waits for the next message", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const other = await harness.sessions.startSession("Scripted");
    harness.sessions.addContext([file("elsewhere", "other-session.md")]);
    const key = await harness.sessions.startSession("Scripted");
    harness.sessions.addContext([file("a", "a.md"), file("b", "b.md"), file("c", "c.md")]);
    harness.sessions.removeContext(key, "b");
    assert.deepEqual(
      lastHeader(key)?.context?.map((chip) => chip.id),
      ["a", "c"],
    );

    // "b" was removed, "elsewhere" belongs to the other session, "made-up" was never added.
    await harness.sessions.sendPrompt(key, "first", ["b", "elsewhere", "made-up", "a"]);
    await turnsEnded(1);
    assert.deepEqual(
      promptsReceived()[0]!
        .slice(1)
        .map((block) => block.name),
      ["a.md"],
      "only the item that was waiting in this session and named by the view",
    );
    assert.deepEqual(
      lastHeader(key)?.context?.map((chip) => chip.id),
      ["c"],
      "what was not named still waits",
    );
    assert.deepEqual(
      lastHeader(other)?.context?.map((chip) => chip.id),
      ["elsewhere"],
    );

    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end in the client");
    await harness.sessions.sendPrompt(key, "second", ["c"]);
    await turnsEnded(2);
    assert.deepEqual(
      promptsReceived()[1]!
        .slice(1)
        .map((block) => block.name),
      ["c.md"],
    );
  });

  it("keeps the context of a message typed while the session starts, and sends it once the agent is ready", async () => {
    harness = new ClientHarness({
      protocol: "v2",
      agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "1500" },
    });
    const started = harness.sessions.startSession("Scripted");
    const key = harness.sessions.sessionKeys().at(-1)!;
    assert.equal(
      harness.sessions.addContext([file("early", "early.md")])?.added,
      1,
      "a starting session takes context",
    );
    await harness.sessions.sendPrompt(key, "while starting", ["early"]);
    assert.deepEqual(
      userItems(key).map((item) => [item.text, item.context, item.queued?.state]),
      [["while starting", ["early.md"], "waiting"]],
    );
    assert.deepEqual(promptsReceived(), []);
    await started;
    await turnsEnded(1);
    assert.deepEqual(
      promptsReceived()[0]!
        .slice(1)
        .map((block) => block.name),
      ["early.md"],
    );
  });

  it("adds the same file or lines once, and at most 20 items to a message", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const key = await harness.sessions.startSession("Scripted");
    harness.sessions.addContext([lines("x", 1, 2, "a\nb\n"), file("r", "README.md")]);
    const again = harness.sessions.addContext([
      lines("y", 1, 2, "a\nb\n"),
      file("s", "README.md"),
      lines("z", 1, 3, ""),
    ]);
    assert.deepEqual(again, { sessionKey: key, added: 1, full: false }, "only the new lines 1-3");
    const many = Array.from({ length: 30 }, (_, i) => file(`f${i}`, `f${i}.md`));
    assert.deepEqual(harness.sessions.addContext(many), { sessionKey: key, added: 17, full: true });
    assert.equal(lastHeader(key)?.context?.length, 20);
  });

  it("has nowhere to add context without a live session", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    assert.equal(harness.sessions.addContext([file("a", "a.md")]), undefined, "no session");
    const key = await harness.run({ steps: [{ exit: 1 }] });
    await waitFor(() => harness.sessions.session(key)?.status === "ended", "the agent to exit");
    assert.equal(harness.sessions.addContext([file("a", "a.md")]), undefined, "the session ended");
  });

  describe("pasted images", () => {
    for (const protocol of ["v2", "v1"] as const) {
      it(`sends a pasted image whole, as an image block, to an agent that takes images (${protocol})`, async () => {
        harness = new ClientHarness({ protocol, agentEnv: { SCRIPTED_AGENT_IMAGE: "1" } });
        const key = await harness.sessions.startSession("Scripted");
        assert.equal(lastHeader(key)?.takesImages, true, "the composer knows images are taken");
        harness.sessions.addContext([file("readme", "README.md")]);
        assert.deepEqual(harness.sessions.attachImage(key, PNG_1PX), { added: 1, full: false });
        const chips = lastHeader(key)?.context ?? [];
        assert.deepEqual(
          chips.map((chip) => [chip.label, chip.detail, chip.kind]),
          [
            ["README.md", "README.md", "file"],
            ["Pasted image 1", "PNG image, 70 bytes", "image"],
          ],
        );
        assert.ok(
          !JSON.stringify(chips).includes(PNG_1PX.slice(0, 20)),
          "the image's bytes stay in the host",
        );

        await harness.sessions.sendPrompt(
          key,
          "What is wrong here?",
          chips.map((chip) => chip.id),
        );
        await turnsEnded(1);
        assert.deepEqual(promptsReceived(), [
          [
            { type: "text", text: "What is wrong here?" },
            {
              type: "resource_link",
              uri: pathToFileURL(`${harness.workspace}/README.md`).href,
              name: "README.md",
            },
            { type: "image", mimeType: "image/png", data: PNG_1PX },
          ],
        ]);
        assert.deepEqual(userItems(key)[0]?.context, ["README.md", "Pasted image 1"]);
      });
    }

    it("refuses an image for an agent that does not take images, and anything that is not an image", async () => {
      harness = new ClientHarness({ protocol: "v1" });
      const plain = await harness.sessions.startSession("Scripted");
      assert.equal(lastHeader(plain)?.takesImages, false);
      assert.deepEqual(harness.sessions.attachImage(plain, PNG_1PX), {
        refused: "Scripted does not take images",
      });
      assert.equal(lastHeader(plain)?.context, undefined, "nothing waits for the message");
      assert.deepEqual(harness.sessions.attachImage("no-such-session", PNG_1PX), {
        refused: "the session has ended",
      });
    });

    it("takes only real images from the view, and names them itself", async () => {
      harness = new ClientHarness({ protocol: "v2", agentEnv: { SCRIPTED_AGENT_IMAGE: "1" } });
      const key = await harness.sessions.startSession("Scripted");
      const html = Buffer.from("<html><script>fetch('//evil')</script>").toString("base64");
      assert.deepEqual(harness.sessions.attachImage(key, html), {
        refused: "not a PNG, JPEG, GIF or WebP image",
      });
      assert.deepEqual(harness.sessions.attachImage(key, `${PNG_1PX}\n`), { refused: "not base64" });
      assert.deepEqual(harness.sessions.attachImage(key, PNG_1PX), { added: 1, full: false });
      assert.deepEqual(
        harness.sessions.attachImage(key, PNG_1PX),
        { added: 0, full: false },
        "pasted twice: once",
      );
      assert.deepEqual(
        lastHeader(key)?.context?.map((chip) => chip.label),
        ["Pasted image 1"],
      );
    });

    it("holds an image pasted while the agent starts, and leaves it out, saying so, when the agent takes none", async () => {
      harness = new ClientHarness({
        protocol: "v2",
        agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "1500" },
      });
      const started = harness.sessions.startSession("Scripted");
      const key = harness.sessions.sessionKeys().at(-1)!;
      assert.equal(lastHeader(key)?.takesImages, undefined, "not known while the agent starts");
      assert.deepEqual(harness.sessions.attachImage(key, PNG_1PX), { added: 1, full: false });
      const ids = lastHeader(key)?.context?.map((chip) => chip.id) ?? [];
      await harness.sessions.sendPrompt(key, "while starting", ids);
      await started;
      await turnsEnded(1);
      assert.deepEqual(promptsReceived(), [[{ type: "text", text: "while starting" }]]);
      const notices = (harness.sessions.session(key)?.transcript() ?? []).flatMap((item) =>
        item.kind === "notice" ? [item.text] : [],
      );
      assert.ok(
        notices.includes("Scripted does not take images: Pasted image 1 was not sent."),
        JSON.stringify(notices),
      );
    });

    it("takes an image pasted while the agent starts off the message once the agent turns out to take none", async () => {
      harness = new ClientHarness({
        protocol: "v1",
        agentEnv: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "1500" },
      });
      const started = harness.sessions.startSession("Scripted");
      const key = harness.sessions.sessionKeys().at(-1)!;
      harness.sessions.addContext([file("readme", "README.md")]);
      assert.deepEqual(harness.sessions.attachImage(key, PNG_1PX), { added: 1, full: false });
      assert.deepEqual(
        lastHeader(key)?.context?.map((chip) => chip.label),
        ["README.md", "Pasted image 1"],
      );
      await started;
      assert.equal(lastHeader(key)?.takesImages, false);
      assert.deepEqual(
        lastHeader(key)?.context?.map((chip) => chip.label),
        ["README.md"],
        "the image is off the message before the person sends it; the file stays",
      );
      const notices = (harness.sessions.session(key)?.transcript() ?? []).flatMap((item) =>
        item.kind === "notice" ? [item.text] : [],
      );
      assert.deepEqual(notices, [
        "Scripted does not take images: Pasted image 1 was taken off your message.",
      ]);
    });
  });
});
