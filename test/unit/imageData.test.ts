/**
 * An image pasted into a message (`src/core/imageData.ts`): its type is read from its bytes, never from a claim; only
 * strict base64 of a PNG, JPEG, GIF or WebP within the size models take goes to an agent. The view is hostile: it may
 * send HTML or a script named image.png, base64 with extra characters, or more than the limit.
 */
import assert from "node:assert/strict";
import { checkImage, imageSize, MAX_IMAGE_BASE64_CHARS } from "../../src/core/imageData";
import { LIMITS } from "../../src/shared/limits";
import { PNG_1PX } from "../support/images";

const GIF_1PX = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
const b64 = (bytes: number[] | string) => Buffer.from(bytes as never).toString("base64");

describe("Pasted images", () => {
  it("reads each format a model takes from its first bytes, and its size", () => {
    assert.deepEqual(checkImage(PNG_1PX), { mimeType: "image/png", bytes: 70 });
    assert.deepEqual(checkImage(GIF_1PX), { mimeType: "image/gif", bytes: 42 });
    const jpeg = b64([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    assert.deepEqual(checkImage(jpeg), { mimeType: "image/jpeg", bytes: 12 });
    const webp = b64([...Buffer.from("RIFF"), 0x24, 0, 0, 0, ...Buffer.from("WEBPVP8 ")]);
    assert.deepEqual(checkImage(webp), { mimeType: "image/webp", bytes: 16 });
  });

  it("refuses what is not an image a model reads, whatever it is called", () => {
    for (const text of [
      "<html><script>alert(1)</script></html>",
      "#!/bin/sh\nrm -rf ~\n",
      "GIF8", // a signature cut short
      "RIFF\0\0\0\0WAVEfmt ", // a RIFF that is audio
      "<svg xmlns='http://www.w3.org/2000/svg'/>", // SVG carries script: not taken
      "BM\x36\0\0\0", // BMP: no model API takes it
    ])
      assert.deepEqual(checkImage(b64(text)), { refused: "not a PNG, JPEG, GIF or WebP image" }, text);
  });

  it("refuses anything but strict base64: the agent gets the string as it came", () => {
    for (const data of [
      "",
      ` ${PNG_1PX}`,
      `${PNG_1PX.slice(0, 40)}\n${PNG_1PX.slice(40)}`,
      PNG_1PX.slice(0, -1), // length not a multiple of 4
      `${PNG_1PX.slice(0, -4)}AA=A`, // padding inside
      `data:image/png;base64,${PNG_1PX}`,
      PNG_1PX.replace("A", "\u0410"), // a Cyrillic A
      PNG_1PX.replaceAll("+", "-"), // base64url
    ])
      assert.deepEqual(checkImage(data), { refused: "not base64" }, JSON.stringify(data.slice(0, 30)));
  });

  it("takes an image of the largest size models take, and refuses one byte more", () => {
    const header = Buffer.from(PNG_1PX, "base64");
    const image = (bytes: number) =>
      Buffer.concat([header, Buffer.alloc(bytes - header.length)]).toString("base64");
    const largest = image(LIMITS.intent.imageBytes);
    assert.ok(largest.length <= MAX_IMAGE_BASE64_CHARS, "the view may send it");
    assert.deepEqual(checkImage(largest), { mimeType: "image/png", bytes: LIMITS.intent.imageBytes });
    assert.deepEqual(checkImage(image(LIMITS.intent.imageBytes + 1)), { refused: "too large" });
  });

  it("says an image's size as a person reads it", () => {
    assert.equal(imageSize(70), "70 bytes");
    assert.equal(imageSize(86_016), "84 KB");
    assert.equal(imageSize(1_258_291), "1.2 MB");
  });
});
