/**
 * Loading the bash grammar: the only module that evaluates `web-tree-sitter`. It is reached only through the lazily
 * loaded ACP runtime (`connectionRuntime.ts`), so the parser's runtime stays out of `dist/extension.js` and activation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { parseLine, type ShellParser } from "./shellCommands";

// The CommonJS build: the ES module build locates itself through `import.meta.url`, which a CommonJS bundle lacks.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Language, Parser } = require("web-tree-sitter") as typeof import("web-tree-sitter");

/** Loads the grammar from `wasmDir` (the extension's `dist/`), falling back to the installed packages (tests). */
export async function loadShellParser(wasmDir?: string): Promise<ShellParser> {
  const parser = await loadBashGrammar(wasmDir);
  return {
    parse: (line, gitAliases, budget, tmpdir) =>
      parseLine(parser, line, 0, undefined, undefined, true, gitAliases, budget, tmpdir),
  };
}

/**
 * A tree-sitter parser with the bash grammar set. A production build ships the wasm brotli-compressed
 * (`scripts/shellParserWasm.mjs`); a development build, raw.
 */
export async function loadBashGrammar(wasmDir?: string): Promise<InstanceType<typeof Parser>> {
  const read = (file: string, packagePath: string): Uint8Array => {
    const compressed = wasmDir && readIfThere(join(wasmDir, `${file}.br`));
    if (compressed) return brotliDecompressSync(compressed);
    // Not next to the bundle (tests run from sources): the package's own.
    return (wasmDir && readIfThere(join(wasmDir, file))) || readFileSync(require.resolve(packagePath));
  };
  await Parser.init({ wasmBinary: read("web-tree-sitter.wasm", "web-tree-sitter/web-tree-sitter.wasm") });
  const bash = await Language.load(read("tree-sitter-bash.wasm", "tree-sitter-bash/tree-sitter-bash.wasm"));
  const parser = new Parser();
  parser.setLanguage(bash);
  return parser;
}

/** The file's bytes, or undefined when it is not there. */
function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
