/** Reading what esbuild says about the production extension bundle (a metafile from `buildProduction`). */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Metafile } from "esbuild";
import type { ProductionBuild } from "../../tools/productionBuild";
import { repoRoot } from "../paths";

/** Bytes of the minified dist/extension.js by origin: an npm package, or a folder of src/. */
export function extensionComposition(build: ProductionBuild): { origin: string; bytes: number }[] {
  const metafile = JSON.parse(readFileSync(join(build.dir, "extension.meta.json"), "utf8")) as Metafile;
  const output = Object.entries(metafile.outputs).find(([path]) => path.endsWith("dist/extension.js"))?.[1];
  if (!output) throw new Error("the metafile has no dist/extension.js output");
  const totals = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const origin = match
      ? match[1]!
      : // Inputs outside the temporary build folder are named relative to it ("../../<repository>/src/…").
        relative(repoRoot, input.replace(/^(\.\.\/)+/, "/"))
          .split("/")
          .slice(0, 2)
          .join("/");
    totals.set(origin, (totals.get(origin) ?? 0) + bytesInOutput);
  }
  return [...totals].map(([origin, bytes]) => ({ origin, bytes })).sort((a, b) => b.bytes - a.bytes);
}
