/**
 * Bank cards (payees): added with a fresh SMS code and the bank's verification, stored sealed,
 * only ever shown masked; one is the current (primary) card.
 */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { BusinessCode, SmsCodeType, isValidCardNumber, maskCardNumber } from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { payeeCards, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { Sealer } from "../../security/sealing";
import { cachesPerContext } from "../../cache";
import { checkCode, consumeCode } from "../auth/sms";

type CardRow = typeof payeeCards.$inferSelect;

const sealers = cachesPerContext((ctx) => new Sealer(ctx.secrets.signingKey, "payee-cards"));

/** The sealer of card numbers and payout destinations. */
export function sealerOf(ctx: AppContext): Sealer {
  return sealers(ctx);
}

function view(row: CardRow): ResponseOf<"trade.createPayee"> {
  return {
    id: String(row.id),
    cardNumber: maskCardNumber(row.cardLast4),
    cardholderName: row.cardholderName,
    bankName: row.bankName,
    isPrimary: row.isPrimary,
  };
}

/** The signed-in person's own phone (codes for money go there, never to a number they name). */
export async function mobileOf(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
  if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return user.mobile;
}

async function activeCards(db: Db, userId: number): Promise<CardRow[]> {
  return db
    .select()
    .from(payeeCards)
    .where(and(eq(payeeCards.userId, userId), isNull(payeeCards.removedAt)))
    .orderBy(desc(payeeCards.isPrimary), desc(payeeCards.id));
}

/** One of the person's active cards: the one named, or the current one. */
export async function cardFor(db: Db, userId: number, id: string | undefined): Promise<CardRow | null> {
  const cards = await activeCards(db, userId);
  return id === undefined
    ? (cards.find((c) => c.isPrimary) ?? cards[0] ?? null)
    : (cards.find((c) => String(c.id) === id) ?? null);
}

export async function createPayee(
  ctx: AppContext,
  { body, caller }: SignedInInput<"trade.createPayee">,
): Promise<ResponseOf<"trade.createPayee">> {
  const number = body.cardNumber;
  if (!isValidCardNumber(number))
    throw new BusinessError(BusinessCode.invalid, ServerMessage.bankCardNumberInvalid);
  const userId = caller.userId;
  const cards = await activeCards(ctx.db, userId);
  const max = ctx.config.trade.maxCardsPerUser;
  if (cards.length >= max)
    throw new BusinessError(BusinessCode.conflict, ServerMessage.bankCardLimit, { max });
  const sealer = sealerOf(ctx);
  const fingerprint = sealer.fingerprint(number);
  if (cards.some((c) => c.cardFingerprint === fingerprint))
    throw new BusinessError(BusinessCode.conflict, ServerMessage.bankCardExists);
  // One person at a time per card (decision 0023): a payout can only reach its holder's account.
  if (await boundElsewhere(ctx.db, userId, fingerprint))
    throw new BusinessError(BusinessCode.conflict, ServerMessage.bankCardBoundElsewhere);
  const codeId = await checkCode(ctx, await mobileOf(ctx.db, userId), SmsCodeType.PAYEE, body.code, {
    owner: userId,
  });
  const holder = body.cardholderName.trim();
  const bank = body.bankName.trim();
  let valid: boolean;
  try {
    valid = await ctx.payments.bank.verifyCard({ number, holder, bank });
  } catch (error) {
    ctx.log.error({ err: error }, "trade: card verification could not be asked");
    valid = false;
  }
  if (!valid) throw new BusinessError(BusinessCode.invalid, ServerMessage.bankCardVerificationFailed);
  const made = await ctx.db.transaction(async (tx) => {
    // A card bound elsewhere meanwhile is refused by the index; the code is used up only with the card.
    const [current] = await tx
      .select({ id: payeeCards.id })
      .from(payeeCards)
      .where(
        and(eq(payeeCards.userId, userId), isNull(payeeCards.removedAt), eq(payeeCards.isPrimary, true)),
      );
    const [row] = await tx
      .insert(payeeCards)
      .values({
        userId,
        cardCipher: sealer.seal(number),
        cardLast4: number.slice(-4),
        cardFingerprint: fingerprint,
        cardholderName: holder,
        bankName: bank,
        isPrimary: current === undefined,
      })
      .onConflictDoNothing()
      .returning();
    if (row) await consumeCode(tx, codeId, ctx.now());
    return row;
  });
  if (!made) {
    throw (await boundElsewhere(ctx.db, userId, fingerprint))
      ? new BusinessError(BusinessCode.conflict, ServerMessage.bankCardBoundElsewhere)
      : new BusinessError(BusinessCode.conflict, ServerMessage.bankCardExists);
  }
  return view(made);
}

/** Whether another person has this card (by its fingerprint) bound now. */
async function boundElsewhere(db: Db, userId: number, fingerprint: string): Promise<boolean> {
  const [other] = await db
    .select({ id: payeeCards.id })
    .from(payeeCards)
    .where(
      and(
        eq(payeeCards.cardFingerprint, fingerprint),
        isNull(payeeCards.removedAt),
        ne(payeeCards.userId, userId),
      ),
    )
    .limit(1);
  return other !== undefined;
}

export async function payeeCardsOf(
  ctx: AppContext,
  { caller }: SignedInInput<"trade.payeeCards">,
): Promise<ResponseOf<"trade.payeeCards">> {
  return (await activeCards(ctx.db, caller.userId)).map(view);
}

export async function removeCard(
  ctx: AppContext,
  { body, caller }: SignedInInput<"trade.removeCard">,
): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(payeeCards)
      .set({ removedAt: ctx.now(), isPrimary: false })
      .where(
        and(
          eq(payeeCards.id, Number(body.id)),
          eq(payeeCards.userId, caller.userId),
          isNull(payeeCards.removedAt),
        ),
      )
      .returning({ id: payeeCards.id });
    if (!removed) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    // The newest card left becomes the current one when the current one went.
    await tx.execute(sql`
      UPDATE payee_cards SET is_primary = true
      WHERE id = (SELECT id FROM payee_cards WHERE user_id = ${caller.userId} AND removed_at IS NULL ORDER BY id DESC LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM payee_cards WHERE user_id = ${caller.userId} AND removed_at IS NULL AND is_primary)`);
  });
  return null;
}

export async function updatePrimary(
  ctx: AppContext,
  { body, caller }: SignedInInput<"trade.updatePrimary">,
): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const mine = and(eq(payeeCards.userId, caller.userId), isNull(payeeCards.removedAt));
    const [card] = await tx
      .select({ id: payeeCards.id })
      .from(payeeCards)
      .where(and(mine, eq(payeeCards.id, Number(body.id))))
      .for("update");
    if (!card) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    await tx
      .update(payeeCards)
      .set({ isPrimary: false })
      .where(and(mine, eq(payeeCards.isPrimary, true)));
    await tx.update(payeeCards).set({ isPrimary: true }).where(eq(payeeCards.id, card.id));
  });
  return null;
}
