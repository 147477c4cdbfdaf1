// Where the harness keeps things. Everything it writes stays inside the repository (`.vscode-test/`, `test-results/`)
// or in temporary directories it removes again.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The repository root: the nearest folder above this file whose package.json is the extension's. */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "symposium") return dir;
    }
    if (dirname(dir) === dir) throw new Error(`No Symposium package.json above ${start}`);
  }
}

// Bundled copies of this file live in out/**; the source lives in tools/. Both find the same root.
export const repoRoot = findRepoRoot(__dirname);

/** The project's cache for downloaded test tools, like @vscode/test-electron's `.vscode-test/`. */
export const cacheDir = join(repoRoot, ".vscode-test");

/** Screenshots and other artifacts tests leave for humans. */
export const resultsDir = join(repoRoot, "test-results");
