/**
 * The agents people run, from their real npm packages (pinned, installed on demand into `.vscode-test/agents/`),
 * started exactly as a user's settings.json would start them and pointed at a scripted model on 127.0.0.1. Each agent
 * runs in its asking mode, in one process and one session for all of its tests (as the extension keeps it), one agent
 * after the other. An agent that cannot be installed (no registry) skips its tests with the reason.
 */
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { PermissionPrompt } from "../../src/core/permissionPrompt";
import type { RealAgentName } from "../harness/realAgents";
import { FAILED_REQUEST_TEXT, FINAL_TEXT, PLAIN_TEXT, ScriptedModelServer } from "../realAgents/modelServer";
import { RealAgentSession } from "../realAgents/realAgentSession";
import { waitFor } from "../../tools/waitFor";
import { emptyChangeSet, ViewStore } from "../../webview/state";
import { PNG_1PX } from "../support/images";

interface AgentFacts {
  name: RealAgentName;
  /** v2 adapters: the `title` and `description` the agent's v2 request carries for a command (the card shows them). */
  v2Command?: (command: string) => { title: string; description?: string };
  /**
   * Lines added to a message reach its model in a file of its own, which it tags in the user's message (Copilot);
   * the others put the lines in the message.
   */
  contextInFile?: true;
  /** An image reaches its model (one it does not know to read images, here) as the text "[image: image/png]" (Qwen). */
  imageAsPlaceholder?: true;
  /** Gemini sends no raw input: its card has no command beyond its title. */
  noRawInput?: true;
  /**
   * Gemini's shell tool call names its command only in the title, which the policy does not read as a command: the
   * footprint is incomplete, so Bypass never approves it and a person decides.
   */
  commandUnreadable?: true;
  /** It writes files through the client's `fs/write_text_file` (the others write them themselves). */
  writesThroughClient?: true;
  /** It refuses itself to write over a file changed since it read it (Qwen: by its mtime or size). */
  refusesStaleWrites?: true;
  /** The modes the agent offers (ids), and the one it starts in here (its asking mode). */
  modes: string[];
  startMode: string;
  /** A mode in which it acts without asking (or a model approves), and how far. */
  unattended: [mode: string, level: "full" | "reviewer"];
  /** The agent refuses that mode here, and says why (Gemini: not in a folder it trusts). */
  unattendedRefused?: RegExp;
}

/** The command the card shows as a command (a v2 command subject, or a tool call's raw input). */
function commandShown(card: PermissionPrompt): string | undefined {
  const subject = card.subject;
  return subject.type === "command"
    ? subject.command
    : subject.type === "tool_call"
      ? subject.command
      : undefined;
}

/** Allow once is key 1; options that last ("always") come after every once-option and are marked. */
function assertOptionOrder(card: PermissionPrompt): void {
  const kinds = card.options.map((o) => o.kind);
  assert.equal(kinds[0], "allow_once", `allow once is first: ${JSON.stringify(kinds)}`);
  const lasting = card.options.map((o) => o.kind === "allow_always" || o.kind === "reject_always");
  assert.deepEqual(
    card.options.map((o) => o.lasting === true),
    lasting,
    "lasting options are marked",
  );
  const firstLasting = lasting.indexOf(true);
  if (firstLasting >= 0)
    assert.ok(lasting.slice(firstLasting).every(Boolean), `lasting options last: ${JSON.stringify(kinds)}`);
}

/** Priority order: the agents that exercise the most first. */
const COPILOT_MODE = "https://agentclientprotocol.com/protocol/session-modes#";
const AGENTS: AgentFacts[] = [
  {
    name: "claude",
    v2Command: (command) => ({ title: command }),
    modes: ["default", "acceptEdits", "plan", "auto"],
    startMode: "default",
    unattended: ["auto", "reviewer"],
  },
  {
    name: "qwen",
    imageAsPlaceholder: true,
    writesThroughClient: true,
    refusesStaleWrites: true,
    modes: ["plan", "default", "auto-edit", "auto", "yolo"],
    startMode: "default",
    unattended: ["yolo", "full"],
  },
  {
    name: "codex",
    v2Command: (command) => ({ title: "Run command?", description: `Run ${command}` }),
    modes: ["read-only", "workspace-write", "agent", "agent-full-access"],
    startMode: "read-only",
    unattended: ["agent-full-access", "full"],
  },
  {
    name: "copilot",
    contextInFile: true,
    modes: ["agent", "plan", "autopilot"].map((m) => COPILOT_MODE + m),
    startMode: `${COPILOT_MODE}agent`,
    unattended: [`${COPILOT_MODE}autopilot`, "full"],
  },
  {
    name: "gemini",
    noRawInput: true,
    writesThroughClient: true,
    commandUnreadable: true,
    modes: ["default", "autoEdit", "yolo", "plan"],
    startMode: "default",
    unattended: ["yolo", "full"],
    unattendedRefused: /Cannot enable privileged approval modes in an untrusted folder/,
  },
];

/**
 * Under Bypass, what a person must decide still asks: a write or a command through a link in the workspace that leads
 * out of it (a booby-trapped repository's `escape -> /elsewhere`: inside by its name, outside where it leads), and a
 * write to a git hook or an editor task (a protected file). A card says why, or the agent refuses the path itself;
 * Bypass approves none, and nothing is written there. `escape/../x` is outside too as the OS resolves it (the parent
 * of where the link leads), but inside by its words: an agent that writes it by its words (Codex) asks about, and
 * writes, the workspace's own `x`, which Bypass may approve. Gemini gets the writes through the link alone: its
 * commands always ask (the policy cannot read them), and a write it is sent into `.git` sometimes never ends its turn.
 */
async function bypassLeavesToAPerson(a: RealAgentSession, linkWritesOnly: boolean): Promise<void> {
  const outside = mkdtempSync(join(tmpdir(), "symposium-outside-"));
  const upward = `up-${process.pid}.txt`;
  const aboveBoth = [join(outside, "..", upward), join(a.workspace, "..", upward)];
  try {
    symlinkSync(outside, join(a.workspace, "escape"));
    const throughLink = /leads to .*, outside the workspace/;
    const every: [what: string, prompt: string, why: RegExp, byItsWords?: string][] = [
      ["write", "Write there [scenario:write:escape/written.txt]", throughLink],
      ["command", "Run there [scenario:run:escape/run.txt]", throughLink],
      [
        "write above",
        `Write above [scenario:write:escape/../${upward}]`,
        throughLink,
        join(a.workspace, upward),
      ],
      ["git hook", "Add a hook [scenario:write:.git/hooks/pre-commit]", /is a protected file/],
      ["editor task", "Add a task [scenario:write:.vscode/tasks.json]", /is a protected file/],
    ];
    const cases = linkWritesOnly
      ? every.filter(([what]) => what === "write" || what === "write above")
      : every;
    for (const [what, prompt, why, byItsWords] of cases) {
      const decided = a.decisions.length;
      let ended = false;
      const turn = a.turn(prompt).finally(() => (ended = true));
      const asked = await waitFor(
        () => a.pending()[0] ?? (ended ? null : undefined),
        `a card for the ${what}, or the turn's end`,
        60_000,
      );
      if (asked) {
        const reason = a.harness.sessions
          .snapshot()
          .pending.find((p) => p.key === asked.key)?.bypassBlockedReason;
        assert.match(reason ?? "", why, `the ${what}'s card says why`);
        assert.ok(a.harness.sessions.choose(asked.key, a.option(asked, "reject_once")));
      }
      await turn;
      const bypassed = a.decisions.slice(decided).filter((d) => d.provenance === "bypass");
      if (bypassed.length > 0 && byItsWords !== undefined)
        assert.ok(existsSync(byItsWords), `what Bypass approved for the ${what} was written inside`);
      else assert.deepEqual(bypassed, [], `Bypass approved no ${what}`);
    }
    assert.deepEqual(readdirSync(outside), [], "nothing was written in the folder the link leads to");
    assert.deepEqual(aboveBoth.filter(existsSync), [], "nor above it or above the workspace");
    for (const file of [".git/hooks/pre-commit", ".vscode/tasks.json"])
      assert.equal(existsSync(join(a.workspace, file)), false, `${file} was not written`);
  } finally {
    rmSync(join(a.workspace, "escape"), { force: true });
    rmSync(outside, { recursive: true, force: true });
    for (const path of aboveBoth) rmSync(path, { force: true });
  }
}

describe("Real agents (offline, scripted model)", function () {
  this.timeout(120_000);
  let model: ScriptedModelServer;

  before(async function () {
    model = await new ScriptedModelServer(process.env.REAL_AGENTS_MODEL_LOG).start();
  });

  after(async () => {
    await model?.close();
  });

  for (const facts of AGENTS) {
    describe(facts.name, function () {
      let agent: RealAgentSession | undefined;

      before(async function () {
        this.timeout(300_000); // a cold install downloads up to 200 MB
        try {
          agent = await RealAgentSession.start(facts.name, model.url);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (!/^installing /.test(reason)) throw error; // installed but broken: a failure, not a skip
          console.log(`      SKIPPED ${facts.name}: ${reason}`);
          this.skip();
        }
        console.log(`      (${facts.name} started in ${(agent.startMs / 1000).toFixed(1)} s)`);
      });

      after(async () => {
        await agent?.dispose();
      });

      it("asks before writing a file, and Allow once writes it", async () => {
        const a = agent!;
        const turn = a.turn("Create the file [scenario:write]");
        const card = await a.card("a card for the write");
        assert.ok(!existsSync(join(a.workspace, "hello.txt")), "nothing is written before the click");
        assert.ok(a.harness.sessions.choose(card.key, a.option(card, "allow_once")));
        await turn;
        assert.equal(readFileSync(join(a.workspace, "hello.txt"), "utf8"), "hello from the scripted model\n");
        assert.match(a.agentText(), new RegExp(FINAL_TEXT), "the agent went on after the tool ran");
      });

      if (facts.writesThroughClient) {
        it("a write over a file the person changed while its card waited is refused; the file keeps their text", async () => {
          const a = agent!;
          const path = join(a.workspace, "kept.txt");
          writeFileSync(path, "as the agent read it\n");
          // Qwen overwrites only a file it has read in the session.
          await a.turn(`Read it [scenario:read:${path}]`);
          const turn = a.turn("Replace it [scenario:write:kept.txt]");
          const card = await a.card("a card for the write");
          writeFileSync(path, "saved by the person while the card waited\n");
          assert.ok(a.harness.sessions.choose(card.key, a.option(card, "allow_once")));
          await turn;
          assert.equal(readFileSync(path, "utf8"), "saved by the person while the card waited\n");
          if (facts.refusesStaleWrites) return; // it never sent the write
          // Gemini's model reads the refusal as "[object Object]" (its bundled SDK's reading of an error reply).
          assert.ok(
            a
              .notices()
              .some(
                (n) => n.includes("did not let") && n.includes("the file changed after the edit was shown"),
              ),
            `the transcript says why: ${JSON.stringify(a.notices())}`,
          );
        });
      }

      it("Reject leaves the workspace unchanged and ends the turn", async () => {
        const a = agent!;
        const turn = a.turn("Run it [scenario:run:rejected.txt]");
        const card = await a.card("a card for the command");
        if (facts.v2Command) {
          const sent = facts.v2Command("echo hi > rejected.txt");
          assert.equal(card.protocolVersion, 2);
          assert.equal(card.title, sent.title);
          assert.equal(card.description, sent.description);
        }
        // The person sees what would run: the view gets the title, description and subject (raw input included),
        // the subject perhaps on its tool call's item (what the view's store makes of a snapshot is what it shows).
        const view = new ViewStore();
        view.applySnapshot(a.harness.sessions.snapshot(), emptyChangeSet());
        const shown = JSON.stringify(view.pending.get(card.key));
        assert.ok(
          shown.includes("echo hi > rejected.txt"),
          `the card shows the command: ${shown.slice(0, 300)}`,
        );
        // ...as the command that runs, shown above the agent's wording (not only inside the collapsed raw input).
        if (!facts.noRawInput) assert.equal(commandShown(card), "echo hi > rejected.txt");
        assertOptionOrder(card);
        const noticesBefore = a.notices().length;
        assert.ok(a.harness.sessions.choose(card.key, a.option(card, "reject_once")));
        await turn;
        assert.equal(existsSync(join(a.workspace, "rejected.txt")), false, "the command did not run");
        assert.deepEqual(a.pending(), []);
        assert.equal(a.decisions.at(-1)?.optionId, a.option(card, "reject_once"));
        assert.match(
          a.toolCallStatus(card) ?? "",
          /^(rejected|failed)$/,
          "the rejected tool call is not left open",
        );
        assert.ok(
          !a.notices().slice(noticesBefore).includes("Stopped."),
          "a rejection is not the person's Stop",
        );
      });

      it("Stop with a card open removes the card, answers cancelled, and the next prompt works", async () => {
        const a = agent!;
        const turn = a.turn("Run it [scenario:run:stopped.txt]");
        const card = await a.card("a card for the command");
        await a.harness.sessions.stop(a.sessionKey);
        assert.deepEqual(a.pending(), [], "the card is gone");
        await turn;
        const decision = a.decisions.find((d) => d.key === card.key);
        assert.equal(decision?.outcome, "cancelled", "the agent was answered cancelled");
        assert.match(
          a.toolCallStatus(card) ?? "",
          /^(cancelled|failed)$/,
          "the stopped tool call is not left open",
        );
        assert.equal(a.notices().at(-1), "Stopped.");
        assert.equal(existsSync(join(a.workspace, "stopped.txt")), false, "the command did not run");
        const noticesBeforeNext = a.notices().length;
        await a.turn("Say something.");
        assert.equal(a.status, "ready");
        const next = a.harness.sessions.session(a.sessionKey)!.transcript().slice(-2);
        assert.ok(
          next.some((item) => item.kind === "agent") ||
            a
              .notices()
              .slice(noticesBeforeNext)
              .some((notice) => /without a reply/.test(notice)),
          "the next prompt gets a reply, or the transcript says it got none",
        );
        assert.deepEqual(
          a.notices().filter((n) => /failed|error/i.test(n)),
          [],
          "no error after the stopped turn",
        );
      });

      it("a turn its model refuses says why, and the next message goes through", async () => {
        const a = agent!;
        const itemsBefore = a.harness.sessions.session(a.sessionKey)!.transcript().length;
        model.failing = 400;
        try {
          await a.turn("Say something.");
        } finally {
          model.failing = undefined;
        }
        const shown = a.harness.sessions
          .session(a.sessionKey)!
          .transcript()
          .slice(itemsBefore)
          .flatMap((item) =>
            item.kind === "notice"
              ? [[item.text, item.quote].filter(Boolean).join(" ")]
              : item.kind === "agent"
                ? [item.markdown]
                : [],
          );
        // In the agent's words or in an error notice: the model's reason, not only "Internal error".
        assert.ok(
          shown.some((text) => text.includes(FAILED_REQUEST_TEXT)),
          `the person sees why: ${JSON.stringify(shown)}`,
        );
        assert.equal(
          shown.filter((text) => text.includes(FAILED_REQUEST_TEXT)).length,
          1,
          `said once: ${JSON.stringify(shown)}`,
        );
        await a.turn("Say something.");
        assert.ok(a.agentText().endsWith(PLAIN_TEXT), "the next message got its reply");
      });

      it("hands the model the lines a person added to the message", async () => {
        const a = agent!;
        const marker = `addedLine_${facts.name}_${Date.now()}`;
        const path = join(a.workspace, "added.ts");
        writeFileSync(path, `// added\nconst ${marker} = 1;\n`);
        const added = a.harness.sessions.addContext([
          {
            id: "added",
            uri: pathToFileURL(path).href,
            path: "added.ts",
            kind: "lines",
            lines: { start: 2, end: 2 },
            text: `const ${marker} = 1;\n`,
          },
        ]);
        assert.deepEqual(added, { sessionKey: a.sessionKey, added: 1, full: false });
        const before = model.requests.length;
        await a.turn("What does the added line do?", ["added"]);
        const bodies = model.requests.slice(before).map((request) => request.body);
        assert.ok(bodies.length > 0, "the agent asked its model");
        // Each takes embedded context (all advertise it), so each gets the line itself, not a link to the file.
        // Copilot writes it to a file of its own and tags that file in the model's message.
        const given = facts.contextInFile
          ? /<tagged_files>\\n\* ([^\s]*acp-resource-[^\s]*\.txt) \(2 lines\)/
          : new RegExp(marker);
        const found = bodies.map((body) => given.exec(body)).find((match) => match !== null);
        assert.ok(found, `the model was given the line: ${bodies.at(-1)?.slice(-600)}`);
        if (facts.contextInFile) {
          // That file stays behind: in the agent's own temporary folder, which the run removes, not the machine's.
          assert.ok(found[1]!.startsWith(a.home + "/"), `${found[1]} is in the agent's home`);
        }
        assert.deepEqual(
          a.harness.sessions
            .session(a.sessionKey)
            ?.transcript()
            .flatMap((item) => (item.kind === "user" && item.context ? [item.context] : [])),
          [["added.ts:2"]],
        );
      });

      it("takes a file and a folder added to the message as links, without an error or a card", async () => {
        const a = agent!;
        mkdirSync(join(a.workspace, "lib"), { recursive: true });
        writeFileSync(join(a.workspace, "lib", "one.ts"), "export const one = 1;\n");
        const noticesBefore = a.notices().length;
        const before = model.requests.length;
        a.harness.sessions.addContext([
          { id: "lib", uri: pathToFileURL(join(a.workspace, "lib")).href, path: "lib", kind: "folder" },
          {
            id: "one",
            uri: pathToFileURL(join(a.workspace, "lib", "one.ts")).href,
            path: "lib/one.ts",
            kind: "file",
          },
        ]);
        await a.turn("What is in these?", ["lib", "one"]);
        const bodies = model.requests.slice(before).map((request) => request.body);
        assert.ok(
          bodies.some((body) => body.includes("one.ts")),
          `the model was told of the file: ${bodies.at(-1)?.slice(-600)}`,
        );
        assert.deepEqual(a.notices().slice(noticesBefore), [], "no error");
        assert.deepEqual(a.pending(), [], "a file the person added is not asked about");
      });

      it("hands the model an image pasted into the message", async () => {
        const a = agent!;
        const before = model.requests.length;
        const noticesBefore = a.notices().length;
        const attached = a.harness.sessions.attachImage(a.sessionKey, PNG_1PX);
        assert.deepEqual(attached, { added: 1, full: false }, "every agent of the registry takes images");
        const ids = a.harness.ops.flatMap((op) =>
          op.op === "session" && op.header.key === a.sessionKey ? [op.header.context ?? []] : [],
        );
        await a.turn(
          "What is in this picture?",
          (ids.at(-1) ?? []).map((chip) => chip.id),
        );
        const bodies = model.requests.slice(before).map((request) => request.body);
        // Qwen tells a model it does not know to read images that there was one; the others hand it over.
        const given = facts.imageAsPlaceholder ? "[image: image/png]" : PNG_1PX;
        assert.ok(
          bodies.some((body) => body.includes(given)),
          `the model was given the image: ${bodies.at(-1)?.slice(-600)}`,
        );
        assert.deepEqual(a.notices().slice(noticesBefore), [], "no error");
      });

      it("Bypass approves the open card, and the next request is answered without a card", async () => {
        const a = agent!;
        const turn = a.turn("Run it [scenario:run:bypassed.txt]");
        const card = await a.card("a card for the command");
        if (facts.commandUnreadable) {
          assert.equal(await a.harness.sessions.bypass(card.key), false, "Bypass does not apply");
          const view = a.harness.sessions.snapshot().pending.find((p) => p.key === card.key);
          assert.equal(view?.canBypass, false, "the card offers no Bypass");
          assert.ok(a.harness.sessions.choose(card.key, a.option(card, "reject_once")));
          await turn;
          assert.equal(existsSync(join(a.workspace, "bypassed.txt")), false, "the command did not run");
          // Its writes can be read: Bypass turned on from a write's card, then what Bypass leaves to a person asks.
          const write = a.turn("Create it [scenario:write:bypassed.txt]");
          assert.equal(await a.harness.sessions.bypass((await a.card("a card for the write")).key), true);
          await write;
          assert.ok(existsSync(join(a.workspace, "bypassed.txt")), "the approved write was made");
          await bypassLeavesToAPerson(a, true);
          return;
        }
        assert.equal(await a.harness.sessions.bypass(card.key), true);
        await turn;
        await waitFor(() => existsSync(join(a.workspace, "bypassed.txt")), "the approved command to run");
        const decided = a.decisions.length;
        const cards = () => a.harness.ops.filter((op) => op.op === "prompt").length;
        const cardsBefore = cards();
        await a.turn("Two files [scenario:multi]");
        assert.ok(existsSync(join(a.workspace, "a.txt")) && existsSync(join(a.workspace, "b.txt")));
        assert.equal(cards(), cardsBefore, "no card was shown");
        const later = a.decisions.slice(decided);
        assert.ok(later.length >= 2, "both writes were asked for");
        assert.ok(later.every((d) => d.provenance === "bypass" && d.outcome === "selected"));

        // A guard still holds back what the agent runs under Bypass: a folder copied whole whose planted editor task
        // would land as the workspace's `.vscode/tasks.json`, though the command names no protected path.
        mkdirSync(join(a.workspace, "vendor", "kit", ".vscode"), { recursive: true });
        writeFileSync(join(a.workspace, "vendor", "kit", ".vscode", "tasks.json"), "{}\n");
        const held = a.turn("Copy the kit [scenario:shell:cp -r vendor/kit/. .]");
        const guarded = await a.card("a card for the guarded copy");
        const shown = a.harness.sessions.snapshot().pending.find((p) => p.key === guarded.key);
        assert.match(
          shown?.bypassBlockedReason ?? "",
          /^cp writes \.vscode \(from vendor\/kit\/\.vscode\), a protected path$/,
        );
        assert.ok(a.harness.sessions.choose(guarded.key, a.option(guarded, "reject_once")));
        await held;
        assert.equal(existsSync(join(a.workspace, ".vscode", "tasks.json")), false, "nothing was copied");

        // Nor what find hands a command though the line names no file: the planted task is among what it finds.
        const edited = a.turn(
          "Rename in the kit [scenario:shell:find vendor -name tasks.json -exec sed -i s/x/y/ {} +]",
        );
        const found = await a.card("a card for the command given what find finds");
        assert.match(
          a.harness.sessions.snapshot().pending.find((p) => p.key === found.key)?.bypassBlockedReason ?? "",
          /^sed is given what find finds in vendor, which includes vendor\/kit\/\.vscode\/tasks\.json, a protected path$/,
        );
        assert.ok(a.harness.sessions.choose(found.key, a.option(found, "reject_once")));
        await edited;

        // Nor what goes through a link that leads out of the workspace, or writes a protected file.
        await bypassLeavesToAPerson(a, false);
      });

      it("lists its modes in the mode picker, starting in its asking mode", () => {
        const mode = agent!.controls()?.items.find((c) => c.category === "mode");
        assert.equal(mode?.kind, "select", `a mode picker: ${JSON.stringify(agent!.controls())}`);
        assert.deepEqual(mode.kind === "select" && mode.choices.map((c) => c.value), facts.modes);
        assert.equal(mode.value, facts.startMode);
        assert.equal(agent!.controls()?.unattended, undefined, "no marker in the asking mode");
      });

      it("a mode that acts without asking asks first, then shows the marker; the asking mode takes it away", async () => {
        const a = agent!;
        const [mode, level] = facts.unattended;
        const control = a.controls()!.items.find((c) => c.category === "mode")!;
        a.allowUnattended = false;
        assert.equal(await a.harness.sessions.setControl(a.sessionKey, control.id, mode), false);
        assert.deepEqual(a.unattendedAsked, [a.label], "the person was asked");
        assert.equal(a.controls()?.unattended, undefined, "declined: not set");
        a.allowUnattended = true;
        if (facts.unattendedRefused) {
          // The agent's own guard: the set fails, the picker stays, and the transcript says why.
          assert.equal(await a.harness.sessions.setControl(a.sessionKey, control.id, mode), false);
          assert.match(a.notices().at(-1) ?? "", facts.unattendedRefused);
          assert.equal(a.controls()?.items.find((c) => c.id === control.id)?.value, facts.startMode);
          assert.equal(a.controls()?.unattended, undefined);
          return;
        }
        assert.equal(await a.harness.sessions.setControl(a.sessionKey, control.id, mode), true);
        await waitFor(() => a.controls()?.unattended, "the marker");
        assert.equal(a.controls()?.unattended?.level, level);
        assert.equal(a.decisions.at(-1)?.provenance, "mode", "recorded in the history");
        // As the person's: the agent's echo of the change is not a switch of its own.
        assert.match(a.decisions.at(-1)?.title ?? "", /^You set /);
        assert.deepEqual(
          a.notices().filter((text) => / set .*: (the agent acts|a model approves)/.test(text)),
          [],
        );
        assert.equal(await a.harness.sessions.setControl(a.sessionKey, control.id, facts.startMode), true);
        await waitFor(() => a.controls()?.unattended === undefined, "the marker to go");
      });

      if (facts.name === "claude") {
        it("switching to plan and back reaches the agent: its next model request is in plan mode, then not", async () => {
          const a = agent!;
          assert.equal(await a.harness.sessions.setControl(a.sessionKey, "mode", "plan"), true);
          const before = model.requests.length;
          await a.turn("Say something.");
          const planned = model.requests.slice(before).filter((r) => r.tools.length > 0);
          const seen = (requests: typeof planned) =>
            JSON.stringify(requests.map((r) => [r.answer, r.planMode]));
          assert.ok(
            planned.length > 0 && planned.every((r) => r.planMode),
            `the model was told plan mode is on: ${seen(planned)}`,
          );
          assert.equal(await a.harness.sessions.setControl(a.sessionKey, "mode", "default"), true);
          const after = model.requests.length;
          await a.turn("Say something.");
          const back = model.requests.slice(after).filter((r) => r.tools.length > 0);
          assert.ok(
            back.length > 0 && back.every((r) => !r.planMode),
            `plan mode is off again: ${seen(back)}`,
          );
        });

        // Claude Code offers its model AskUserQuestion only to a client that shows forms (ACP form elicitation).
        it("asks its questions as a form on the card, under Bypass too, and the person's answer reaches its model", async () => {
          const a = agent!;
          assert.equal(a.harness.sessions.isBypassed(a.label), true, "Bypass is on (the test above)");
          const decided = a.decisions.length;
          const before = model.requests.length;
          const turn = a.turn("Which one? [scenario:ask]");
          const card = await a.card("the form's card");
          const view = a.harness.sessions.snapshot().pending.find((p) => p.key === card.key)!;
          assert.equal(view.title, "Which library should format the dates?");
          assert.deepEqual(
            view.questions?.map((q) => [q.question, q.choices.map((c) => c.label), q.field?.kind]),
            [
              ["Library", ["date-fns", "Luxon"], "choice"],
              ["Type your own answer, or add a note to the option you chose above (optional).", [], "text"],
            ],
          );
          assert.deepEqual(a.decisions.slice(decided), [], "nothing answered it but the person");
          assert.match(view.toolItemId ?? "", /^tool:/, "the card sits on its AskUserQuestion tool call");
          const submit = view.options.find((o) => o.kindClass === "allow")!;
          assert.ok(a.harness.sessions.answerQuestions(card.key, submit.key, { "0": "Luxon" }));
          await turn;
          const offered = model.requests.slice(before).find((r) => r.answer === "AskUserQuestion");
          assert.ok(
            offered,
            `the model was offered AskUserQuestion and called it: ${model.requests
              .slice(before)
              .map((r) => r.answer)
              .join(", ")}`,
          );
          const results = model.requests.slice(before).flatMap((r) => toolResults(r.body));
          assert.ok(
            results.some((text) => /Luxon/.test(text) && !/declin|reject/i.test(text)),
            `the model is told the answer: ${JSON.stringify(results)}`,
          );
        });

        it("defaultMode from the agent's settings applies on a new session", async () => {
          const other = await RealAgentSession.start(facts.name, model.url, { defaultMode: "acceptEdits" });
          try {
            const mode = other.controls()?.items.find((c) => c.category === "mode");
            assert.equal(mode?.value, "acceptEdits");
            const before = model.requests.length;
            await other.turn("Say something.");
            assert.ok(model.requests.length > before);
          } finally {
            await other.dispose();
          }
        });
      }

      if (facts.name === "qwen") {
        it("asks its questions on the card, under Bypass too, and the person's answer reaches its model", async () => {
          const a = agent!;
          assert.equal(a.harness.sessions.isBypassed(a.label), true, "Bypass is on (the test above)");
          const decided = a.decisions.length;
          const turn = a.turn("Which one? [scenario:ask]");
          const card = await a.card("the question card");
          const view = a.harness.sessions.snapshot().pending.find((p) => p.key === card.key)!;
          assert.deepEqual(
            view.questions?.map((q) => [q.header, q.question, q.choices.map((c) => c.label)]),
            [["Library", "Which library should format the dates?", ["date-fns", "Luxon"]]],
          );
          assert.deepEqual(a.decisions.slice(decided), [], "nothing answered it but the person");
          const submit = view.options.find((o) => o.kindClass === "allow")!;
          const before = model.requests.length;
          assert.ok(a.harness.sessions.answerQuestions(card.key, submit.key, { "0": "Luxon" }));
          await turn;
          const told = model.requests
            .slice(before)
            .map((r) => r.body)
            .find((body) => body.includes("User has provided the following answers"));
          assert.match(told ?? "", /Library\*\*: Luxon/, "the model is told the answer");
        });

        // Qwen's plan exit offers "Yes, restore previous mode (…)" as its first allow-once option: after yolo, that
        // is the way back to yolo, which Bypass must not choose for the person.
        it("leaving plan mode under Bypass goes on in its asking mode, not back to yolo", async () => {
          const a = agent!;
          assert.equal(a.harness.sessions.isBypassed(a.label), true, "Bypass is on (the test above)");
          const control = a.controls()!.items.find((c) => c.category === "mode")!;
          a.allowUnattended = true;
          assert.equal(await a.harness.sessions.setControl(a.sessionKey, control.id, "yolo"), true);
          assert.equal(await a.harness.sessions.setControl(a.sessionKey, control.id, "plan"), true);
          const decided = a.decisions.length;
          await a.turn("Plan it [scenario:plan]");
          const exit = a.decisions.slice(decided).filter((d) => d.provenance === "bypass");
          assert.deepEqual(
            exit.map((d) => [d.outcome, d.optionId]),
            [["selected", "proceed_once"]],
            `answered: ${JSON.stringify(a.decisions.slice(decided))}`,
          );
          await waitFor(
            () => a.controls()?.items.find((c) => c.id === control.id)?.value === "default",
            "Qwen to go on in its asking mode",
          );
          assert.equal(a.controls()?.unattended, undefined, "no marker");
        });
      }

      if (facts.name === "gemini") {
        // Last: it kills the agent, and the new Gemini process cannot reopen the session. Gemini 0.61 reopens a
        // session only after the minute it began: its records are named by the minute, and opening one in that
        // minute appends a new record's start to the old file, which then reads as empty (a CI run that crossed the
        // minute reopened it and went on). Its records removed, it never can, as when a record is lost.
        it("killed mid-turn, its message sent again gets a new session that says the conversation is gone", async () => {
          const a = agent!;
          const sessions = a.harness.sessions;
          const turn = sessions.sendPrompt(a.sessionKey, "Run it [scenario:run:killed.txt]");
          await a.card("a card for the command");
          await a.killAgent();
          await turn;
          const projects = join(a.home, ".gemini", "tmp");
          for (const project of readdirSync(projects))
            rmSync(join(projects, project, "chats"), { recursive: true, force: true });
          await sessions.sendPrompt(a.sessionKey, "Say something after the crash.");
          const key = await sessions.resendInNewSession(a.sessionKey);
          assert.ok(key, "the message went to a new tab");
          a.sessionKey = key;
          // A new Gemini process starts, opens a session and answers: as long as a turn may take (4-9 s alone,
          // more than 10 s beside other test files in a cold CI run). Its reply follows the message, but need not be
          // the last item; a CI run timed out at 60 s waiting for it as the last, so a timeout says what there was.
          const transcript = () => sessions.session(key)?.transcript() ?? [];
          await waitFor(
            () => {
              const items = transcript();
              const sent = items.findLastIndex((item) => item.kind === "user");
              return (
                a.status === "ready" &&
                sent >= 0 &&
                items.slice(sent + 1).some((item) => item.kind === "agent")
              );
            },
            "the agent's reply to the message sent again",
            60_000,
          ).catch((error: unknown) => {
            const kinds = transcript().map((item) => item.kind);
            throw new Error(
              `${(error as Error).message}; status ${a.status}; transcript: ${kinds.join(", ")}`,
            );
          });
          assert.match(
            a.notices().join("\n"),
            /could not reopen the session: .*without the earlier conversation/,
          );
          assert.equal(
            sessions.sessionKeys().filter((k) => sessions.session(k)?.status === "error").length,
            0,
          );
          assert.ok(
            !existsSync(join(a.workspace, "killed.txt")),
            "the command of the killed turn did not run",
          );
        });
      }
    });
  }
});

/** The text of each tool result in a model request's body (Anthropic's messages API). */
function toolResults(body: string): string[] {
  let request: { messages?: { content?: unknown }[] };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    return [];
  }
  return (request.messages ?? []).flatMap((message) =>
    Array.isArray(message.content)
      ? message.content
          .filter((block: { type?: string }) => block.type === "tool_result")
          .map((block: { content?: unknown }) => JSON.stringify(block.content))
      : [],
  );
}
