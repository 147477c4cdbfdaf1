/**
 * The sign-in methods an agent offers, as quick pick items: their names and descriptions are the agent's text, which a
 * quick pick would render (`$(icon)` syntax), so they are shown inert.
 */
import { inertText } from "../core/untrustedText";

export interface AuthMethodItem {
  label: string;
  detail?: string;
  id: string;
}

export function authMethodItems(
  methods: readonly { id: string; name: string; description?: string }[],
): AuthMethodItem[] {
  return methods.map((method) => ({
    label: inertText(method.name, 200),
    ...(method.description ? { detail: inertText(method.description, 500) } : {}),
    id: method.id,
  }));
}
