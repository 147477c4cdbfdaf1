import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  expandGlob,
  linkLeadingAway,
  MAX_GLOB_MATCHES,
  MAX_NAMES_READ,
  type FolderReader,
} from "../../src/core/policy/folderNames";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";

describe("the names a glob or a walk below a folder reaches", () => {
  let base: string;
  let reader: PolicyBoundary;

  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), "symposium-names-")));
    mkdirSync(join(base, "ws", "src", "deep"), { recursive: true });
    mkdirSync(join(base, "away"));
    for (const file of ["ws/a.md", "ws/b.md", "ws/.env", "ws/src/x.ts", "ws/src/deep/y.ts", "away/secret"])
      writeFileSync(join(base, file), "");
    symlinkSync(join(base, "away"), join(base, "ws", "src", "deep", "out"));
    symlinkSync("src", join(base, "ws", "lib"));
    reader = new PolicyBoundary([join(base, "ws")], { caseInsensitive: () => false });
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it("expands a glob as bash may, whatever its options: hidden names, any case, `**` at any depth", () => {
    const ws = join(base, "ws");
    assert.deepEqual(expandGlob("*.md", ws, reader)?.sort(), [`${ws}/a.md`, `${ws}/b.md`]);
    assert.deepEqual(expandGlob("./[a]*", ws, reader), [`${ws}/a.md`]);
    assert.ok(expandGlob("*", ws, reader)?.includes(`${ws}/.env`), "dotglob may be on");
    assert.deepEqual(
      expandGlob("*.MD", ws, reader)?.sort(),
      [`${ws}/a.md`, `${ws}/b.md`],
      "nocaseglob may be on",
    );
    assert.ok(expandGlob("**/y.ts", ws, reader)?.includes(`${ws}/src/deep/y.ts`), "globstar may be on");
    // Through a link to a folder, as the shell does: the caller resolves `lib/x.ts` to `src/x.ts`.
    assert.deepEqual(expandGlob("*/x.ts", ws, reader)?.sort(), [`${ws}/lib/x.ts`, `${ws}/src/x.ts`]);
    assert.deepEqual(expandGlob("src/deep/*", ws, reader)?.sort(), [
      `${ws}/src/deep/out`,
      `${ws}/src/deep/y.ts`,
    ]);
    assert.deepEqual(expandGlob("*.nothing", ws, reader), [`${ws}/*.nothing`]);
    // An absolute word is matched from the root, wherever the line runs.
    assert.deepEqual(expandGlob(`${ws}/src/*.ts`, join(ws, "src", "deep"), reader), [`${ws}/src/x.ts`]);
    assert.deepEqual(expandGlob(`${ws}/*.nothing`, ws, reader), [`${ws}/*.nothing`]);
    assert.equal(expandGlob("*", join(base, "missing"), reader), undefined, "a folder that cannot be read");
  });

  it("gives up past its bounds rather than checking part of the matches", () => {
    const names = Array.from({ length: MAX_GLOB_MATCHES + 1 }, (_, i) => `f${i}`);
    const folder = (names: string[]): FolderReader => ({
      kind: () => "other",
      list: () => names.map((name) => ({ name, kind: "other" as const })),
    });
    assert.equal(expandGlob("f*", "/w", folder(names)), undefined);
    assert.equal(expandGlob("f*", "/w", folder(names.slice(0, MAX_GLOB_MATCHES)))?.length, MAX_GLOB_MATCHES);
  });

  it("finds a link leading away below a folder, entering links only when following", () => {
    const leadsAway = (link: string) => reader.check(link).status !== "inside";
    const ws = join(base, "ws");
    assert.deepEqual(linkLeadingAway(ws, false, reader, leadsAway), { link: `${ws}/src/deep/out` });
    assert.equal(linkLeadingAway(join(ws, "src", "deep", "y.ts"), true, reader, leadsAway), undefined);
    // `lib` leads inside; followed, what is below it is walked too.
    assert.equal(linkLeadingAway(join(ws, "lib"), false, reader, leadsAway), undefined);
    assert.deepEqual(linkLeadingAway(join(ws, "lib"), true, reader, leadsAway), {
      link: `${ws}/lib/deep/out`,
    });
  });

  it("stops at its bound, which a loop of links reaches too", () => {
    const loop: FolderReader = { kind: () => "link", list: () => [{ name: "again", kind: "link" }] };
    assert.equal(
      linkLeadingAway("/w", true, loop, () => false),
      "too many",
    );
    const wide: FolderReader = {
      kind: (path) => (path === "/w" ? "folder" : "other"),
      list: () =>
        Array.from({ length: MAX_NAMES_READ + 1 }, (_, i) => ({ name: `f${i}`, kind: "other" as const })),
    };
    assert.equal(
      linkLeadingAway("/w", false, wide, () => true),
      "too many",
    );
  });
});
