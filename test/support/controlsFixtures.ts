/** What the session-controls tests give `test/agents/controlsAgent.ts` to offer, and how they read what it received. */
import { join } from "node:path";
import { readJsonLines } from "../../tools/jsonLines";

export const CONTROLS_AGENT = join(__dirname, "..", "agents", "controlsAgent.js");

/** The params of every `method` frame the agent logged (`CONTROLS_LOG`), in order. */
export function receivedFrames(log: string, method: string): Record<string, unknown>[] {
  return readJsonLines<{ method?: string; params?: Record<string, unknown> }>(log).flatMap((frame) =>
    frame.method === method ? [frame.params ?? {}] : [],
  );
}

export const MODES_V1 = {
  currentModeId: "default",
  availableModes: [
    { id: "default", name: "Manual", description: "Always ask" },
    { id: "plan", name: "Plan" },
    { id: "acceptEdits", name: "Accept edits" },
    { id: "bypassPermissions", name: "Bypass permissions" },
  ],
};

export function configOptions(idKey: "id" | "configId") {
  return [
    {
      [idKey]: "model",
      name: "Model",
      category: "model",
      type: "select",
      currentValue: "sonnet",
      options: [
        { value: "sonnet", name: "Sonnet" },
        { value: "opus", name: "Opus", description: "Best" },
      ],
    },
    {
      [idKey]: "effort",
      name: "Effort",
      category: "thought_level",
      type: "select",
      currentValue: "low",
      options: [
        {
          group: "g",
          groupId: "g",
          name: "Levels",
          options: [
            { value: "low", name: "Low" },
            { value: "high", name: "High" },
          ],
        },
      ],
    },
    { [idKey]: "fast", name: "Fast mode", category: "model_config", type: "boolean", currentValue: false },
    {
      [idKey]: "collaboration_mode",
      name: "Collaboration mode",
      category: "collaboration_mode",
      type: "select",
      currentValue: "default",
      options: [
        { value: "default", name: "Default" },
        { value: "plan", name: "Plan" },
      ],
    },
    // Malformed: ignored, the others stay.
    { [idKey]: "broken", name: "No current value", type: "select", options: [{ value: "a", name: "A" }] },
    { [idKey]: "x".repeat(5_000), name: "Id over the cap", type: "boolean", currentValue: true },
    { [idKey]: "odd", name: "Future type", type: "_slider", currentValue: 3 },
    "not an object",
  ];
}

/** A select that sets a permission level ("Skip" lets the agent act without asking); `category` "mode" for a mode. */
export function permissionsOption(idKey: "id" | "configId", category?: string) {
  return {
    [idKey]: "permissions",
    name: "Permissions",
    ...(category !== undefined ? { category } : {}),
    type: "select",
    currentValue: "default",
    options: [
      { value: "default", name: "Ask" },
      { value: "plan", name: "Plan" },
      { value: "bypassPermissions", name: "Skip" },
    ],
  };
}
