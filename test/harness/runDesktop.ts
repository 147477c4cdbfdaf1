// The same integration suite under @vscode/test-electron, for desktops with internet (it downloads VS Code into
// .vscode-test/). Offline machines and CI use runIntegration.ts (code-server) instead.
//
//   npm run test:desktop        (= npm run build && node out/test/harness/runDesktop.js)
//
// VSCODE_VERSION picks the VS Code build (default 1.100.3: what code-server 4.100.3 is built from, and the oldest
// release engines.vscode allows, so both runners test the same VS Code).
import { runTests } from "@vscode/test-electron";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { testSettingsFromEnv } from "../../tools/jsonc";
import { cacheDir, repoRoot } from "../../tools/paths";
import { quietSettings } from "../../tools/codeServer";
import { makeTempFolder } from "../../tools/workbench";
import { integrationEnv } from "./integrationEnv";

async function main(): Promise<number> {
  const extraSettings = testSettingsFromEnv(repoRoot);
  const workspace = makeTempFolder("symposium-workspace-", { "README.md": "# Test workspace\n" });
  // A fresh user-data folder per run, so settings.json holds exactly the run's settings.
  const userData = makeTempFolder("symposium-user-data-", {
    "User/settings.json": JSON.stringify({ ...quietSettings, ...extraSettings }, null, 2),
  });
  try {
    return await runTests({
      version: process.env.VSCODE_VERSION ?? "1.100.3",
      cachePath: cacheDir,
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: join(repoRoot, "out", "test", "integration", "index"),
      launchArgs: [
        workspace,
        "--user-data-dir",
        userData,
        "--disable-extensions",
        "--disable-workspace-trust",
        "--skip-welcome",
        "--skip-release-notes",
      ],
      extensionTestsEnv: integrationEnv(),
    });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(userData, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      "Integration tests under @vscode/test-electron failed:",
      error instanceof Error ? error.message : error,
    );
    process.exitCode = 1;
  },
);
