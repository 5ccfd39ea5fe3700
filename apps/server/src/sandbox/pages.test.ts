import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, startPlatform, until } from "../../test/harness";
import type { TestPlatform } from "../../test/harness";
import { personWithGold } from "../../test/money";

/** A sandbox page as a browser in a language reads it. */
async function pageIn(url: string, language: string): Promise<string> {
  const response = await fetch(url, { headers: { "accept-language": language } });
  expect(response.status).toBe(200);
  return response.text();
}

/**
 * Issue 37, item 22: the sandbox bank's checkout reached again with Back, after paying, says the
 * payment's status in words, in one language, and goes back to the app's result page by itself.
 */
eachDatabase("the sandbox checkout reached again", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform(target);
  });
  afterAll(() => platform.close());

  it("is in one language, words the status, and returns to the app's result page", async () => {
    const { api } = await personWithGold(platform);
    const order = await api.trade.rechargeGold({ amount: 10_000, payMethod: "BANK_SM" });
    const payUrl = order.payUrl ?? "";

    const fresh = await pageIn(payUrl, "zh-CN,zh;q=0.9");
    expect(fresh).toContain("<h1>银行沙箱收银台</h1>");
    expect(fresh).toContain("应付金额：100.00 元");
    expect(fresh).not.toMatch(/Bank|EEPay|Merchant/);

    const paid = await fetch(payUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "do=pay",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const returnUrl = paid.headers.get("location") ?? "";
    expect(returnUrl).toBe(`${platform.server.origin}/trade?orderNum=${order.orderNum}`);

    // Back from the app: the page is no longer a checkout.
    const again = await pageIn(payUrl, "zh-CN");
    expect(again).not.toContain("<form");
    expect(again).not.toMatch(/PROCESSING|PAID|Bank/);
    expect(again).toMatch(/这笔支付(已提交，银行处理中|已支付)，正在返回商户/);
    expect(again).toContain(`<meta http-equiv="refresh" content="2;url=${returnUrl}">`);
    expect(again).toContain(`<a href="${returnUrl}">返回商户</a>`);

    await until(
      () => api.trade.orderDetail({ orderNum: order.orderNum }),
      (o) => o.status === "PAYMENT_SUCCESSFUL",
    );
    const english = await pageIn(payUrl, "en-US,en;q=0.9");
    expect(english).toContain("<h1>Bank sandbox checkout</h1>");
    expect(english).toContain("This payment is paid. Going back to the merchant…");
    expect(english).toContain(`<a href="${returnUrl}">Back to the merchant</a>`);
    expect(english).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
