import assert from "node:assert/strict";
import { decide, preparePermission } from "../../src/acp/permissionBroker";
import { RawToolCalls } from "../../src/acp/rawToolCalls";
import { PolicyBoundary, type PathFs } from "../../src/core/policy/resolvePath";
import { loadPolicyEngine, type PolicyEngine } from "../../src/core/policy/engine";
import { SessionModel } from "../../src/core/sessionModel";
import { placeIn } from "../../src/core/workspacePlace";
import { LIMITS } from "../../src/shared/limits";

/**
 * A tree where `/w/ws/run` changes between two looks at it: the first lstat of it sees `first`, every later one
 * `then` (an agent swapping a folder for a link while the request is being decided).
 */
function swappingTree(first: "dir" | "link", then: "dir" | "link") {
  let looks = 0;
  const fs: PathFs = {
    lstat(path) {
      if (path === "/w/ws/run") {
        const kind = looks++ === 0 ? first : then;
        return { isSymbolicLink: () => kind === "link", isDirectory: () => kind === "dir" };
      }
      if (["/w", "/w/ws", "/etc"].includes(path))
        return { isSymbolicLink: () => false, isDirectory: () => true };
      return undefined;
    },
    readlink: () => "/etc",
  };
  return {
    boundary: new PolicyBoundary(["/w/ws"], { fs, platform: "posix", home: "/home/u" }),
    looks: () => looks,
  };
}

/** A session's model and raw tool calls, both fed each `session/update` as the host feeds them. */
function sessionOfUpdates() {
  const { boundary } = swappingTree("dir", "dir");
  const model = new SessionModel("s", "Agent", (path) => placeIn(boundary, path));
  const raw = new RawToolCalls();
  const update = (fields: Record<string, unknown>) => {
    model.applyUpdate(fields);
    raw.noteUpdate(fields);
  };
  return { boundary, model, raw, update };
}

describe("deciding one permission request", () => {
  let policy: PolicyEngine;
  before(async () => {
    policy = await loadPolicyEngine();
  });

  /** Where a request is decided: this workspace, no rules, Bypass on or off. */
  const decidedIn = (boundary: PolicyBoundary, bypassed: boolean) => ({
    bypassed,
    workspaceTrusted: true,
    boundary,
    rules: [],
    policy,
    home: "/home/u",
    cwd: "/w/ws",
    editorProcesses: [],
  });

  const prepare = (boundary: PolicyBoundary, bypassed: boolean) =>
    preparePermission(
      new SessionModel("s", "Agent", (path) => placeIn(boundary, path)),
      new RawToolCalls(),
      {
        protocolVersion: 2,
        agentName: "Agent",
        params: {
          sessionId: "a",
          title: "Run the tests",
          subject: { type: "command", command: "npm test", cwd: "/w/ws/run" },
          options: [
            { optionId: "yes", name: "Allow once", kind: "allow_once" },
            { optionId: "no", name: "Reject", kind: "reject_once" },
          ],
        },
      },
      decidedIn(boundary, bypassed),
    );

  for (const [first, then] of [
    ["dir", "link"],
    ["link", "dir"],
  ] as const) {
    it(`shows and decides on one resolution of its cwd (a ${first} swapped for a ${then})`, () => {
      const { boundary, looks } = swappingTree(first, then);
      const { prompt, decision } = prepare(boundary, true);
      assert.equal(looks(), 1, "the cwd was resolved more than once");
      assert.equal(prompt.subject.type, "command");
      const shownInside = prompt.subject.type === "command" && prompt.subject.cwdInWorkspace;
      assert.equal(shownInside, first === "dir");
      if (shownInside) assert.equal(decision.answer, "approve");
      else assert.deepEqual([decision.answer, decision.by.type], ["ask", "guard"]);
    });
  }

  it("offers no Bypass on a card whose checks go on meeting nested repositories, as Bypass itself would not approve it", () => {
    // Checks that meet one more nested repository each time they are asked, up to the eighth: the decision is made
    // again for each (a repository's configuration protects what it names from the checks after it), and past four
    // times it asks. A second pass for "would Bypass approve it?" started where the first gave up, settled, and the
    // card offered Bypass Permissions: one click approved what an agent with Bypass on would have been asked about.
    const { boundary } = swappingTree("dir", "dir");
    const { prompt, footprint } = prepare(boundary, false);
    const request = boundary.forRequest();
    let reads = 0;
    const restless = new Proxy(request, {
      get(target, property) {
        if (property === "repositoriesMet") return Math.min(reads++, 8);
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const decision = decide(prompt, footprint, decidedIn(boundary, false), restless);
    assert.equal(decision.answer, "ask");
    assert.ok(decision.answer === "ask" && !decision.facts.bypassWouldApply, "the card offers Bypass");
    assert.match(
      decision.answer === "ask" ? (decision.heldUnderBypass ?? "") : "",
      /one nested git repository after another/,
    );
  });

  it("proposes its rule from the same resolution, and a later request resolves anew", () => {
    const { boundary, looks } = swappingTree("dir", "link");
    const held = prepare(boundary, false);
    assert.equal(held.decision.answer, "ask");
    assert.equal(held.paths.check("/w/ws/run").status, "inside");
    assert.equal(looks(), 1);
    const next = prepare(boundary, true);
    assert.equal(looks(), 2);
    assert.equal(next.prompt.subject.type === "command" && next.prompt.subject.cwdInWorkspace, false);
    assert.equal(next.decision.answer, "ask");
  });

  it("shows on the card the command of a tool call the transcript let go, which the footprint still reads", () => {
    // The transcript keeps fewer items than the raw store keeps tool calls: a flood of messages pushed the call out
    // of the one and not the other, and the card showed no command while a yes granted it to a terminal.
    const { boundary, model, raw, update } = sessionOfUpdates();
    const deploy = "npm run deploy";
    update({
      sessionUpdate: "tool_call",
      toolCallId: "T",
      title: deploy,
      kind: "execute",
      rawInput: { command: deploy },
    });
    for (let i = 0; i <= LIMITS.transcriptItems; i++)
      update({
        sessionUpdate: "agent_message_chunk",
        messageId: `m${i}`,
        content: { type: "text", text: "." },
      });
    assert.equal(model.toolCall("T"), undefined);
    const { prompt, footprint, changed } = preparePermission(
      model,
      raw,
      {
        protocolVersion: 1,
        agentName: "Agent",
        params: {
          sessionId: "a",
          toolCall: { toolCallId: "T", title: "Run tests" },
          options: [{ optionId: "yes", name: "Allow once", kind: "allow_once" }],
        },
      },
      decidedIn(boundary, false),
    );
    assert.deepEqual(
      footprint.commands.map((c) => c.line),
      [deploy],
    );
    assert.ok(prompt.subject.type === "tool_call");
    if (prompt.subject.type !== "tool_call") return;
    assert.equal(prompt.subject.command, deploy);
    assert.equal(prompt.subject.toolTitle, "Run tests");
    // The view gets the call again, once.
    assert.deepEqual(
      changed.map((item) => item.id),
      ["tool:T"],
    );
  });

  it("shows on the card the command it decides on when an update sends null fields", () => {
    // An update's null, like an absent field, leaves the field as it was: in the card's tool call and in the raw
    // tool call the footprint is built from alike.
    const { boundary, model, raw, update } = sessionOfUpdates();
    const push = "git push --force origin main";
    update({
      sessionUpdate: "tool_call",
      toolCallId: "push",
      title: "Push",
      kind: "execute",
      rawInput: { command: push },
      locations: [{ path: "/w/ws/run" }],
    });
    update({
      sessionUpdate: "tool_call_update",
      toolCallId: "push",
      status: "in_progress",
      rawInput: null,
      locations: null,
      content: null,
      kind: null,
      title: null,
    });
    const { prompt, footprint } = preparePermission(
      model,
      raw,
      {
        protocolVersion: 1,
        agentName: "Agent",
        params: {
          sessionId: "a",
          toolCall: { toolCallId: "push" },
          options: [
            { optionId: "yes", name: "Allow once", kind: "allow_once" },
            { optionId: "no", name: "Reject", kind: "reject_once" },
          ],
        },
      },
      decidedIn(boundary, false),
    );
    assert.ok(prompt.subject.type === "tool_call");
    if (prompt.subject.type !== "tool_call") return;
    assert.equal(prompt.subject.command, push);
    assert.equal(prompt.subject.toolKind, "execute");
    assert.equal(prompt.subject.toolTitle, "Push");
    assert.deepEqual(
      prompt.subject.locations.map((l) => l.path),
      ["/w/ws/run"],
    );
    assert.match(prompt.subject.rawInput ?? "", /git push --force origin main/);
    assert.deepEqual(
      footprint.commands.map((c) => c.line),
      [push],
    );
    assert.deepEqual(
      footprint.paths.map((p) => p.path),
      ["/w/ws/run"],
    );
  });
});
