// Lint for everything that runs: the extension, the webview, tests, benchmarks, tools and the .mjs scripts (type
// checked through tsconfig.json, which includes them with checkJs). The import rules below keep the layers apart.
import tseslint from "typescript-eslint";

const noVscode = { name: "vscode", message: "Only src/host and src/extension.ts talk to VS Code." };

/**
 * `@typescript-eslint/no-restricted-imports` with `vscode` forbidden plus the given patterns.
 * @param {...object} patterns
 * @returns {import("eslint").Linter.RulesRecord}
 */
const restrictImports = (...patterns) => ({
  "no-restricted-imports": "off",
  "@typescript-eslint/no-restricted-imports": ["error", { paths: [noVscode], patterns }],
});

export default tseslint.config(
  { ignores: ["dist/", "out/", "node_modules/", ".vscode-test/", "samples/"] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "AssignmentExpression[left.property.name='innerHTML']",
          message: "Agent text reaches the page as text only.",
        },
        {
          selector: "AssignmentExpression[left.property.name='outerHTML']",
          message: "Agent text reaches the page as text only.",
        },
        {
          selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
          message: "Agent text reaches the page as text only.",
        },
      ],
    },
  },
  {
    // Shared by the host and the browser bundle: types and plain constants, nothing with a run-time cost.
    files: ["src/shared/**/*.ts"],
    rules: restrictImports({
      regex: "^(?!\\./)",
      message: "src/shared imports nothing but its own modules (no zod, no Node, no other layer).",
    }),
  },
  {
    // The pure core runs in plain Node: it knows neither the agents' transport nor VS Code.
    files: ["src/core/**/*.ts"],
    rules: restrictImports({
      group: ["**/acp", "**/acp/*", "**/host", "**/host/*", "**/extension"],
      message: "src/core imports neither src/acp nor src/host.",
    }),
  },
  {
    files: ["src/acp/**/*.ts", "src/demo/**/*.ts"],
    rules: restrictImports({
      group: ["**/host", "**/host/*", "**/extension"],
      message: "Only the composition root and src/host depend on src/host.",
    }),
  },
  {
    // The browser bundle: types from src/shared, values only from its modules that import nothing but types.
    files: ["webview/**/*.ts"],
    rules: restrictImports(
      {
        group: [
          "**/src/shared/*",
          "!**/src/shared/limits",
          "!**/src/shared/toolCallView",
          "!**/src/shared/fineClock",
          "!**/src/shared/reading",
          "!**/src/shared/optionWords",
          "!**/src/shared/elapsedText",
          "!**/src/shared/fieldAnswer",
          "!**/src/shared/httpUrl",
        ],
        allowTypeImports: true,
        message:
          "The webview imports only types from src/shared (values: limits, toolCallView, fineClock, reading, optionWords, elapsedText, fieldAnswer, httpUrl).",
      },
      {
        group: ["**/src/core/*", "**/src/acp/*", "**/src/host/*", "**/src/demo/*", "zod", "zod/*", "node:*"],
        message: "The webview talks to the host only through the messages in src/shared/protocol.ts.",
      },
    ),
  },
  {
    files: ["test/**/*.ts", "bench/**/*.ts", "tools/**/*.ts", "scripts/**/*.mjs"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
);
