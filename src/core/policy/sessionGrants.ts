/**
 * Rules a person granted for one session ("Allow in this session"): they live and die with the session, take part in
 * its decisions like allow rules from settings, and can be revoked one by one (Manage Permissions).
 */
import type { PermissionRule } from "./rules";

export interface SessionGrant {
  /** Unique within the window. */
  id: string;
  rule: PermissionRule;
  /** When it was granted (ms since the epoch), for listing. */
  grantedAt: number;
}

let nextId = 1;

export class SessionGrants {
  private readonly grants: SessionGrant[] = [];

  /** Adds `rule` as a session grant (its source becomes "session"); returns the grant. A same-label grant is reused. */
  add(rule: PermissionRule, now = Date.now()): SessionGrant {
    const existing = this.grants.find((g) => g.rule.label === rule.label && g.rule.action === rule.action);
    if (existing) return existing;
    const grant: SessionGrant = {
      id: `grant-${nextId++}`,
      rule: { ...rule, source: "session" },
      grantedAt: now,
    };
    this.grants.push(grant);
    return grant;
  }

  /** Whether a grant was there to take back. Takes effect for the very next request. */
  revoke(id: string): boolean {
    const index = this.grants.findIndex((g) => g.id === id);
    if (index < 0) return false;
    this.grants.splice(index, 1);
    return true;
  }

  list(): readonly SessionGrant[] {
    return [...this.grants];
  }

  rules(): PermissionRule[] {
    return this.grants.map((g) => g.rule);
  }

  clear(): void {
    this.grants.length = 0;
  }
}
