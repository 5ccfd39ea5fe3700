/**
 * Manual adjustments of a person's balance (Step 22): a ledger journal against EQUITY with the
 * operator's reason, applied at once up to ADJUSTMENT_APPROVAL_ABOVE (either sign), above it only
 * when a second finance operator approves — never the one who asked. A balance never goes below 0.
 */
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { AdminParsed, AdminResponse, Adjustment } from "@platform/api-client/admin";
import { BusinessCode, formatAmount } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { lockPeople } from "../../db/locks";
import { adjustments, operators, users } from "../../db/schema";
import { transact } from "../../db/transaction";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { BalanceType, PlatformAccount, balancesOf, platform, post, userAccount } from "../ledger/wallet";
import { writeAudit } from "./audit";
import type { AdminInput } from "./route";
import { numbered, personById, personColumns, personOf } from "./records";

function adjustmentRecord(
  row: typeof adjustments.$inferSelect,
  who: { id: number; nickName: string; memberId: string },
  names: ReadonlyMap<number, string>,
): Adjustment {
  return {
    id: String(row.id),
    person: personOf(who),
    balanceType: row.balanceType as Adjustment["balanceType"],
    amount: row.amount,
    reason: row.reason,
    status: row.status as Adjustment["status"],
    requestedBy: names.get(row.requestedBy) ?? String(row.requestedBy),
    decidedBy: row.decidedBy === null ? null : (names.get(row.decidedBy) ?? String(row.decidedBy)),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function operatorNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: operators.id, name: operators.name }).from(operators);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function adjustmentsPage(
  ctx: AppContext,
  body: AdminParsed<"money.adjustments">,
): Promise<AdminResponse<"money.adjustments">> {
  const where = body.pending ? eq(adjustments.status, "PENDING") : undefined;
  const names = operatorNames(ctx.db);
  const { rows, total } = await numbered(
    body,
    (limit, offset) =>
      ctx.db
        .select({ row: adjustments, person: personColumns })
        .from(adjustments)
        .innerJoin(users, eq(users.id, adjustments.userId))
        .where(where)
        .orderBy(desc(adjustments.id))
        .limit(limit)
        .offset(offset),
    ctx.db.select({ n: count() }).from(adjustments).where(where),
  );
  const byId = await names;
  return {
    items: rows.map((r) => adjustmentRecord(r.row, r.person, byId)),
    total,
    page: body.page,
    size: body.size,
  };
}

/** Post an adjustment's journal (the person against EQUITY), refusing a balance below zero. */
async function applyAdjustment(tx: Db, row: typeof adjustments.$inferSelect): Promise<void> {
  const type = row.balanceType === "WALLET" ? BalanceType.WALLET : BalanceType.GOLD;
  const balance = (await balancesOf(tx, row.userId))[type];
  if (balance + row.amount < 0)
    throw new BusinessError(BusinessCode.insufficient, ServerMessage.adjustmentOverdraw, {
      balance: formatAmount(balance),
    });
  await post(tx, {
    kind: "ADJUSTMENT",
    reference: `adjustments:${String(row.id)}`,
    legs: [
      { account: userAccount(row.userId, type), amount: row.amount },
      { account: platform(PlatformAccount.EQUITY), amount: -row.amount },
    ],
  });
}

/** A manual adjustment: applied now up to the setting, else waiting for a second finance operator. */
export async function adjust(ctx: AppContext, { body, operator, who }: AdminInput<"money.adjust">) {
  const userId = Number(body.userId);
  const owner = await personById(ctx.db, userId);
  const waits = Math.abs(body.amount) > ctx.config.console.approvalAbove;
  const row = await transact(ctx.db, async (tx) => {
    await lockPeople(tx, userId);
    const [created] = await tx
      .insert(adjustments)
      .values({
        userId,
        balanceType: body.balanceType,
        amount: body.amount,
        reason: body.reason,
        requestedBy: operator.row.id,
        status: waits ? "PENDING" : "APPLIED",
        ...(waits ? {} : { decidedBy: operator.row.id, decidedAt: ctx.now() }),
      })
      .returning();
    if (!created) throw new Error("the adjustment was not recorded");
    if (!waits) await applyAdjustment(tx, created);
    await writeAudit(
      tx,
      who,
      {
        action: waits ? "money.adjust.requested" : "money.adjust.applied",
        targetType: "person",
        targetId: userId,
        after: {
          adjustment: created.id,
          balanceType: created.balanceType,
          amount: created.amount,
          status: created.status,
        },
        reason: body.reason,
      },
      ctx.now(),
    );
    return created;
  });
  return adjustmentRecord(row, owner, await operatorNames(ctx.db));
}

/** A second finance operator approves (applies) or refuses a waiting adjustment; never its requester. */
export async function decideAdjustment(
  ctx: AppContext,
  { body, operator, who }: AdminInput<"money.decideAdjustment">,
) {
  const id = Number(body.id);
  const [found] = await ctx.db.select().from(adjustments).where(eq(adjustments.id, id));
  if (!found) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const row = await transact(ctx.db, async (tx) => {
    await lockPeople(tx, found.userId);
    const [decided] = await tx
      .update(adjustments)
      .set({ status: body.approve ? "APPLIED" : "REFUSED", decidedBy: operator.row.id, decidedAt: ctx.now() })
      .where(and(eq(adjustments.id, id), eq(adjustments.status, "PENDING"), isNull(adjustments.decidedBy)))
      .returning();
    if (!decided) throw new BusinessError(BusinessCode.conflict, ServerMessage.adjustmentDecided);
    if (decided.requestedBy === operator.row.id)
      throw new BusinessError(BusinessCode.forbidden, ServerMessage.adjustmentOwnApproval);
    if (body.approve) await applyAdjustment(tx, decided);
    await writeAudit(
      tx,
      who,
      {
        action: body.approve ? "money.adjust.approved" : "money.adjust.refused",
        targetType: "person",
        targetId: decided.userId,
        before: { adjustment: decided.id, status: "PENDING" },
        after: { adjustment: decided.id, amount: decided.amount, status: decided.status },
        reason: body.reason,
      },
      ctx.now(),
    );
    return decided;
  });
  return adjustmentRecord(row, await personById(ctx.db, row.userId), await operatorNames(ctx.db));
}
