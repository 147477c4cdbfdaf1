import assert from "node:assert/strict";
import { decideBypass, type BypassContext } from "../../src/core/bypassPolicy";
import { kindClass, type PermissionPrompt } from "../../src/core/permissionPrompt";

function prompt(
  overrides: Partial<PermissionPrompt> = {},
  kinds = ["allow_always", "allow_once", "reject_once"],
): PermissionPrompt {
  return {
    key: "k",
    agentName: "Agent",
    sessionKey: "s",
    sessionId: "x",
    protocolVersion: 2,
    title: "Edit",
    subject: {
      type: "tool_call",
      toolCallId: "t",
      toolKind: "edit",
      toolTitle: "Edit",
      locations: [],
      diffs: [],
    },
    options: kinds.map((kind, i) => ({
      key: String(i),
      optionId: `id-${kind}`,
      name: kind,
      kind,
      kindClass: kindClass(kind),
    })),
    rawSubject: {},
    paths: ["/work/src/a.ts"],
    receivedAt: 0,
    ...overrides,
  };
}

const context: BypassContext = {
  bypassed: true,
  workspaceTrusted: true,
  inWorkspace: (path) => path.startsWith("/work/"),
  isProtected: (path) => path.includes("/.git/") || path.endsWith("/.env"),
};

describe("decideBypass", () => {
  it("approves a bypassed agent's request with allow_once, never allow_always", () => {
    assert.deepEqual(decideBypass(prompt(), context), {
      approve: true,
      optionId: "id-allow_once",
      reason: "bypass is on for Agent",
    });
  });

  it("asks a person when bypass is off", () => {
    assert.deepEqual(decideBypass(prompt(), { ...context, bypassed: false }), { approve: false });
  });

  it("asks when no allow_once is offered, even if allow_always is", () => {
    const decision = decideBypass(prompt({}, ["allow_always", "reject_once"]), context);
    assert.equal(decision.approve, false);
  });

  it("asks for anything outside the workspace, a protected path, an unknown subject or an untrusted workspace", () => {
    const cases: [Partial<PermissionPrompt>, Partial<BypassContext>, RegExp][] = [
      [{ paths: ["/etc/passwd"] }, {}, /outside the workspace/],
      [{ paths: ["/work/.git/config"] }, {}, /protected/],
      [{ paths: ["/work/.env"] }, {}, /protected/],
      [
        { subject: { type: "unknown", rawType: "_net", rawJson: "{}", truncated: false } },
        {},
        /not recognised/,
      ],
      [{ subject: { type: "none" } }, {}, /does not say/],
      [{}, { workspaceTrusted: false }, /not trusted/],
      [
        { subject: { type: "command", command: "ls", cwd: "/", cwdInWorkspace: false }, paths: ["/"] },
        {},
        /outside/,
      ],
    ];
    for (const [overrides, ctx, reason] of cases) {
      const decision = decideBypass(prompt(overrides), { ...context, ...ctx });
      assert.equal(decision.approve, false, JSON.stringify(overrides));
      assert.match(decision.approve ? "" : (decision.reason ?? ""), reason);
    }
  });
});
