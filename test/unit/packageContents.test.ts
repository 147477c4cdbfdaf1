// What a published extension needs and what the marketplace shows: the manifest's gallery fields, a PNG icon, the
// walkthrough's pages inside the package (the .vscodeignore allow-list drops whatever it does not name), and a
// package that stays small. Packaged from production bundles, as `npm run package` makes them, in a temporary folder.
import * as assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildProduction, stageExtension, type ProductionBuild } from "../../tools/productionBuild";
import { repoRoot } from "../../tools/paths";
import { STORED_SCRIPT_FOLDER, storedWebviewScript } from "../../src/host/webviewScript";

// The shared performance doc's budget; the bash grammar (wasm, ~1.4 MB raw) ships for the permission policy, and
// the demo agent takes the SDK from dist/acpRuntime.js rather than a copy of its own (639 KB before).
const VSIX_BUDGET_KB = 600;
const vsce = join(repoRoot, "node_modules", "@vscode", "vsce", "vsce");

interface Manifest {
  icon?: string;
  license?: string;
  homepage?: string;
  repository?: { url?: string };
  bugs?: { url?: string };
  galleryBanner?: { color?: string; theme?: string };
  contributes: { walkthroughs: { steps: { id: string; media: { markdown?: string } }[] }[] };
}

const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as Manifest;
const walkthroughPages = manifest.contributes.walkthroughs.flatMap((w) =>
  w.steps.map((s) => s.media.markdown),
);

function runVsce(args: string[], cwd: string): string {
  const result = spawnSync(process.execPath, [vsce, ...args], { cwd, encoding: "utf8" });
  assert.equal(result.status, 0, `vsce ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe("the published package", function () {
  this.timeout(180_000);
  let build: ProductionBuild;
  let files: string[];

  before(() => {
    build = buildProduction(repoRoot);
    stageExtension(repoRoot, build);
    files = runVsce(["ls", "--no-dependencies"], build.dir)
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
  });

  after(() => {
    build?.remove();
  });

  it("has the manifest fields a marketplace listing shows", () => {
    assert.ok(manifest.license, "license");
    assert.match(manifest.repository?.url ?? "", /^https:\/\//, "repository.url");
    assert.match(manifest.homepage ?? "", /^https:\/\//, "homepage");
    assert.match(manifest.bugs?.url ?? "", /^https:\/\//, "bugs.url");
    assert.match(manifest.galleryBanner?.color ?? "", /^#[0-9a-f]{6}$/i, "galleryBanner.color");
    assert.ok(["dark", "light"].includes(manifest.galleryBanner?.theme ?? ""), "galleryBanner.theme");
  });

  it("has a square PNG icon of 128 or 256 pixels, and ships it", () => {
    assert.ok(manifest.icon, "no icon in package.json");
    const png = readFileSync(join(repoRoot, manifest.icon));
    assert.equal(png.subarray(1, 4).toString("latin1"), "PNG", "the icon is not a PNG");
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.equal(width, height, "the icon is not square");
    assert.ok([128, 256].includes(width), `the icon is ${width}x${height}`);
    assert.ok(files.includes(manifest.icon), `${manifest.icon} is not in the package:\n${files.join("\n")}`);
  });

  it("ships every walkthrough page, none with a remote image", () => {
    assert.ok(walkthroughPages.length > 0);
    for (const page of walkthroughPages) {
      assert.ok(page, "a walkthrough step has no Markdown page");
      assert.ok(files.includes(page), `${page} is not in the package:\n${files.join("\n")}`);
      const text = readFileSync(join(repoRoot, page), "utf8");
      assert.doesNotMatch(
        text,
        /!\[[^\]]*\]\(\s*https?:|<img[^>]+src=["']?https?:/i,
        `${page} loads a remote image`,
      );
    }
  });

  it("links from the README only to web addresses, its own headings and files of the repository, and ships no docs/", () => {
    // Relative links are for readers of the repository (docs/ is not packaged): each must name a file that exists.
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8")
      .replace(/```[\s\S]*?```/g, "")
      .replace(/`[^`\n]*`/g, "");
    const targets = [...readme.matchAll(/(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)/g)].map((match) => match[1] ?? "");
    for (const target of targets) {
      if (/^(https:|#)/.test(target)) continue;
      assert.ok(
        existsSync(join(repoRoot, target.replace(/#.*$/, ""))),
        `the README links to a missing ${target}`,
      );
    }
    assert.ok(targets.includes("docs/bypass-guards.md"), "no link to the Bypass guards");
    assert.deepEqual(
      files.filter((file) => file.startsWith("docs/")),
      [],
      "docs/ is the repository's, not the package's",
    );
  });

  it("starts the demo agent from the packaged files (it takes the SDK from dist/acpRuntime.js)", async () => {
    const agent = spawn(process.execPath, [join(build.dist, "demoAgent.js")], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    try {
      const firstLine = new Promise<string>((resolve, reject) => {
        let out = "";
        let err = "";
        agent.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString("utf8");
          if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
        });
        agent.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
        agent.on("exit", (code) =>
          reject(new Error(`the demo agent exited (${code}) before answering:\n${err}`)),
        );
      });
      agent.stdin.write(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: 1, clientCapabilities: {} },
        }) + "\n",
      );
      const reply = JSON.parse(await firstLine) as { id: number; result?: { protocolVersion: number } };
      assert.equal(reply.id, 1);
      assert.equal(reply.result?.protocolVersion, 1, `unexpected reply: ${JSON.stringify(reply)}`);
    } finally {
      agent.kill();
    }
  });

  it("ships the extension brotli-compressed, and its packaged loader gives VS Code activate and deactivate", () => {
    assert.ok(files.includes("dist/extension.js.br"), "dist/extension.js.br is not in the package");
    assert.ok(
      statSync(join(build.dist, "extension.js")).size < 1_000,
      "dist/extension.js ships uncompressed",
    );
    // Required as the extension host requires `main`, with a stub `vscode`, away from the repository.
    const away = mkdtempSync(join(tmpdir(), "symposium-packaged-"));
    try {
      cpSync(build.dist, away, { recursive: true });
      const probe = `const Module = require("node:module");
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? new Proxy({}, { get: () => function () {} }) : load.call(this, request, ...rest);
};
const main = require(${JSON.stringify(join(away, "extension.js"))});
process.stdout.write(typeof main.activate + " " + typeof main.deactivate);`;
      const result = spawnSync(process.execPath, ["-e", probe], { encoding: "utf8" });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stdout, "function function");
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });

  it("ships the view's script brotli-compressed, which the packaged extension writes out as the build made it", () => {
    assert.ok(files.includes("dist/webview.js.br"), "dist/webview.js.br is not in the package");
    assert.ok(!files.includes("dist/webview.js"), "dist/webview.js ships uncompressed too");
    // The package's dist holds the .br alone: the view's script is written into the global storage.
    const away = mkdtempSync(join(tmpdir(), "symposium-packaged-"));
    try {
      const dist = join(away, "dist");
      mkdirSync(dist);
      cpSync(join(build.dist, "webview.js.br"), join(dist, "webview.js.br"));
      const storage = join(away, "globalStorage");
      const name = storedWebviewScript(dist, storage)!;
      assert.ok(
        readFileSync(join(storage, STORED_SCRIPT_FOLDER, name)).equals(
          readFileSync(join(build.dist, "webview.js")),
        ),
      );
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });

  it("ships the policy's path resolution brotli-compressed, and the packaged loader gives the extension its exports", () => {
    assert.ok(files.includes("dist/policyPaths.js.br"), "dist/policyPaths.js.br is not in the package");
    assert.ok(
      statSync(join(build.dist, "policyPaths.js")).size < 1_000,
      "dist/policyPaths.js ships uncompressed",
    );
    // As the extension requires it, away from the repository: the boundary it builds resolves a path.
    const away = mkdtempSync(join(tmpdir(), "symposium-packaged-"));
    try {
      cpSync(build.dist, away, { recursive: true });
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the packaged bundle, as the extension loads it
      const paths = require(
        join(away, "policyPaths.js"),
      ) as typeof import("../../src/core/policy/policyPaths");
      const boundary = new paths.PolicyBoundary([away]);
      assert.equal(boundary.check(join(away, "x", "..", "extension.js")).status, "inside");
      assert.equal(boundary.check("/etc/hosts").status, "outside");
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });

  it("ships the shell parser and the ACP runtime brotli-compressed, and the packaged runtime parses with it", async () => {
    for (const name of ["web-tree-sitter.wasm", "tree-sitter-bash.wasm"]) {
      assert.ok(files.includes(`dist/${name}.br`), `dist/${name}.br is not in the package`);
      assert.ok(!files.includes(`dist/${name}`), `dist/${name} ships uncompressed too`);
    }
    // The runtime behind a loader of its own name, which the extension and the demo agent require as before.
    assert.ok(files.includes("dist/acpRuntime.js.br"), "dist/acpRuntime.js.br is not in the package");
    const loader = statSync(join(build.dist, "acpRuntime.js")).size;
    assert.ok(loader < 1_000, `dist/acpRuntime.js is ${loader} bytes: the runtime ships uncompressed`);
    // The extension takes it with `import()`, which names a CommonJS file's exports from its text alone.
    const imported = spawnSync(
      process.execPath,
      [
        "-e",
        `import(${JSON.stringify(pathToFileURL(join(build.dist, "acpRuntime.js")).href)}).then((m) => console.log(Object.keys(m).join(" ")))`,
      ],
      { encoding: "utf8" },
    );
    assert.deepEqual(
      imported.stdout.trim().split(" ").sort(),
      [
        "AgentConnection",
        "ClientFileSystem",
        "ClientTerminals",
        "RequestError",
        "clientCallbacks",
        "default",
        "editorProcesses",
        "loadPolicyEngine",
        "sdkV1",
        "sdkV2",
      ],
      imported.stderr,
    );
    // Away from the repository, so that the grammar cannot come from node_modules instead.
    const away = mkdtempSync(join(tmpdir(), "symposium-packaged-"));
    try {
      cpSync(build.dist, away, { recursive: true });
      type Runtime = typeof import("../../src/acp/connectionRuntime");
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the packaged bundle, as VS Code loads it
      const runtime = require(join(away, "acpRuntime.js")) as Runtime;
      const { shell } = await runtime.loadPolicyEngine(away);
      const line = shell.parse("cat notes.md | wc -l > count.txt");
      assert.deepEqual(
        line.commands.map((command) => command.argv),
        [
          ["cat", "notes.md"],
          ["wc", "-l"],
        ],
      );
      assert.deepEqual(line.writes, ["count.txt"]);
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });

  it(`packages into a .vsix of at most ${VSIX_BUDGET_KB} KB`, () => {
    const out = join(build.dir, "symposium.vsix");
    runVsce(["package", "--no-dependencies", "--no-rewrite-relative-links", "--out", out], build.dir);
    const kb = statSync(out).size / 1000;
    assert.ok(
      kb <= VSIX_BUDGET_KB,
      `symposium.vsix is ${kb.toFixed(1)} KB; the budget is ${VSIX_BUDGET_KB} KB`,
    );
  });
});
