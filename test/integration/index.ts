// The test-electron contract: the extension host loads this file and awaits `run()`; resolving means success.
// Mocha's spec output goes through console.log, which the workbench forwards to the runner (codeAutomationLog).
import Mocha from "mocha";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import * as vscode from "vscode";
import { INTEGRATION_START_MARKER } from "../harness/automationLog";

function testFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return testFiles(path);
      return name.endsWith(".test.js") ? [path] : [];
    });
}

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: "bdd",
    color: false,
    reporter: "spec",
    timeout: 60_000,
    forbidOnly: Boolean(process.env.CI),
  });
  if (process.env.MOCHA_GREP) mocha.grep(process.env.MOCHA_GREP);
  const files = testFiles(__dirname);
  for (const file of files) mocha.addFile(file);
  console.log(`${INTEGRATION_START_MARKER} ${files.length} file(s) in VS Code ${vscode.version}`);
  const failures = await new Promise<number>((resolve, reject) => {
    try {
      mocha.run(resolve);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  if (failures > 0) throw new Error(`${failures} integration test(s) failed.`);
}
