// Size budgets of what ships (performance.md): sizes do not drift with machine load, so they are asserted here;
// timings never are (they are `npm run bench`'s job). The production bundles are built by esbuild.config.mjs itself
// (--production --no-tests) into a temporary folder, since `npm test` keeps development bundles in dist/.
import * as assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { buildProduction, type ProductionBuild } from "../../tools/productionBuild";
import { repoRoot } from "../../tools/paths";

const KB = 1000;

describe("bundle budgets", function () {
  this.timeout(180_000);
  let build: ProductionBuild;

  before(() => {
    build = buildProduction(repoRoot);
  });

  after(() => {
    build?.remove();
  });

  for (const [file, budgetKb] of [
    ["extension.js", 200],
    // 150 until the session controls, slash commands, grant editor, pending list and reject reason came in (+20 KB);
    // `marked`'s lexer is a third of it and the next thing to cut.
    ["webview.js", 165],
  ] as const) {
    it(`dist/${file} is at most ${budgetKb} KB minified`, () => {
      const bytes = statSync(join(build.dist, file)).size;
      assert.ok(
        bytes <= budgetKb * KB,
        `dist/${file} is ${(bytes / KB).toFixed(1)} KB minified; the budget is ${budgetKb} KB`,
      );
    });
  }

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
