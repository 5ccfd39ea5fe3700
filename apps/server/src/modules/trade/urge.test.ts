import { ServerMessageKey } from "@platform/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, failure, freshSmsCode, rowsOf, startPlatform, until } from "../../../test/harness";
import { personWithGold, testCard } from "../../../test/money";
import type { TestPlatform, signIn } from "../../../test/harness";

type Api = Awaited<ReturnType<typeof signIn>>["api"];

/**
 * Urging a withdrawal (issue 37): only a reserved one still waiting for its batch can be urged; each
 * refusal names its reason and what to do, in its own sentence (server.orderUrge*).
 */
eachDatabase("urging a withdrawal", (target) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    // The reserved batch an hour away (the default): a reserved withdrawal stays unsent here. The
    // bank's sandbox pays 4 s after a payout is sent (the suites' 0.1 s let a loaded machine see an
    // urged payout paid before the second urge asked).
    platform = await startPlatform(target, { SANDBOX_SETTLE_DELAY_MS: "4000" });
  });
  afterAll(() => platform.close());

  /** A person with a card (…0008 pays; …0002 the bank refuses) and a withdrawal of 20.00. */
  async function withdrawing(timing: "NORMAL" | "RESERVED", last4 = "0008") {
    const who = await personWithGold(platform, 10_000);
    await who.api.trade.createPayee({
      cardNumber: testCard(last4),
      cardholderName: "张三",
      bankName: "招商银行",
      code: await freshSmsCode(platform, who.api, who.mobile, "PAYEE"),
    });
    const order = await who.api.trade.withdrawal({
      amount: 2000,
      withdrawType: "BANK_WITHDRAW",
      timing,
      code: await freshSmsCode(platform, who.api, who.mobile, "WITHDRAW"),
    });
    return { api: who.api, orderNum: order.orderNum };
  }

  const refusalOf = async (api: Api, orderNum: string) => {
    const refused = await failure(api.trade.urgeWithdraw({ orderNum }));
    return { code: refused.code, msgKey: refused.msgKey };
  };
  const conflict = (msgKey: string) => ({ code: 409, msgKey });

  it("a reserved withdrawal waiting for its batch is urged once; a second urge says it was", async () => {
    const { api, orderNum } = await withdrawing("RESERVED");
    expect(await api.trade.withdrawByOrderNum({ orderNum })).toMatchObject({ sent: false, urge: 1 });
    expect(await api.trade.urgeWithdraw({ orderNum })).toMatchObject({ urge: 2, timing: "NORMAL" });
    expect(await refusalOf(api, orderNum)).toEqual(conflict(ServerMessageKey.orderAlreadyUrged));
  });

  it("a withdrawal already sent to the bank: wait for it (and the order says it was sent)", async () => {
    const { api, orderNum } = await withdrawing("RESERVED");
    await rowsOf(platform, `update withdraw_orders set submitted_at = now() where order_num = '${orderNum}'`);
    expect(await api.trade.withdrawByOrderNum({ orderNum })).toMatchObject({ sent: true });
    expect(await refusalOf(api, orderNum)).toEqual(conflict(ServerMessageKey.orderUrgeSent));
  });

  it("a normal withdrawal not sent yet: it already goes at once, nothing to urge", async () => {
    const { api, orderNum } = await withdrawing("RESERVED");
    await rowsOf(platform, `update withdraw_orders set timing = 'NORMAL' where order_num = '${orderNum}'`);
    expect(await refusalOf(api, orderNum)).toEqual(conflict(ServerMessageKey.orderUrgeNormal));
  });

  it("a paid withdrawal: nothing to urge", async () => {
    const { api, orderNum } = await withdrawing("NORMAL");
    await until(
      () => api.trade.withdrawByOrderNum({ orderNum }),
      (o) => o.status === "WITHDRAW_SUCCESS",
    );
    expect(await refusalOf(api, orderNum)).toEqual(conflict(ServerMessageKey.orderUrgeSettled));
  });

  it("a failed withdrawal: withdraw again", async () => {
    const { api, orderNum } = await withdrawing("NORMAL", "0002");
    await until(
      () => api.trade.withdrawByOrderNum({ orderNum }),
      (o) => o.status === "WITHDRAW_FAILED",
    );
    expect(await refusalOf(api, orderNum)).toEqual(conflict(ServerMessageKey.orderUrgeFailed));
  });

  it("a cancelled withdrawal: make a new one", async () => {
    const { api, orderNum } = await withdrawing("RESERVED");
    await api.trade.cancelOrder({ orderNum, reason: "" });
    expect(await refusalOf(api, orderNum)).toEqual(conflict(ServerMessageKey.orderUrgeCancelled));
  });
});
