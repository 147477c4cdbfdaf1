import * as assert from "node:assert/strict";
import { existsSync } from "node:fs";
import * as vscode from "vscode";
import { waitFor } from "../../tools/waitFor";
import { LEFT_SCRATCH_FOLDER } from "../harness/integrationEnv";

const EXTENSION_ID = "symposium.symposium";

/** The parts of package.json these tests read. */
interface SettingSchema {
  readonly scope?: string;
  readonly additionalProperties?: { readonly required?: readonly string[] };
}
interface ConfigurationSection {
  readonly properties?: Readonly<Record<string, SettingSchema>>;
}
interface Manifest {
  readonly contributes?: { readonly configuration?: ConfigurationSection | readonly ConfigurationSection[] };
}

/** All contributed settings; `contributes.configuration` may be one section or an array of them. */
function configurationProperties(manifest: Manifest): Record<string, SettingSchema | undefined> {
  const configuration = manifest.contributes?.configuration;
  const sections: readonly ConfigurationSection[] =
    configuration === undefined
      ? []
      : Array.isArray(configuration)
        ? configuration
        : [configuration as ConfigurationSection];
  return Object.assign({}, ...sections.map((section) => section.properties ?? {})) as Record<
    string,
    SettingSchema | undefined
  >;
}

describe("Symposium activation", () => {
  let extension: vscode.Extension<unknown>;

  before(() => {
    const found = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is not loaded in this extension host`);
    extension = found;
  });

  it("activates", async () => {
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it("removes the scratch folder a crashed window left in the temporary folder", async () => {
    await waitFor(() => !existsSync(LEFT_SCRATCH_FOLDER), `${LEFT_SCRATCH_FOLDER} to be removed`);
  });

  it("registers symposium.newSession", async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes("symposium.newSession"), "symposium.newSession is not registered");
  });

  it("contributes the symposium.agents setting schema", () => {
    const agents = configurationProperties(extension.packageJSON as Manifest)["symposium.agents"];
    assert.ok(agents, "no symposium.agents in contributes.configuration");
    assert.equal(typeof agents.scope, "string", "symposium.agents declares no scope");
    const required = agents.additionalProperties?.required ?? [];
    assert.ok(required.includes("command"), "an agent entry must require `command`");
  });

  it("exposes symposium.agents through the configuration API", () => {
    const inspected = vscode.workspace.getConfiguration("symposium").inspect("agents");
    assert.ok(inspected, "inspect('agents') returned undefined: the setting is not registered");
    assert.equal(inspected.key, "symposium.agents");
    assert.deepEqual(inspected.defaultValue, {});
  });
});
