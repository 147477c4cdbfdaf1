/**
 * What a message with context becomes on the wire (`src/core/promptContext.ts`): the person's text first, then each
 * file, folder or selection, as the spec's baseline `resource_link` for every agent, and as the selected lines
 * themselves (`resource`) only for an agent that advertises `embeddedContext`.
 */
import assert from "node:assert/strict";
import { contextChip, promptBlocks, type PromptContext } from "../../src/core/promptContext";

const FILE: PromptContext = {
  id: "f",
  uri: "file:///work/app/src/greeting.ts",
  path: "src/greeting.ts",
  kind: "file",
};
const LINES: PromptContext = {
  id: "l",
  uri: "file:///work/app/src/greeting.ts",
  path: "src/greeting.ts",
  kind: "lines",
  lines: { start: 3, end: 7 },
  text: 'export const greeting = "Hi";\n',
};
const FOLDER: PromptContext = { id: "d", uri: "file:///work/app/src", path: "src", kind: "folder" };

describe("Context added to a message", () => {
  it("gives an agent with embedded context the selected lines themselves, and links for the rest", () => {
    assert.deepEqual(promptBlocks("Why this?", [LINES, FILE, FOLDER], true), [
      { type: "text", text: "Why this?" },
      {
        type: "resource",
        resource: { uri: "file:///work/app/src/greeting.ts#L3:7", text: 'export const greeting = "Hi";\n' },
      },
      { type: "resource_link", uri: "file:///work/app/src/greeting.ts", name: "greeting.ts" },
      { type: "resource_link", uri: "file:///work/app/src", name: "src/" },
    ]);
  });

  it("gives any other agent links only (the spec's baseline), the lines in the link", () => {
    assert.deepEqual(promptBlocks("Why this?", [LINES, FILE], false), [
      { type: "text", text: "Why this?" },
      { type: "resource_link", uri: "file:///work/app/src/greeting.ts#L3:7", name: "greeting.ts:3-7" },
      { type: "resource_link", uri: "file:///work/app/src/greeting.ts", name: "greeting.ts" },
    ]);
  });

  it("links a selection too large to send as text, even to an agent with embedded context", () => {
    const large: PromptContext = { ...LINES, text: undefined };
    assert.deepEqual(promptBlocks("Look", [large], true)[1], {
      type: "resource_link",
      uri: "file:///work/app/src/greeting.ts#L3:7",
      name: "greeting.ts:3-7",
    });
  });

  it("sends a message without context as one text block, as before", () => {
    assert.deepEqual(promptBlocks("hello", [], true), [{ type: "text", text: "hello" }]);
  });

  it("shows each item by its name and lines, with the whole path and the lines in its detail", () => {
    assert.deepEqual(contextChip(LINES), {
      id: "l",
      label: "greeting.ts:3-7",
      detail: "src/greeting.ts, lines 3-7",
      kind: "lines",
    });
    assert.deepEqual(contextChip({ ...LINES, lines: { start: 4, end: 4 } }), {
      id: "l",
      label: "greeting.ts:4",
      detail: "src/greeting.ts, line 4",
      kind: "lines",
    });
    assert.equal(contextChip(FOLDER).label, "src/");
    assert.equal(contextChip({ ...FILE, path: "C:\\work\\app\\main.ts" }).label, "main.ts");
  });

  it("caps a long file name in the chip (a repository names its own files)", () => {
    const long = { ...FILE, path: `src/${"a".repeat(5_000)}.ts` };
    const chip = contextChip(long);
    assert.ok(chip.label.length <= 201 && chip.label.endsWith("…"), chip.label.slice(-10));
    assert.ok(chip.detail.length <= 4_201);
  });
});
