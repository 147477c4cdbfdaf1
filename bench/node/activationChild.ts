/**
 * One fresh process, one measurement of a production bundle, printed as one JSON line:
 *   node activationChild.js <bundle.js> <workspace>                  {requireMs, activateMs}: require (stub `vscode`), then activate() with a fake API
 *   node activationChild.js <bundle.js> <workspace> --require-only   {requireMs}
 *   node activationChild.js <bundle.js> <workspace> --compile-only   {compileMs}: V8 compiling the file as require would, without running it
 *   node activationChild.js <bundle.js> <workspace> --builtins-only  {builtinsMs}: require() of the Node built-in modules the file requires
 */
import { readFileSync } from "node:fs";
import Module, { createRequire, isBuiltin } from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import { bundleCode } from "../../tools/productionBuild";
import { createFakeContext, createFakeVscode } from "./fakeVscode";

const [bundle, workspace = process.cwd()] = process.argv.slice(2);
const modes = {
  "--require-only": "require",
  "--compile-only": "compile",
  "--builtins-only": "builtins",
} as const;
const mode = Object.entries(modes).find(([flag]) => process.argv.includes(flag))?.[1] ?? "activate";
const fake = createFakeVscode(workspace);
const loader = Module as unknown as {
  _load(request: string, parent: unknown, isMain: boolean): unknown;
  wrap(source: string): string;
};
const original = loader._load.bind(loader);
loader._load = (request, parent, isMain) => (request === "vscode" ? fake : original(request, parent, isMain));
const load = createRequire(__filename);

async function main(): Promise<Record<string, number>> {
  if (mode === "compile") {
    // The bundle's own code, inflated where it ships compressed (inflating is part of `require`'s time).
    const source = bundleCode(bundle!).toString("utf8");
    const t0 = process.hrtime.bigint();
    new Script(loader.wrap(source), { filename: bundle! });
    return { compileMs: Number(process.hrtime.bigint() - t0) / 1e6 };
  }
  if (mode === "builtins") {
    const names = [
      ...`${readFileSync(bundle!, "utf8")}${bundleCode(bundle!).toString("utf8")}`.matchAll(
        /require\("([^"]+)"\)/g,
      ),
    ]
      .map((m) => m[1]!)
      .filter((name) => isBuiltin(name));
    const t0 = process.hrtime.bigint();
    for (const name of new Set(names)) load(name);
    return { builtinsMs: Number(process.hrtime.bigint() - t0) / 1e6 };
  }
  const t0 = process.hrtime.bigint();
  const extension = load(bundle!) as { activate?: (context: unknown) => unknown; deactivate?: () => unknown };
  const requireMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (mode === "require") return { requireMs };
  const context = createFakeContext(dirname(dirname(bundle!)), join(workspace, ".storage"));
  const t2 = process.hrtime.bigint();
  const api = extension.activate!(context);
  const activateMs = Number(process.hrtime.bigint() - t2) / 1e6;
  await api;
  await extension.deactivate?.();
  return { requireMs, activateMs };
}

main().then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
