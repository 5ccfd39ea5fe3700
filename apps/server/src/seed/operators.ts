/**
 * The demo operators of the console (Step 22): one per role, and a second finance operator to
 * approve the first's large adjustments. Their authenticator secrets are fixed and printed with
 * the demo credentials (add one to any TOTP app, or type it into `oathtool --totp -b`); a real
 * deployment creates its operators without a secret, and each enrols at first sign-in.
 */
import { count } from "drizzle-orm";
import type { AppContext } from "../context";
import { operators } from "../db/schema";
import { createOperator } from "../modules/admin/operators";

export const DEMO_OPERATOR_PASSWORD = "console-demo-1";

export const demoOperators = [
  {
    login: "reviewer",
    name: "审核员 Rita",
    role: "reviewer",
    totpSecret: "JBSWY3DPEHPK3PXPREVIEWERAAAAAAAA",
  },
  { login: "support", name: "客服 Sam", role: "support", totpSecret: "JBSWY3DPEHPK3PXPSUPPORTAAAAAAAAA" },
  { login: "finance", name: "财务 Fay", role: "finance", totpSecret: "JBSWY3DPEHPK3PXPFINANCEAAAAAAAAA" },
  { login: "finance2", name: "财务 Fred", role: "finance", totpSecret: "JBSWY3DPEHPK3PXPFINANCETWOAAAAAA" },
  { login: "admin", name: "管理员 Ada", role: "admin", totpSecret: "JBSWY3DPEHPK3PXPADMINAAAAAAAAAAA" },
] as const;

/** The demo operators, on a database that has none. */
export async function seedOperators(ctx: AppContext): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: count() }).from(operators);
  if ((existing?.n ?? 0) > 0) return false;
  for (const operator of demoOperators)
    await createOperator(ctx, { ...operator, password: DEMO_OPERATOR_PASSWORD });
  return true;
}
