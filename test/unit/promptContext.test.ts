/**
 * What a message with context becomes on the wire (`src/core/promptContext.ts`): the person's text first, then each
 * file, folder or selection, as the spec's baseline `resource_link` for every agent, and as the selected lines
 * themselves (`resource`) only for an agent that advertises `embeddedContext`; a pasted image as an `image` block,
 * only for an agent that advertises `image`.
 */
import assert from "node:assert/strict";
import {
  contextChip,
  type FileContext,
  type ImageContext,
  imagesLeftOut,
  MAX_CONTEXT_IMAGE_BYTES,
  MAX_CONTEXT_ITEMS,
  PendingContext,
  type PromptCapabilities,
  promptBlocks,
} from "../../src/core/promptContext";

const EMBEDDED: PromptCapabilities = { embeddedContext: true, image: false };
const LINKS_ONLY: PromptCapabilities = { embeddedContext: false, image: false };

const FILE: FileContext = {
  id: "f",
  uri: "file:///work/app/src/greeting.ts",
  path: "src/greeting.ts",
  kind: "file",
};
const LINES: FileContext = {
  id: "l",
  uri: "file:///work/app/src/greeting.ts",
  path: "src/greeting.ts",
  kind: "lines",
  lines: { start: 3, end: 7 },
  text: 'export const greeting = "Hi";\n',
};
const FOLDER: FileContext = { id: "d", uri: "file:///work/app/src", path: "src", kind: "folder" };
const IMAGE: ImageContext = {
  id: "i",
  kind: "image",
  name: "Pasted image 1",
  mimeType: "image/png",
  data: "iVBORw0KGgo=",
  bytes: 86_016,
};
const TAKES_IMAGES: PromptCapabilities = { embeddedContext: false, image: true };

describe("Context added to a message", () => {
  it("gives an agent with embedded context the selected lines themselves, and links for the rest", () => {
    assert.deepEqual(promptBlocks("Why this?", [LINES, FILE, FOLDER], EMBEDDED), [
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
    assert.deepEqual(promptBlocks("Why this?", [LINES, FILE], LINKS_ONLY), [
      { type: "text", text: "Why this?" },
      { type: "resource_link", uri: "file:///work/app/src/greeting.ts#L3:7", name: "greeting.ts:3-7" },
      { type: "resource_link", uri: "file:///work/app/src/greeting.ts", name: "greeting.ts" },
    ]);
  });

  it("links a selection too large to send as text, even to an agent with embedded context", () => {
    const large: FileContext = { ...LINES, text: undefined };
    assert.deepEqual(promptBlocks("Look", [large], EMBEDDED)[1], {
      type: "resource_link",
      uri: "file:///work/app/src/greeting.ts#L3:7",
      name: "greeting.ts:3-7",
    });
  });

  it("sends a message without context as one text block, as before", () => {
    assert.deepEqual(promptBlocks("hello", [], EMBEDDED), [{ type: "text", text: "hello" }]);
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
    // Windows' own path of a file outside the workspace (shown paths inside it have `/`).
    if (process.platform === "win32")
      assert.equal(contextChip({ ...FILE, path: "C:\\work\\app\\main.ts" }).label, "main.ts");
  });

  it("names a file by its own name: a backslash is a letter of it outside Windows", () => {
    if (process.platform === "win32") return;
    const odd = { ...FILE, path: "src/docs\\README.md" };
    assert.equal(contextChip(odd).label, "docs\\README.md");
  });

  it("caps a long file name in the chip (a repository names its own files)", () => {
    const long = { ...FILE, path: `src/${"a".repeat(5_000)}.ts` };
    const chip = contextChip(long);
    assert.ok(chip.label.length <= 201 && chip.label.endsWith("…"), chip.label.slice(-10));
    assert.ok(chip.detail.length <= 4_201);
  });

  it("sends a pasted image whole, where the person put it, to an agent that takes images", () => {
    assert.deepEqual(promptBlocks("What is wrong here?", [FILE, IMAGE], TAKES_IMAGES), [
      { type: "text", text: "What is wrong here?" },
      { type: "resource_link", uri: "file:///work/app/src/greeting.ts", name: "greeting.ts" },
      { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
    ]);
    assert.deepEqual(imagesLeftOut([FILE, IMAGE], TAKES_IMAGES), []);
  });

  it("never sends an image to an agent that does not take images, and counts what it left out", () => {
    assert.deepEqual(promptBlocks("Look", [IMAGE, FILE, { ...IMAGE, id: "j", data: "R0lG" }], EMBEDDED), [
      { type: "text", text: "Look" },
      { type: "resource_link", uri: "file:///work/app/src/greeting.ts", name: "greeting.ts" },
    ]);
    const second = { ...IMAGE, id: "j", name: "Pasted image 2" };
    assert.deepEqual(imagesLeftOut([IMAGE, FILE, second], EMBEDDED), ["Pasted image 1", "Pasted image 2"]);
  });

  it("shows an image by its name, with its type and size in its detail", () => {
    assert.deepEqual(contextChip(IMAGE), {
      id: "i",
      label: "Pasted image 1",
      detail: "PNG image, 84 KB",
      kind: "image",
    });
  });

  it("holds an image pasted twice once, and no more images than a message carries", () => {
    const pending = new PendingContext();
    assert.deepEqual(pending.add([IMAGE, { ...IMAGE, id: "again", name: "Pasted image 2" }]), {
      added: 1,
      full: false,
    });
    const big = (id: string, bytes: number): ImageContext => ({ ...IMAGE, id, data: id, bytes });
    const room = MAX_CONTEXT_IMAGE_BYTES - IMAGE.bytes;
    assert.deepEqual(pending.add([big("a", room - 10), big("b", 11)]), { added: 1, full: true });
    assert.deepEqual(pending.add([big("c", 10), FILE]), { added: 2, full: false }, "exactly at the limit");
    assert.deepEqual(
      pending.chips().map((chip) => chip.id),
      ["i", "a", "c", "f"],
    );
    const files = Array.from({ length: MAX_CONTEXT_ITEMS }, (_, i) => ({
      ...FILE,
      id: `f${i}`,
      uri: `${FILE.uri}${i}`,
    }));
    assert.deepEqual(pending.add(files), { added: MAX_CONTEXT_ITEMS - 4, full: true });
  });

  it("gives back a message's context under new ids, and counts what has no room, not what is there already", () => {
    const pending = new PendingContext();
    pending.add([FILE]);
    const files = Array.from({ length: MAX_CONTEXT_ITEMS }, (_, i) => ({
      ...FILE,
      id: `f${i}`,
      uri: `${FILE.uri}${i}`,
    }));
    // FILE is held already; of the 20 others, 19 have room.
    assert.deepEqual(pending.giveBack([FILE, ...files]), { leftOut: 1 });
    const ids = pending.chips().map((chip) => chip.id);
    assert.equal(ids.length, MAX_CONTEXT_ITEMS);
    assert.equal(ids[0], "f", "what was held keeps its id");
    assert.ok(
      ids.slice(1).every((id) => !files.some((file) => file.id === id)),
      "what came back has ids the view never saw go with a message",
    );
  });
});
