// One build for everything: the extension (Node, CJS), the demo agent it spawns, the webview (browser) and the tests.
// `--production` minifies and drops source maps (what `npm run package` ships); `--watch` rebuilds on change;
// `--no-tests` leaves out the Node scripts of test/, bench/ and tools/, `--tools-only` builds tools/ alone of them.
import * as esbuild from "esbuild";
import { rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, sep } from "node:path";
import { nodeScriptsBuild } from "./scripts/buildOptions.mjs";
import { writeCodicons } from "./scripts/codicons.mjs";
import { compressAsset, compressBundle } from "./scripts/brotli.mjs";
import { writeShellParserWasm } from "./scripts/shellParserWasm.mjs";

const production = process.argv.includes("--production");
const watch = process.argv.includes("--watch");
const withTests = !process.argv.includes("--no-tests");
/** `--tools-only`: the extension's bundles and the tools' scripts (what `npm start` runs), not the tests'. */
const toolsOnly = process.argv.includes("--tools-only");

/**
 * zod's classic API re-exports every locale through its namespace object (`z.locales`), which the ACP SDK imports
 * whole, so esbuild cannot drop them: 264 KB of translated error messages. Symposium shows English; ship only `en`.
 */
/** @type {import("esbuild").Plugin} */
const englishOnlyZod = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${join("node_modules", "zod")}`)
        ? { path: join(args.resolveDir, "../locales/en.js"), namespace: "zod-locales" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: args.path.replace(/[/\\][^/\\]*$/, ""),
    }));
  },
};

/**
 * zod's JSON Schema output (`toJSONSchema`, its processors and generator), which its classic schemas reference from
 * methods and getters only: neither the ACP SDK nor Symposium turns a schema into JSON Schema, so each of its exports
 * becomes a function that says so when called (18 KB of the ACP runtime).
 */
/** @type {import("esbuild").Plugin} */
const zodWithoutJsonSchema = {
  name: "zod-without-json-schema",
  setup(build) {
    build.onResolve(
      { filter: /\/(json-schema-processors|to-json-schema|json-schema-generator)\.js$/ },
      (args) =>
        args.importer.includes(join("node_modules", "zod"))
          ? { path: join(args.resolveDir, args.path), namespace: "zod-no-json-schema" }
          : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-no-json-schema" }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const names = new Set([
        ...[...source.matchAll(/^export (?:function|const|let|class) (\w+)/gm)].map((m) => m[1]),
        ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
          (m[1] ?? "").split(",").map((part) =>
            part
              .trim()
              .split(/\s+as\s+/)
              .pop(),
          ),
        ),
      ]);
      const exported = [...names].filter(Boolean).map((name) => `missing as ${name}`);
      return {
        contents: `const missing = () => { throw new Error("zod's JSON Schema output is not part of Symposium's bundle"); };
export { ${exported.join(", ")} };`,
        loader: "js",
      };
    });
  },
};

/**
 * The ACP runtime (the SDK and everything that needs it) ships as its own file, `dist/acpRuntime.js`, required on the
 * first agent start: activation then loads a small bundle. Test bundles keep it inline.
 */
/** @type {import("esbuild").Plugin} */
const separateAcpRuntime = {
  name: "separate-acp-runtime",
  setup(build) {
    build.onResolve({ filter: /^\.\/connectionRuntime$/ }, (args) =>
      args.importer.endsWith(join("src", "acp", "connectionPool.ts"))
        ? { path: "./acpRuntime.js", external: true }
        : undefined,
    );
  },
};

/**
 * The `vscode` module taken in once. esbuild gives every file that does `import * as vscode from "vscode"` its own
 * copy of the module, an accessor per export (`__toESM`), and VS Code's API has about 300 of them: nineteen copies,
 * of which the eighteen after the first took 1.7-6.2 ms of a window's activation in code-server's extension host.
 * Every import of it resolves here instead, to one module that re-exports the real one (one copy); the extension's
 * code keeps the usual namespace import.
 */
/** @type {import("esbuild").Plugin} */
const vscodeApiOnce = {
  name: "vscode-api-once",
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === "vscode-api"
        ? { path: "vscode", external: true }
        : { path: "vscode", namespace: "vscode-api" },
    );
    build.onLoad({ filter: /.*/, namespace: "vscode-api" }, () => ({
      contents: 'export * from "vscode";',
      loader: "js",
    }));
  },
};

/**
 * The policy's path resolution (`src/core/policy/resolvePath.ts`) ships once, in `dist/policyPaths.js`
 * (`src/core/policy/policyPaths.ts`, with the git reads the boundary is given and the program tables of
 * `programs.ts`): the extension requires it when the workspace is first checked (not at activation) and when Manage
 * Permissions lists rules, and the ACP runtime's rules take it from there instead of holding a copy. Test bundles
 * keep it inline.
 */
/** @type {import("esbuild").Plugin} */
const separatePolicyPaths = {
  name: "separate-policy-paths",
  setup(build) {
    build.onResolve({ filter: /(^|\/)(resolvePath|policyPaths|programs)$/ }, (args) =>
      args.kind === "entry-point" ||
      args.importer.endsWith(join("src", "core", "policy", "policyPaths.ts")) ||
      args.importer.includes(`${sep}node_modules${sep}`)
        ? undefined
        : { path: "./policyPaths.js", external: true },
    );
  },
};

/**
 * The demo agent runs as its own process next to `dist/acpRuntime.js` and takes the SDK from it instead of bundling a
 * second copy (about 260 KB minified, a tenth of the package). Test bundles keep it inline.
 */
/** @type {import("esbuild").Plugin} */
const demoAgentSharesSdk = {
  name: "demo-agent-shares-sdk",
  setup(build) {
    /** @type {Record<string, string>} */
    const namespaces = {
      "@agentclientprotocol/sdk": "sdkV1",
      "@agentclientprotocol/sdk/experimental/v2": "sdkV2",
    };
    build.onResolve({ filter: /^@agentclientprotocol\/sdk(\/experimental\/v2)?$/ }, (args) =>
      args.importer.includes(join("src", "demo") + sep)
        ? { path: namespaces[args.path], namespace: "shared-sdk" }
        : undefined,
    );
    build.onResolve({ filter: /^\.\/acpRuntime\.js$/, namespace: "shared-sdk" }, (args) => ({
      path: args.path,
      external: true,
    }));
    build.onLoad({ filter: /.*/, namespace: "shared-sdk" }, (args) => ({
      contents: `module.exports = require("./acpRuntime.js").${args.path};`,
      loader: "js",
    }));
  },
};

/**
 * The webview uses only marked's lexer, but marked's module ends by making its default instance and hanging the parser
 * and the renderers on it, which no bundler can drop: about 11 KB of `dist/webview.js`. The module is read without that
 * end, exporting its `Lexer` and `Tokenizer` alone; a marked whose module no longer ends so fails the build.
 */
/** @type {import("esbuild").Plugin} */
const markedLexerOnly = {
  name: "marked-lexer-only",
  setup(build) {
    build.onLoad({ filter: /[/\\]marked[/\\]lib[/\\]marked\.esm\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const exported = /export\{([^}]*)\};?\s*(?:\/\/# sourceMappingURL=\S*\s*)?$/.exec(source)?.[1] ?? "";
      const local = (/** @type {string} */ name) =>
        new RegExp(`(?:^|,)([\\w$]+) as ${name}(?:,|$)`).exec(exported)?.[1];
      const [marked, lexer, tokenizer] = ["Marked", "Lexer", "Tokenizer"].map(local);
      const end = marked ? source.indexOf(`=new ${marked};`) : -1;
      const start = source.lastIndexOf("var ", end);
      if (!lexer || !tokenizer || end < 0 || start < 0)
        throw new Error(`${args.path} no longer ends as marked-lexer-only expects: update the plugin`);
      return {
        contents: `${source.slice(0, start)}export{${lexer} as Lexer,${tokenizer} as Tokenizer};`,
        loader: "js",
      };
    });
  },
};

/**
 * vscode-elements' modules (TypeScript output) each define the `__decorate` helper: three copies in the webview
 * bundle. Each module imports one shared copy instead (-0.7 KB minified), taken from the first module that has it.
 */
/** @type {import("esbuild").Plugin} */
const sharedDecorateHelper = {
  name: "shared-decorate-helper",
  setup(build) {
    const helper =
      /^var __decorate = \(this && this\.__decorate\) \|\| (function \(decorators, target, key, desc\) \{\n[\s\S]*?\n\});\n/m;
    /** @type {string | undefined} */
    let body;
    build.onResolve({ filter: /^shared-decorate-helper$/ }, () => ({
      path: "helper",
      namespace: "decorate",
    }));
    build.onLoad({ filter: /.*/, namespace: "decorate" }, () => ({
      contents: `export var __decorate = ${body};`,
      loader: "js",
    }));
    build.onLoad({ filter: /[\\/]@vscode-elements[\\/]elements[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const found = helper.exec(source);
      if (!found) return undefined;
      body ??= found[1];
      return {
        contents: `import { __decorate } from "shared-decorate-helper";\n${source.replace(helper, "")}`,
        loader: "js",
        resolveDir: args.path.slice(0, args.path.lastIndexOf(sep)),
      };
    });
  },
};

/**
 * vscode-elements' styles are `css` template literals, which a JavaScript minifier leaves as written: their indentation,
 * line breaks and spaces were 2.4 KB of `dist/webview.js`. Each is minified as the CSS it is, by esbuild's CSS minifier
 * (as `dist/webview.css` is), its `${…}` values kept where they stood; one it cannot read so fails the build.
 */
/** @type {import("esbuild").Plugin} */
const minifiedElementStyles = {
  name: "minified-element-styles",
  setup(build) {
    build.onLoad(
      { filter: /[\\/]@vscode-elements[\\/]elements[\\/]dist[\\/].*\.styles\.js$/ },
      async (args) => {
        const source = await readFile(args.path, "utf8");
        const templates = [...source.matchAll(/\bcss `([^`]*)`/g)];
        const fail = (/** @type {string} */ why) => {
          throw new Error(`${args.path}: ${why}; update minified-element-styles`);
        };
        if (templates.length === 0 || source.includes("__decorate")) fail("no css template, or decorators");
        let contents = source;
        for (const [whole, body = ""] of templates) {
          if (body.includes("\\")) fail("an escape in a css template");
          const values = [...body.matchAll(/\$\{[^{}`]*\}/g)].map((m) => m[0]);
          let at = 0;
          const css = body.replace(/\$\{[^{}`]*\}/g, () => `__lit_value_${at++}__`);
          let minified = (await build.esbuild.transform(css, { loader: "css", minify: true })).code.trim();
          values.forEach((value, i) => {
            if (minified.split(`__lit_value_${i}__`).length !== 2) fail("a css value moved by the minifier");
            minified = minified.replace(`__lit_value_${i}__`, () => value);
          });
          contents = contents.replace(whole, () => `css \`${minified}\``);
        }
        return { contents, loader: "js", resolveDir: args.path.slice(0, args.path.lastIndexOf(sep)) };
      },
    );
  },
};

/**
 * The ACP SDK's generated schemas (`zod.gen.js`) are built at load, one top-level `export const` per type, and a call
 * may have effects as far as esbuild knows: every schema of a file a module imports was kept, though the protocol
 * router needs only the unstable `initialize` schemas of both versions (50 KB minified). Each is read as a pure
 * function call, so those no import reaches are left out, and those it does are built as before, in the same order.
 */
/** @type {import("esbuild").Plugin} */
const sdkSchemasOnlyWhatIsUsed = {
  name: "sdk-schemas-only-what-is-used",
  setup(build) {
    build.onLoad(
      { filter: /[\\/]@agentclientprotocol[\\/]sdk[\\/]dist[\\/].*[\\/]zod\.gen\.js$/ },
      async (args) => {
        const source = await readFile(args.path, "utf8");
        const parts = source.split(/^(?=export const \w+ = )/m);
        const wrapped = parts.map((part, i) => {
          if (i === 0) return part;
          const lines = part.split("\n");
          // The statement ends at the first line ending in `;` that is its first or starts unindented.
          const end = lines.findIndex((line, at) => line.endsWith(";") && (at === 0 || !/^\s/.test(line)));
          const head = /^export const (\w+) = /.exec(part);
          if (end < 0 || !head)
            throw new Error(`${args.path} no longer reads as sdk-schemas-only-what-is-used expects`);
          const statement = lines.slice(0, end + 1).join("\n");
          const expression = statement.slice(head[0].length, -1);
          return [
            `export const ${head[1]} = /* @__PURE__ */ (() => ${expression})();`,
            ...lines.slice(end + 1),
          ].join("\n");
        });
        return {
          contents: wrapped.join(""),
          loader: "js",
          resolveDir: args.path.slice(0, args.path.lastIndexOf(sep)),
        };
      },
    );
  },
};

/** @type {import("esbuild").BuildOptions} */
const shared = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : "linked",
  logLevel: "info",
  legalComments: "none",
};

/** @type {import("esbuild").BuildOptions[]} */
const builds = [
  {
    ...shared,
    entryPoints: {
      extension: "src/extension.ts",
      acpRuntime: "src/acp/connectionRuntime.ts",
      policyPaths: "src/core/policy/policyPaths.ts",
      demoAgent: "src/demo/main.ts",
    },
    outdir: "dist",
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["vscode"],
    mainFields: ["module", "main"],
    // Node reads every script as UTF-8: characters past ASCII as themselves, not six-byte escapes (a tenth of a KB).
    charset: "utf8",
    plugins: [
      vscodeApiOnce,
      englishOnlyZod,
      zodWithoutJsonSchema,
      separateAcpRuntime,
      separatePolicyPaths,
      demoAgentSharesSdk,
      sdkSchemasOnlyWhatIsUsed,
    ],
  },
  {
    ...shared,
    entryPoints: { webview: "webview/main.ts", history: "webview/history/main.ts" },
    outdir: "dist",
    platform: "browser",
    format: "iife",
    target: "es2022",
    // As the extension's: the page is UTF-8 (`<meta charset>`), and so the script it loads without a charset of its own.
    charset: "utf8",
    plugins: [markedLexerOnly, sharedDecorateHelper, minifiedElementStyles],
  },
];

if (withTests) {
  const folders = toolsOnly ? ["tools"] : ["test", "bench", "tools"];
  builds.push({
    ...nodeScriptsBuild(import.meta.dirname, folders),
    logLevel: toolsOnly ? "warning" : "info",
  });
}

await writeCodicons({ all: watch });
writeShellParserWasm("dist", { compressed: production });
if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
  // The largest file of the package, loaded on the first agent start (where 4 ms of inflating go unnoticed), the
  // policy's path resolution, loaded when the first session's boundary is built (0.3 ms to inflate), the demo
  // agent, which inflates itself as its process starts (a few ms, beside its 280 ms start), and the extension itself
  // (require in a fresh process 9.3 -> 11.2 ms, under its 20 ms target, for 8 KB of the package under its 600 KB).
  for (const lazy of ["acpRuntime.js", "policyPaths.js", "demoAgent.js", "extension.js"]) {
    if (production) compressBundle("dist", lazy, { script: lazy === "demoAgent.js" });
    else rmSync(`dist/${lazy}.br`, { force: true });
  }
  // The view's script: the package's largest file after the runtime, written out by the extension where it runs.
  if (production) compressAsset("dist", "webview.js");
  else rmSync("dist/webview.js.br", { force: true });
}
