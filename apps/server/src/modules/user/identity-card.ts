import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { identityCards } from "../../db/schema";
import { hmac, sha256 } from "../../security/hashing";

/**
 * A card's secret is derived from the server's signing key and the card id, so the QR content can
 * be shown again without the database ever holding the secret (it keeps only its hash).
 */
export function cardSecret(ctx: AppContext, cardId: string): string {
  return hmac(ctx.secrets.signingKey, `identity-card:${cardId}`);
}

function qrContentOf(ctx: AppContext, cardId: string): string {
  return JSON.stringify({ cardId, secret: cardSecret(ctx, cardId) });
}

/** The user's current card, made on first use; `regenerate` revokes the old card and makes a new one. */
export async function identityCardOf(
  ctx: AppContext,
  userId: number,
  regenerate: boolean,
  stamp: (d: Date) => string,
) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(identityCards)
      .where(and(eq(identityCards.userId, userId), isNull(identityCards.revokedAt)))
      .orderBy(desc(identityCards.id))
      .limit(1);
    if (current && !regenerate) {
      return {
        cardId: current.cardId,
        qrContent: qrContentOf(ctx, current.cardId),
        createTime: stamp(current.createdAt),
      };
    }
    await tx
      .update(identityCards)
      .set({ revokedAt: now })
      .where(and(eq(identityCards.userId, userId), isNull(identityCards.revokedAt)));
    const cardId = randomUUID();
    await tx
      .insert(identityCards)
      .values({ cardId, userId, secretHash: sha256(cardSecret(ctx, cardId)), createdAt: now });
    return { cardId, qrContent: qrContentOf(ctx, cardId), createTime: stamp(now) };
  });
}
