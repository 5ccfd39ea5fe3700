/**
 * Who may make each call of the console, and where it is (`/api/admin/area/act`): plain data, no
 * schema code, so the console's bundle carries it without zod (the schemas are contract.ts's).
 */
import type { Permission } from "./roles";

/** Who may make a call: anyone (signing in), any signed-in operator, or those with a permission. */
export type AdminAccess = "public" | "operator" | Permission;

/** Each call's access; its path is `/api/admin/` and the name with the dot as a slash. */
export const adminAccess = {
  "auth.signIn": "public",
  "auth.machine": "public",
  "auth.me": "operator",
  "auth.signOut": "operator",
  "dashboard.summary": "dashboard",
  "review.queue": "review",
  "review.detail": "review",
  "review.claim": "review",
  "review.release": "review",
  "review.approve": "review",
  "review.reject": "review",
  "review.takedown": "review",
  "review.restore": "review",
  "review.published": "review",
  "reports.list": "reports",
  "reports.resolve": "reports",
  "people.search": "peopleRead",
  "people.profile": "peopleRead",
  "people.statement": "peopleRead",
  "people.orders": "peopleRead",
  "people.ban": "peopleAct",
  "people.unban": "peopleAct",
  "people.signOut": "peopleAct",
  "people.regenerateCard": "peopleAct",
  "people.unlock": "peopleAct",
  "money.orders": "moneyRead",
  "money.held": "moneyRead",
  "money.creditHeld": "moneyAct",
  "money.refundHeld": "moneyAct",
  "money.failedPayouts": "moneyRead",
  "money.retryPayout": "moneyAct",
  "money.returnPayout": "moneyAct",
  "money.adjustments": "moneyRead",
  "money.adjust": "moneyAct",
  "money.decideAdjustment": "moneyAct",
  "money.reconcile": "moneyRead",
  "live.rooms": "live",
  "live.chat": "live",
  "live.end": "live",
  "live.resetKey": "live",
  "live.removeMessage": "live",
  "live.mute": "live",
  "audit.search": "audit",
} as const satisfies Readonly<Record<string, AdminAccess>>;

/** Every call of the console, by name (`area.act`). */
export type AdminEndpointName = keyof typeof adminAccess;

export const adminEndpointNames = Object.keys(adminAccess) as AdminEndpointName[];

/** The path of a call under the server's origin. */
export function adminPath(name: AdminEndpointName): string {
  return `/api/admin/${name.replace(".", "/")}`;
}
