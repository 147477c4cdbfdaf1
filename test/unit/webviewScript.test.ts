import * as assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { STORED_SCRIPT_FOLDER, storedWebviewScript } from "../../src/host/webviewScript";

describe("the view's script of a packaged build (webviewScript)", () => {
  let root: string;
  let dist: string;
  let storage: string;
  const pack = (text: string) => writeFileSync(join(dist, "webview.js.br"), brotliCompressSync(text));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "symposium-webview-script-"));
    dist = join(root, "dist");
    storage = join(root, "globalStorage");
    mkdirSync(dist);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("loads a development build's dist/webview.js as it is, writing nothing", () => {
    writeFileSync(join(dist, "webview.js"), "console.log('dev')");
    pack("console.log('packed')");
    assert.equal(storedWebviewScript(dist, storage), undefined);
    assert.equal(existsSync(storage), false);
  });

  it("writes the packaged script out once, whole, under the name of what it was made from", () => {
    const script = "document.title = 'Symposium';\n".repeat(2_000);
    pack(script);
    const name = storedWebviewScript(dist, storage)!;
    const file = join(storage, STORED_SCRIPT_FOLDER, name);
    assert.equal(readFileSync(file, "utf8"), script);
    const written = statSync(file).mtimeMs;
    assert.equal(storedWebviewScript(dist, storage), name, "the next view reads the same file");
    assert.equal(statSync(file).mtimeMs, written, "not written again");
    assert.deepEqual(
      readdirSync(join(storage, STORED_SCRIPT_FOLDER)),
      [name],
      "no partial file left beside it",
    );
  });

  it("gives another build's script its own file and lets go of the earlier one", () => {
    pack("console.log(1)");
    const first = storedWebviewScript(dist, storage)!;
    pack("console.log(2)");
    const second = storedWebviewScript(dist, storage)!;
    assert.notEqual(second, first);
    assert.deepEqual(readdirSync(join(storage, STORED_SCRIPT_FOLDER)), [second]);
    assert.equal(readFileSync(join(storage, STORED_SCRIPT_FOLDER, second), "utf8"), "console.log(2)");
  });

  it("throws where the storage cannot be written, for the view to say so", () => {
    pack("console.log(1)");
    writeFileSync(storage, "a file where the folder should be");
    assert.throws(() => storedWebviewScript(dist, storage));
  });
});
