import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { gzipSync } from "node:zlib";
import { create, Header } from "tar";
import { Parser } from "tar/parse";
import { archiveMembers } from "../../src/core/policy/archiveMembers";

describe("archiveMembers (what tar x and unzip would write)", () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "symposium-archive-"));
    mkdirSync(join(dir, "kit", ".vscode"), { recursive: true });
    writeFileSync(join(dir, "kit", ".vscode", "tasks.json"), "{}");
    symlinkSync("/etc", join(dir, "kit", "out"));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  const tarOf = (gzip: boolean): Uint8Array => {
    const file = join(dir, gzip ? "kit.tgz" : "kit.tar");
    create({ gzip, file, cwd: dir, sync: true, portable: true }, ["kit"]);
    return readFileSync(file);
  };

  it("lists a tar's and a gzipped tar's members, folders and where links lead", () => {
    for (const bytes of [tarOf(false), tarOf(true)]) {
      const members = archiveMembers(bytes);
      assert.ok(members, "read");
      assert.deepEqual(members.map((m) => [m.name, m.link ?? "", m.folder ?? false]).sort(), [
        ["kit/", "", true],
        ["kit/.vscode/", "", true],
        ["kit/.vscode/tasks.json", "", false],
        ["kit/out", "/etc", false],
      ]);
    }
  });

  it("lists a zip's entries from its central directory", () => {
    const zip = zipSync({
      "lib/": new Uint8Array(0),
      "lib/a.js": strToU8("x"),
      ".git/hooks/pre-commit": strToU8("x"),
    });
    assert.deepEqual(archiveMembers(zip), [
      { name: "lib/", folder: true },
      { name: "lib/a.js" },
      { name: ".git/hooks/pre-commit" },
    ]);
  });

  it("stops at what a gzip bomb says it holds, rather than inflating it all in the extension host", () => {
    // 70 members of 1 MiB of zeros each: 70 MiB of tar in about 70 KB of gzip, past the 64 MiB read.
    const member = (i: number) => {
      const header = Buffer.alloc(512);
      new Header({ path: `z${i}`, size: 1024 * 1024, type: "File", mode: 0o644, mtime: new Date(0) }).encode(
        header,
      );
      return [header, Buffer.alloc(1024 * 1024)];
    };
    const tar = (count: number) =>
      gzipSync(
        Buffer.concat([...Array.from({ length: count }, (_, i) => member(i)).flat(), Buffer.alloc(1024)]),
      );
    assert.equal(archiveMembers(tar(3))?.length, 3, "a small one is listed");
    assert.equal(archiveMembers(tar(70)), undefined);
  });

  it("reads nothing past the end-of-archive blocks, which a gzip bomb's zeros may follow", () => {
    // The parser kept what follows them in one buffer, copied on each write: 100 KB of gzip took 14 s, 8 MB hours, and
    // all the memory the zeros inflate to.
    const tar = tarOf(false);
    const bomb = gzipSync(Buffer.concat([tar, Buffer.alloc(64 * 1024 * 1024)]), { level: 9 });
    const prototype = Parser.prototype as unknown as { write: (this: Parser, ...args: unknown[]) => boolean };
    const write = prototype.write;
    let fed = 0;
    prototype.write = function (this: Parser, ...args: unknown[]) {
      fed += (args[0] as Buffer).length;
      return write.apply(this, args);
    };
    try {
      assert.equal(archiveMembers(bomb)?.length, 4);
    } finally {
      prototype.write = write;
    }
    assert.ok(fed < bomb.length / 4, `${fed} of ${bomb.length} bytes fed`);
  });

  it("knows nothing of a damaged archive, another format, or bytes that are no archive", () => {
    const tgz = tarOf(true);
    assert.equal(archiveMembers(tgz.subarray(0, tgz.length - 30)), undefined, "cut short");
    assert.equal(archiveMembers(Buffer.from("BZh91AY&SY\u0000\u0001garbage")), undefined, "bzip2");
    assert.equal(archiveMembers(Buffer.from("just some text, not an archive")), undefined);
    assert.equal(archiveMembers(new Uint8Array(0)), undefined);
  });
});
