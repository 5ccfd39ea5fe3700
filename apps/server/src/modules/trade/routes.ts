import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { providerCause, refuseWithStatus, route } from "../../http/route";
import { withCause } from "../../db/cause";
import { providerOf } from "./providers";
import {
  accountDetail,
  cancelOrder,
  eepayBalance,
  eepayEnterUrl,
  statement,
  userBillDetails,
  userSelfTransfer,
} from "./account";
import { createPayee, payeeCardsOf, removeCard, updatePrimary } from "./cards";
import { handleNotification } from "./notify";
import {
  confirmPaid,
  expireRecharge,
  orderDetail,
  orderDetailById,
  payConfig,
  rechargeGold,
  unfinishedOrders,
} from "./recharge";
import { payoutJob, payoutQueryJob } from "./payout";
import { withdrawConfig, withdrawEEPay, withdrawal, withdrawalDetail } from "./withdraw";
import { confirmReceived, unfinishedWithdraw, urgeWithdraw, withdrawByOrderNum } from "./withdraw-actions";

/** Trade (spec §7): balances, recharge, orders, withdrawals, cards, transfers, the e-wallet. */
export function tradeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "trade.accountDetail", "user", ({ caller }) => accountDetail(ctx, caller.userId));
  route(app, ctx, "trade.userSelfTransfer", "user", (input) => userSelfTransfer(ctx, input));
  route(app, ctx, "trade.statement", "user", (input) => statement(ctx, input));
  route(app, ctx, "trade.payConfig", "user", (input) => Promise.resolve(payConfig(ctx, input)));
  route(app, ctx, "trade.rechargeGold", "user", (input) => rechargeGold(ctx, input));
  route(app, ctx, "trade.unfinishedOrders", "user", (input) => unfinishedOrders(ctx, input));
  route(app, ctx, "trade.orderDetail", "user", (input) => orderDetail(ctx, input));
  route(app, ctx, "trade.orderDetailById", "user", (input) => orderDetailById(ctx, input));
  route(app, ctx, "trade.userBillDetails", "user", (input) => userBillDetails(ctx, input));
  route(app, ctx, "trade.cancelOrder", "user", (input) => cancelOrder(ctx, input));
  route(app, ctx, "trade.confirmPaid", "user", (input) => confirmPaid(ctx, input));
  route(app, ctx, "trade.withdrawConfig", "user", () => Promise.resolve(withdrawConfig(ctx)));
  route(app, ctx, "trade.withdrawalDetail", "user", (input) => withdrawalDetail(ctx, input));
  route(app, ctx, "trade.withdrawal", "user", (input) => withdrawal(ctx, input));
  route(app, ctx, "trade.withdrawEEPay", "user", (input) => withdrawEEPay(ctx, input));
  route(app, ctx, "trade.unfinishedWithdraw", "user", (input) => unfinishedWithdraw(ctx, input));
  route(app, ctx, "trade.withdrawByOrderNum", "user", (input) => withdrawByOrderNum(ctx, input));
  route(app, ctx, "trade.urgeWithdraw", "user", (input) => urgeWithdraw(ctx, input));
  route(app, ctx, "trade.confirmReceived", "user", (input) => confirmReceived(ctx, input));
  route(app, ctx, "trade.createPayee", "user", (input) => createPayee(ctx, input));
  route(app, ctx, "trade.payeeCards", "user", (input) => payeeCardsOf(ctx, input));
  route(app, ctx, "trade.removeCard", "user", (input) => removeCard(ctx, input));
  route(app, ctx, "trade.updatePrimary", "user", (input) => updatePrimary(ctx, input));
  route(app, ctx, "trade.eepayEnterUrl", "user", (input) => eepayEnterUrl(ctx, input));
  route(app, ctx, "trade.eepayBalance", "user", (input) => eepayBalance(ctx, input));

  // Providers' notifications: not a contract call (providers sign them; no bearer, no envelope).
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
      done(null, body);
    });
    // What was refused before the handler read it (over the body limit, not JSON) answers its own
    // HTTP status: a provider must not take a refusal for a receipt.
    refuseWithStatus(scope);
    scope.post("/api/trade/notify/:channel", async (request, reply) => {
      const { channel } = request.params as { channel: string };
      const signature = request.headers["x-pay-signature"];
      const outcome = await withCause(
        providerCause(request, providerOf(ctx, channel)?.channel ?? "unknown"),
        () =>
          handleNotification(
            ctx,
            channel,
            typeof signature === "string" ? signature : undefined,
            typeof request.body === "string" ? request.body : "",
          ),
      );
      return reply.status(outcome.status).send(outcome.body);
    });
    done();
  });

  ctx.jobs.register("recharge.expire", (payload) => expireRecharge(ctx, payload), "money");
  ctx.jobs.register("withdraw.payout", (payload) => payoutJob(ctx, payload), "money");
  ctx.jobs.register("withdraw.query", (payload) => payoutQueryJob(ctx, payload), "money");
}
