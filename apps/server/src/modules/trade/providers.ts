/** Which provider serves what (decision 0014), and the URLs providers are given. */
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { PaymentMethod, WithdrawType } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { eepayLinks } from "../../db/schema";
import { paymentChannels } from "../../providers/payments/provider";
import type { PaymentChannel, PaymentProvider } from "../../providers/payments/provider";

/** Recharge methods (spec §3) and the channel that takes each; GOLD is spent, never paid in. */
export const rechargeChannels: Readonly<Partial<Record<PaymentMethod, PaymentChannel>>> = {
  [PaymentMethod.EE_PAY]: "eepay",
  [PaymentMethod.BANK_SM]: "bank",
  [PaymentMethod.MERCHANT]: "merchant",
};

/** Withdraw types and the channel that pays each out. */
export const withdrawChannels: Readonly<Record<WithdrawType, PaymentChannel>> = {
  [WithdrawType.BANK_WITHDRAW]: "bank",
  [WithdrawType.EEPAY_WITHDRAW]: "eepay",
  [WithdrawType.GOLD_WITHDRAW]: "merchant",
};

/**
 * The provider of a channel named by a caller (a notification's path, an order's column): looked
 * up among the channels' own names only — `constructor`, `__proto__` or `toString` name none.
 */
export function providerOf(ctx: AppContext, channel: string): PaymentProvider | null {
  return providersOf(ctx).get(channel) ?? null;
}

const providerMaps = new WeakMap<AppContext["payments"], ReadonlyMap<string, PaymentProvider>>();
function providersOf(ctx: AppContext): ReadonlyMap<string, PaymentProvider> {
  let map = providerMaps.get(ctx.payments);
  if (!map) {
    map = new Map(paymentChannels.map((channel) => [channel, ctx.payments[channel]]));
    providerMaps.set(ctx.payments, map);
  }
  return map;
}

export function notifyUrl(ctx: AppContext, channel: PaymentChannel): string {
  return `${ctx.origin()}/api/trade/notify/${channel}`;
}

export function returnUrl(ctx: AppContext, orderNum: string): string {
  return `${ctx.origin()}/trade?orderNum=${encodeURIComponent(orderNum)}`;
}

/** The person's EE wallet account (made and linked on first use). */
export async function eepayAccountOf(db: Db, userId: number): Promise<string> {
  const [link] = await db.select().from(eepayLinks).where(eq(eepayLinks.userId, userId));
  if (link) return link.account;
  await db
    .insert(eepayLinks)
    .values({ userId, account: `EE${String(randomInt(10 ** 9, 10 ** 10))}` })
    .onConflictDoNothing();
  const [made] = await db.select().from(eepayLinks).where(eq(eepayLinks.userId, userId));
  if (!made) throw new Error("e-wallet link not written");
  return made.account;
}

export async function linkedEepayAccount(db: Db, userId: number): Promise<string | null> {
  const [link] = await db.select().from(eepayLinks).where(eq(eepayLinks.userId, userId));
  return link?.account ?? null;
}
