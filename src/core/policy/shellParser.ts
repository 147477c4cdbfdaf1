/**
 * Loading the bash grammar: the only module that evaluates `web-tree-sitter`. It is reached only through the lazily
 * loaded ACP runtime (`connectionRuntime.ts`), so the parser's runtime stays out of `dist/extension.js` and activation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseLine, type ShellParser } from "./shellCommands";

// The CommonJS build: the ES module build locates itself through `import.meta.url`, which a CommonJS bundle lacks.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Language, Parser } = require("web-tree-sitter") as typeof import("web-tree-sitter");

/** Loads the grammar from `wasmDir` (the extension's `dist/`), falling back to the installed packages (tests). */
export async function loadShellParser(wasmDir?: string): Promise<ShellParser> {
  const parser = await loadBashGrammar(wasmDir);
  return { parse: (line) => parseLine(parser, line, 0) };
}

/** A tree-sitter parser with the bash grammar set. */
export async function loadBashGrammar(wasmDir?: string): Promise<InstanceType<typeof Parser>> {
  const read = (file: string, packagePath: string): Uint8Array => {
    if (wasmDir) {
      try {
        return readFileSync(join(wasmDir, file));
      } catch {
        // not copied next to the bundle: fall back to the package
      }
    }
    return readFileSync(require.resolve(packagePath));
  };
  await Parser.init({ wasmBinary: read("web-tree-sitter.wasm", "web-tree-sitter/web-tree-sitter.wasm") });
  const bash = await Language.load(read("tree-sitter-bash.wasm", "tree-sitter-bash/tree-sitter-bash.wasm"));
  const parser = new Parser();
  parser.setLanguage(bash);
  return parser;
}
