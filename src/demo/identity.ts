// How the demo agent introduces itself in `initialize`.
export const DEMO_AGENT_INFO = {
  name: "symposium-demo",
  title: "Symposium demo agent",
  version: "0.1.0",
} as const;
