/**
 * Operators' roles and what each reaches (Step 22, decision 0032). The server enforces it on every
 * `/api/admin/` call; the console hides what a role cannot open. One table, read by both.
 */

export const OperatorRole = {
  reviewer: "reviewer",
  support: "support",
  finance: "finance",
  admin: "admin",
} as const;
export type OperatorRole = (typeof OperatorRole)[keyof typeof OperatorRole];
export const operatorRoles: readonly OperatorRole[] = Object.values(OperatorRole);

/** An area of the console, or a kind of act within one. */
export const Permission = {
  dashboard: "dashboard",
  review: "review",
  reports: "reports",
  peopleRead: "peopleRead",
  peopleAct: "peopleAct",
  moneyRead: "moneyRead",
  moneyAct: "moneyAct",
  live: "live",
  audit: "audit",
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];
export const permissions: readonly Permission[] = Object.values(Permission);

/**
 * Who reaches what: reviewers the review queue, reports and live rooms; support people (and their
 * money, to read); finance money (and people, to read); an administrator everything.
 */
export const rolePermissions: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  reviewer: ["dashboard", "review", "reports", "live"],
  support: ["dashboard", "peopleRead", "peopleAct", "moneyRead"],
  finance: ["dashboard", "peopleRead", "moneyRead", "moneyAct"],
  admin: permissions,
};

export function mayDo(role: OperatorRole, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}
