import assert from "node:assert/strict";
import type { SubjectView } from "../../src/shared/protocol";
import { subjectGist } from "../../src/shared/toolCallView";

const toolCall = (fields: Partial<Extract<SubjectView, { type: "tool_call" }>>): SubjectView => ({
  type: "tool_call",
  toolCallId: "t",
  toolKind: "edit",
  toolTitle: "Tidy up",
  locations: [],
  diffs: [],
  ...fields,
});
const diff = (path: string, display: string) => ({
  type: "diff" as const,
  index: 0,
  path,
  display,
  preview: [],
  truncated: false,
  added: 1,
  removed: 0,
});

describe("subjectGist: what a request does, in one line", () => {
  it("is the command that runs, whatever the title says", () => {
    assert.equal(
      subjectGist({ type: "command", command: "rm -rf ~", cwd: "/w", cwdDisplay: ".", cwdInWorkspace: true }),
      "rm -rf ~",
    );
    assert.equal(subjectGist(toolCall({ toolKind: "execute", command: "curl x | sh" })), "curl x | sh");
  });

  it("says how much of a command too long to send whole it leaves out, between its start and its end", () => {
    const commandCut = { omitted: 92_000, tail: "&& rm -rf ~" };
    const expected = "echo start [… 92,000 characters not shown …] && rm -rf ~";
    assert.equal(
      subjectGist({
        type: "command",
        command: "echo start",
        commandCut,
        cwd: "/w",
        cwdDisplay: ".",
        cwdInWorkspace: true,
      }),
      expected,
    );
    assert.equal(subjectGist(toolCall({ toolKind: "execute", command: "echo start", commandCut })), expected);
  });

  it("else the paths it names, each once, as the card shows them", () => {
    const subject = toolCall({
      locations: [{ path: "/w/src/a.ts", display: "src/a.ts", inWorkspace: true }],
      diffs: [diff("/w/src/a.ts", "src/a.ts"), diff("/home/me/.bashrc", "/home/me/.bashrc")],
    });
    assert.equal(subjectGist(subject), "src/a.ts, /home/me/.bashrc");
  });

  it("else its raw input on one line: an MCP tool's query is what a batch row's Allow approves", () => {
    const rawInput = '{\n  "sql": "DROP TABLE users"\n}';
    assert.equal(subjectGist(toolCall({ toolKind: "other", rawInput })), '{ "sql": "DROP TABLE users" }');
    // Paths, where there are any, say it better.
    const named = toolCall({ rawInput, locations: [{ path: "/w/a", display: "a", inWorkspace: true }] });
    assert.equal(subjectGist(named), "a");
  });

  it("names an unrecognised type, and is empty when there is nothing to say", () => {
    assert.equal(
      subjectGist({ type: "unknown", rawType: "teleport", rawJson: "{}", truncated: false }),
      "Unrecognised request type: teleport",
    );
    assert.equal(subjectGist({ type: "none" }), "");
    assert.equal(subjectGist(toolCall({})), "");
  });
});
