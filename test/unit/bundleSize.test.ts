// Size budgets of what ships (performance.md) and what activation loads: sizes and contents do not drift with machine
// load, so they are asserted here; timings never are (they are `npm run bench`'s job). The production bundles are
// built by esbuild.config.mjs itself (--production --no-tests) into a temporary folder, since `npm test` keeps
// development bundles in dist/; esbuild's metafile of that build says which modules went into which file.
import * as assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUNDLE_BUDGETS_KB } from "../../tools/bundleBudgets";
import { buildProduction, bundleCode, type ProductionBuild } from "../../tools/productionBuild";
import { repoRoot } from "../../tools/paths";

const KB = 1000;

/**
 * What activation does not need and `dist/extension.js` therefore must not hold: the ACP SDK (about 100 ms of zod
 * schemas), the bash grammar's runtime, and the policy's matchers (picomatch and the rules engine, about 45 KB that V8
 * compiles on every start). They load with `dist/acpRuntime.js` on the first agent start, before any request; the
 * path resolution and the git reads it is given (`dist/policyPaths.js`) when the workspace is first checked, and the
 * program tables with it (Manage Permissions asks them whether a rule allows any code).
 */
const LAZY_ONLY = [
  "node_modules/@agentclientprotocol/sdk/",
  "node_modules/web-tree-sitter/",
  "node_modules/picomatch/",
  "src/core/policy/engine.ts",
  "src/core/policy/gitAliases.ts",
  "src/core/policy/gitChanges.ts",
  "src/core/policy/resolvePath.ts",
  "src/core/policy/rules.ts",
  "src/core/policy/footprint.ts",
  "src/core/policy/grantEdit.ts",
  "src/core/policy/shellCommands.ts",
  "src/core/policy/shellParser.ts",
  "src/core/policy/programs.ts",
  // What answers a connected agent's calls, and the editor's processes its first request is checked against.
  "src/acp/clientHandlers.ts",
  "src/acp/largeAnswers.ts",
  "src/acp/editorProcesses.ts",
];

interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

describe("bundle budgets", function () {
  this.timeout(180_000);
  let build: ProductionBuild;
  /** The source files (forward slashes) each output of the extension build holds, by output file name. */
  let inputsOf: (file: string) => string[];
  /** The minified bytes of each source file (forward slashes) in an output of the extension build. */
  let bytesOf: (file: string) => Map<string, number>;

  before(() => {
    build = buildProduction(repoRoot, { metafile: true });
    const meta = JSON.parse(readFileSync(join(build.dir, "extension.meta.json"), "utf8")) as Metafile;
    inputsOf = (file) => {
      const output = Object.entries(meta.outputs).find(([path]) => path.endsWith(`dist/${file}`));
      assert.ok(output, `the extension build made no dist/${file}`);
      return Object.keys(output[1].inputs).map((input) => input.replace(/\\/g, "/"));
    };
    bytesOf = (file) => {
      const output = Object.entries(meta.outputs).find(([path]) => path.endsWith(`dist/${file}`));
      assert.ok(output, `the extension build made no dist/${file}`);
      return new Map(
        Object.entries(output[1].inputs).map(([input, { bytesInOutput }]) => [
          input.replace(/\\/g, "/"),
          bytesInOutput,
        ]),
      );
    };
  });

  after(() => {
    build?.remove();
  });

  for (const [file, budgetKb] of Object.entries(BUNDLE_BUDGETS_KB)) {
    it(`dist/${file} is at most ${budgetKb} KB minified`, () => {
      const bytes = bundleCode(join(build.dist, file)).length;
      assert.ok(
        bytes <= budgetKb * KB,
        `dist/${file} is ${(bytes / KB).toFixed(1)} KB minified; the budget is ${budgetKb} KB`,
      );
    });
  }

  it("a bundle shipped compressed holds no import(), which throws where its loader runs it (vm)", () => {
    // The one in the runtime is web-tree-sitter's for a grammar given by path; the policy hands it the wasm's bytes.
    const allowed = /import\("fs\/promises"\)/g;
    for (const file of ["extension.js", "acpRuntime.js", "policyPaths.js", "demoAgent.js"]) {
      const code = bundleCode(join(build.dist, file)).toString("utf8").replace(allowed, "");
      assert.deepEqual(code.match(/.{0,60}\bimport\(.{0,40}/g) ?? [], [], file);
    }
  });

  it("dist/webview.js holds vscode-elements' styles minified, not as their modules write them (2.4 KB)", () => {
    const script = readFileSync(join(build.dist, "webview.js"), "utf8");
    assert.match(script, /:host\{/, "no vscode-elements style found");
    assert.doesNotMatch(script, /\n\s*:host\b/, "a style with its line breaks and indentation");
  });

  it("dist/extension.js holds none of what only the lazily loaded ACP runtime needs (SDK, shell parser, matchers)", () => {
    const extension = inputsOf("extension.js");
    assert.ok(
      extension.some((input) => input.endsWith("src/extension.ts")),
      "the metafile names no src/extension.ts",
    );
    const eager = extension.filter((input) => LAZY_ONLY.some((lazy) => input.includes(lazy)));
    assert.deepEqual(eager, [], "modules activation loads although only the ACP runtime needs them");
  });

  it("dist/acpRuntime.js holds the policy's matchers, so a session's first request loads nothing new", () => {
    const runtime = inputsOf("acpRuntime.js");
    for (const module of ["src/core/policy/engine.ts", "src/core/policy/rules.ts", "node_modules/picomatch/"])
      assert.ok(
        runtime.some((input) => input.includes(module)),
        `dist/acpRuntime.js does not hold ${module}`,
      );
  });

  it("dist/acpRuntime.js holds none of zod's JSON Schema output (nothing uses it: 18 KB of the package)", () => {
    const runtime = inputsOf("acpRuntime.js");
    assert.ok(
      runtime.some((input) => input.includes("node_modules/zod/v4/classic/schemas.js")),
      "no zod in it",
    );
    const jsonSchema = runtime.filter((input) =>
      /^(?!zod-no-json-schema:).*zod\/v4\/core\/(json-schema-processors|to-json-schema|json-schema-generator)\.js$/.test(
        input,
      ),
    );
    assert.deepEqual(jsonSchema, []);
  });

  it("dist/acpRuntime.js holds the SDK's schemas something uses, not all of a file's (the unstable ones: 48 KB)", () => {
    const schemas = [...bytesOf("acpRuntime.js")].filter(([input]) =>
      /@agentclientprotocol\/sdk\/dist\/v[12]\/unstable\/schema\/zod\.gen\.js$/.test(input),
    );
    // The protocol router (for the demo agent) reads `initialize` with both versions' unstable schemas alone.
    assert.equal(schemas.length, 2, "both unstable schema files, for the protocol router");
    for (const [input, bytes] of schemas) assert.ok(bytes < 4_000, `${input}: ${bytes} bytes`);
  });

  it("dist/policyPaths.js alone holds the policy's path resolution and program tables (the others require it)", () => {
    for (const module of ["src/core/policy/resolvePath.ts", "src/core/policy/programs.ts"]) {
      const holders = ["extension.js", "acpRuntime.js", "policyPaths.js"].filter((file) =>
        inputsOf(file).some((input) => input.endsWith(module)),
      );
      assert.deepEqual(holders, ["policyPaths.js"], module);
    }
  });

  it("requiring dist/extension.js loads neither node:crypto nor node:fs/promises (activation needs neither)", () => {
    // A fresh process, as the extension host's first activation is, with a stub `vscode` (a callable, constructible,
    // endlessly deep no-op). A script file, not `node -e`, which loads node:crypto itself.
    const probe = join(build.dir, "requireProbe.js");
    writeFileSync(
      probe,
      `const Module = require("node:module");
const stub = new Proxy(function () {}, {
  get: (_t, key) => (key === "then" ? undefined : key === Symbol.toPrimitive ? () => "stub" : stub),
  apply: () => stub,
  construct: () => stub,
});
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? stub : load.call(this, request, ...rest);
};
const before = new Set(process.moduleLoadList);
require(${JSON.stringify(join(build.dist, "extension.js"))});
process.stdout.write(JSON.stringify(process.moduleLoadList.filter((name) => !before.has(name))));
`,
    );
    const result = spawnSync(process.execPath, [probe], { encoding: "utf8" });
    assert.equal(result.status, 0, `requiring dist/extension.js failed: ${result.stderr}`);
    const loaded = JSON.parse(result.stdout) as string[];
    assert.ok(loaded.length > 0, "the probe saw no module load at all");
    assert.deepEqual(
      loaded.filter((name) => /^NativeModule (crypto|fs\/promises)$/.test(name)),
      [],
      "Node built-ins loaded at module scope of dist/extension.js although activation does not use them",
    );
  });

  it("requiring dist/extension.js copies the vscode module's exports once, not once per file that imports it", () => {
    // VS Code's API object has about 300 exports; a copy is an accessor per export. Counted as the reads of its key list.
    const probe = join(build.dir, "vscodeCopiesProbe.js");
    writeFileSync(
      probe,
      `const Module = require("node:module");
const api = {};
for (let i = 0; i < 300; i++) api["Export" + i] = function () {};
let keyReads = 0;
const vscode = new Proxy(api, { ownKeys: (target) => (keyReads++, Reflect.ownKeys(target)) });
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? vscode : load.call(this, request, ...rest);
};
require(${JSON.stringify(join(build.dist, "extension.js"))});
process.stdout.write(String(keyReads));
`,
    );
    const result = spawnSync(process.execPath, [probe], { encoding: "utf8" });
    assert.equal(result.status, 0, `requiring dist/extension.js failed: ${result.stderr}`);
    assert.equal(Number(result.stdout), 1, "times the vscode module's exports were listed to be copied");
  });

  it("packages no node_modules (vsce ls --no-dependencies)", () => {
    const vsce = join(repoRoot, "node_modules", "@vscode", "vsce", "vsce");
    const result = spawnSync(process.execPath, [vsce, "ls", "--no-dependencies"], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    assert.equal(result.status, 0, `vsce ls failed: ${result.stderr}`);
    const files = result.stdout
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    assert.ok(files.includes("package.json"), `vsce ls lists no package.json:\n${result.stdout}`);
    const modules = files.filter((file) => file.split("/").includes("node_modules"));
    assert.deepEqual(modules, [], "node_modules in the package");
  });
});
