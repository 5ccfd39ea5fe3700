import { PriceFilter, WatchLevel, formatAmount, luhnBalanced } from "@platform/domain";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { e2eBrowser, lastSmsCode, myTab, registerAccount, signInQuickly } from "./browser";
import { gold, rechargeOnProviderPage } from "./trading";
import { detailsOf, playing, quickest } from "./watching";

// The money screens against the real server and its payment sandbox: recharging (to the provider's
// page and back), the 'unfinished recharge' refusal, cancelling from the order list, bank cards and
// the withdrawal rules. Every journey uses a fresh account, so the seeded balances other journeys
// read never move.

const e2e = e2eBrowser();

/** A Luhn-valid test card number (the app checks the digit rule before the server sees it). */
const CARD_NUMBER = "6222021234567890128";

/** The order number of the recharge the app just started, as the server lists it. */
async function newestRechargeNumber(api: Awaited<ReturnType<typeof signInQuickly>>["api"]): Promise<string> {
  const { records } = await api.trade.userBillDetails({ tab: "RECHARGE_ORDER", current: 1, size: 10 });
  const first = records[0];
  if (first === undefined) throw new Error("no recharge order was made");
  return first.orderNum;
}

/** Types an amount into /trade's recharge form (the bank transfer: a RANGE method) and submits. */
async function startRecharge(page: Page, amount: string): Promise<void> {
  await page.goto("/trade");
  const form = page.getByRole("region", { name: "充值金币" });
  await form.getByRole("radio", { name: /银行转账/ }).check();
  await form.getByLabel("充值金额").fill(amount);
  await form.getByRole("button", { name: "立即充值" }).click();
}

let cards = 0;
/**
 * A card number nobody in this run has bound (a card is one person's at a time, decision 0023),
 * ending as the sandbox bank reads it (decision 0014): 0008 it pays, 0002 it refuses payouts to.
 */
function sandboxCard(last4: "0008" | "0002"): string {
  cards++;
  const body = `6222${String(process.pid % 100_000).padStart(5, "0")}${String(900 + cards).padStart(4, "0")}`;
  return luhnBalanced(`${body}0${last4}`, 13);
}

/** The balances /trade shows, as text. */
async function balancesShown(page: Page): Promise<string> {
  return (await page.getByRole("region", { name: "我的余额" }).textContent()) ?? "";
}

/**
 * Waits for the "code sent" toast after a tap on 'get code'; if it does not come, fails saying what
 * the page showed instead (its toasts and its fields' errors), so a rare failure names its cause.
 */
async function codeSent(page: Page): Promise<void> {
  try {
    await expect.poll(() => page.getByText("验证码已发送").count(), { timeout: 15_000 }).toBe(1);
  } catch (error) {
    const shown = await page.locator(".pf-toast, [role=alert]").allTextContents();
    throw new Error(`no "code sent" toast at ${page.url()}; the page showed: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}

/** Add a bank card on /addbankcard with the SMS code the sandbox sent. */
async function addCard(page: Page, mobile: string, number: string): Promise<void> {
  await page.goto("/addbankcard");
  await page.getByLabel("银行卡号").fill(number);
  await page.getByLabel("持卡人").fill("新用户");
  await page.getByLabel("开户银行").fill("招商银行");
  await page.getByRole("button", { name: "获取验证码" }).click();
  await codeSent(page);
  await page.getByLabel("验证码").fill(await lastSmsCode(mobile));
  await page.getByRole("button", { name: "确认添加" }).click();
  await page.waitForURL("**/cardmanage", { timeout: 15_000 });
}

/** Withdraw on /withdraw (the current card) and land on the order's detail page. */
async function withdraw(page: Page, mobile: string, amount: string, timing: RegExp, path = "/withdraw") {
  await page.goto(path);
  await page.getByLabel("提现金额").fill(amount);
  await page.getByRole("radio", { name: timing }).check();
  await page.getByRole("button", { name: "获取验证码" }).click();
  await codeSent(page);
  await page.getByLabel("验证码").fill(await lastSmsCode(mobile));
  await page.getByRole("button", { name: "确认提现" }).click();
  await page.waitForURL(/\/orderdetails\?.*orderNum=W/, { timeout: 15_000 });
  return new URL(page.url()).searchParams.get("orderNum") ?? "";
}

describe("a new user's money, end to end", () => {
  it("recharges 100.00 on the bank's page, buys, adds a card, withdraws 50.00, urges, is paid, confirms", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);

    await rechargeOnProviderPage(page, /银行转账/, "100");
    await page.getByRole("button", { name: /确认支付|^Pay$/ }).click();
    await page.waitForURL(/\/trade\?orderNum=R/);
    const result = page.getByRole("region", { name: "充值结果" });
    // The bank's notification lands (PROCESSING, then PAID, each twice): the panel follows it.
    await expect.poll(() => result.getByText("支付成功").count(), { timeout: 20_000 }).toBe(1);
    expect(await gold(api)).toBe(10_000);
    await expect.poll(() => balancesShown(page), { timeout: 10_000 }).toContain("100.00");

    // Buy a CHARGE video with it, as a viewer does: the trial ends, the buy popup, 'buy'.
    const affordable = (await detailsOf(api, PriceFilter.paid)).filter(
      (v) => v.watchLevel === WatchLevel.CHARGE && !v.privileges.buyInfo.isBuy && v.amount <= 10_000,
    );
    const video = quickest(affordable);
    await playing(page, video.id);
    const popup = page.getByRole("dialog", { name: "购买视频" });
    await popup.waitFor({ timeout: 30_000 });
    await popup.getByRole("button", { name: "购买", exact: true }).click();
    await page.getByText("购买成功").waitFor();
    const afterBuy = await gold(api);
    expect(afterBuy).toBeLessThan(10_000);
    expect((await api.substance.getInfoById({ id: video.id })).privileges.buyInfo.isBuy).toBe(true);
    await page.goto("/trade");
    await expect.poll(() => balancesShown(page), { timeout: 10_000 }).toContain(formatAmount(afterBuy));

    await addCard(page, account.mobile, sandboxCard("0008"));
    const orderNum = await withdraw(page, account.mobile, "50", /^预约提现/);
    expect(await gold(api)).toBe(afterBuy - 5000);
    await expect.poll(() => page.getByText("提现中").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Reserved: it waits for the batch; urged, it goes now (as a normal withdrawal: the app says
    // first that the reserved bonus goes with the batch) and the button says so.
    await page.getByRole("button", { name: "催单" }).click();
    const urge = page.getByRole("dialog", { name: "催单" });
    await urge.waitFor();
    expect(await urge.textContent()).toContain("不再获得预约提现的 1% 奖励");
    await urge.getByRole("button", { name: "确认催单" }).click();
    await expect
      .poll(() => page.getByRole("button", { name: "已催单" }).count(), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(() => page.getByText("提现成功").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "确认收款" }).click();
    await expect
      .poll(async () => (await api.trade.withdrawByOrderNum({ orderNum })).receiptConfirmed, {
        timeout: 10_000,
      })
      .toBe(true);
    // Urged out of its batch, it earned no reserved bonus; what the page shows is the server's.
    expect(await gold(api)).toBe(afterBuy - 5000);
    expect((await api.trade.withdrawByOrderNum({ orderNum })).bonusAmount).toBe(0);
    await page.goto("/trade");
    await expect
      .poll(() => balancesShown(page), { timeout: 10_000 })
      .toContain(formatAmount(afterBuy - 5000));
  });

  it("abandons a payment then cancels it; pays a different amount (COMPLETE_CHANGE); a refused payout returns the gold and is withdrawn again", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);

    // Abandoned on the provider's page: back to the app, the order still PAYING; then cancelled.
    await rechargeOnProviderPage(page, /商户支付/, "100.00");
    await page.getByRole("button", { name: /放弃支付并返回|Abandon/ }).click();
    await page.waitForURL(/\/trade\?orderNum=R/);
    const abandoned = new URL(page.url()).searchParams.get("orderNum") ?? "";
    await expect
      .poll(() => page.getByRole("region", { name: "充值结果" }).getByText("支付中").count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await api.trade.cancelOrder({ orderNum: abandoned, reason: "不想充了" });

    // Paid a different amount: credited what was paid.
    await rechargeOnProviderPage(page, /银行转账/, "100");
    await page.getByLabel(/支付其他金额|Pay a different amount/).fill("80.50");
    await page.getByRole("button", { name: /支付其他金额|Pay a different amount/ }).click();
    await page.waitForURL(/\/trade\?orderNum=R/);
    const result = page.getByRole("region", { name: "充值结果" });
    await expect.poll(() => result.getByText("成功（金额有差异）").count(), { timeout: 20_000 }).toBe(1);
    expect(await result.textContent()).toContain("80.50");
    expect(await gold(api)).toBe(8050);

    // A card the bank refuses payouts to: the withdrawal fails, the gold comes back.
    await addCard(page, account.mobile, sandboxCard("0002"));
    const failed = await withdraw(page, account.mobile, "30", /^普通提现/);
    await expect.poll(() => page.getByText("提现失败").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.textContent("main")).toContain("银行信息有误");
    expect(await gold(api)).toBe(8050);

    // A good card made current, then 'withdraw again' from the failed order.
    await addCard(page, account.mobile, sandboxCard("0008"));
    const bound = await api.trade.payeeCards();
    const good = bound.find((c) => c.cardNumber.endsWith("0008"));
    await api.trade.updatePrimary({ id: good?.id ?? "" });
    await page.goto(`/orderdetails?page=WITHDRAW_ORDER&orderNum=${failed}`);
    await page.getByRole("button", { name: "重新提现" }).click();
    await page.waitForURL(/\/withdraw\?retryOf=/);
    const again = await withdraw(
      page,
      account.mobile,
      "30",
      /^普通提现/,
      new URL(page.url()).pathname + new URL(page.url()).search,
    );
    await expect.poll(() => page.getByText("提现成功").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect((await api.trade.withdrawByOrderNum({ orderNum: again })).retriesToday).toBe(1);
    expect(await gold(api)).toBe(5050);
  });
});

describe("money", () => {
  it("recharges through the provider's page, follows the order back, refuses a second one, cancels it", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);

    // A sandbox pay method is marked as such.
    await page.goto("/trade");
    await expect
      .poll(() => page.getByText("沙盒", { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // Recharging sends the whole window to the provider's page.
    await startRecharge(page, "100");
    await page.waitForURL((url) => url.pathname !== "/trade", { timeout: 15_000 });
    const orderNum = await newestRechargeNumber(api);

    // The provider sends the browser back with the order number: the result panel follows it.
    await page.goto(`/trade?orderNum=${orderNum}`);
    const result = page.getByRole("region", { name: "充值结果" });
    await expect.poll(() => result.getByText("支付中").count(), { timeout: 15_000 }).toBe(1);
    expect(await result.getByRole("link", { name: "查看订单详情" }).getAttribute("href")).toBe(
      `/orderdetails?page=RECHARGE_ORDER&orderNum=${orderNum}`,
    );

    // While it is unfinished, a new recharge is refused, with a way to the orders.
    await startRecharge(page, "50");
    const refusal = page.getByRole("alert").filter({ hasText: "未完成的充值订单" });
    await expect.poll(() => refusal.count(), { timeout: 15_000 }).toBe(1);
    await refusal.getByRole("link", { name: "查看订单" }).click();
    await page.waitForURL("**/ordermanage?tab=RECHARGE_ORDER");

    // Cancelled from the list, with a reason (more than 50 characters is refused first).
    const row = page.getByRole("listitem").filter({ hasText: orderNum });
    await row.getByRole("button", { name: "取消订单" }).click();
    const dialog = page.getByRole("alertdialog", { name: "取消订单" });
    await dialog.getByLabel("取消原因（选填）").fill("太".repeat(51));
    await dialog.getByRole("button", { name: "确认取消" }).click();
    await expect.poll(() => dialog.getByText("原因最多 50 个字").count()).toBe(1);
    await dialog.getByLabel("取消原因（选填）").fill("换一种方式支付");
    await dialog.getByRole("button", { name: "确认取消" }).click();
    await expect.poll(() => row.getByText("已取消").count(), { timeout: 15_000 }).toBe(1);
    const order = await api.trade.orderDetail({ orderNum });
    expect(order.status).toBe("CANCELLED");
    expect(order.cancelReason).toBe("换一种方式支付");
  });

  it("adds a bank card with an SMS code (a mistyped number refused first), then applies the withdrawal rules", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    await signInQuickly(context, account);

    // No card yet: withdrawing to a bank card asks for one first.
    await page.goto("/withdraw");
    await expect.poll(() => page.getByText("请先添加银行卡").count(), { timeout: 15_000 }).toBe(1);

    // Too little, and more than there is (a new account has nothing to withdraw).
    const amount = page.getByLabel("提现金额");
    await amount.fill("0.01");
    await expect.poll(() => page.getByText(/^单笔最低提现 .* 金币$/).count()).toBe(1);
    await amount.fill("100000");
    await expect.poll(() => page.getByText("超出可提现余额").count()).toBe(1);

    await page.getByRole("link", { name: "添加银行卡" }).first().click();
    // From /withdraw, adding a card comes back to it (Step 19).
    await page.waitForURL("**/addbankcard?from=*");
    await page.getByLabel("银行卡号").fill("6222021234567890127");
    await expect.poll(() => page.getByText("银行卡号校验未通过，请检查是否输错了数字").count()).toBe(1);
    await page.getByLabel("银行卡号").fill(CARD_NUMBER);
    await page.getByLabel("持卡人").fill("测试用户");
    await page.getByLabel("开户银行").fill("中国工商银行");
    await page.getByRole("button", { name: "获取验证码" }).click();
    await codeSent(page);
    await page.getByLabel("验证码").fill(await lastSmsCode(account.mobile));
    await page.getByRole("button", { name: "确认添加" }).click();
    // Added from /withdraw: back there with the new card chosen; the cards are on /cardmanage.
    await page.waitForURL("**/withdraw?card=*", { timeout: 15_000 });
    await page.goto("/cardmanage");
    const cards = page.getByRole("list", { name: "我的银行卡" });
    await expect.poll(() => cards.getByText("中国工商银行").count(), { timeout: 15_000 }).toBe(1);
    expect(await cards.getByText("当前", { exact: true }).count()).toBe(1);
    expect(await cards.textContent()).not.toContain(CARD_NUMBER);

    // The header's back on /addbankcard goes to /cardManage (spec §2).
    await page.goto("/addbankcard");
    await page.getByRole("button", { name: "返回" }).click();
    await page.waitForURL(/\/cardManage$/i);
  });

  it("the 'my' panel's recharge shortcut remembers the page, and /trade's back returns there", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    await signInQuickly(context, account);
    await page.goto("/home");
    await myTab(page).click();
    const panel = page.getByRole("dialog", { name: "我的" });
    await panel.getByRole("button", { name: "充值账户" }).click();
    await page.waitForURL("**/trade?from=%2Fhome");
    await page.getByRole("button", { name: "返回" }).click();
    await page.waitForURL("**/home");
  });

  it("recharges in English: the form, the provider's page and the result", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);
    await context.addInitScript(() => {
      localStorage.setItem("language", "enUS");
    });
    await page.goto("/trade");
    const form = page.getByRole("region", { name: "Recharge gold" });
    await form.getByRole("radio", { name: /Merchant payment/ }).check();
    await form.getByText("50.00", { exact: true }).click();
    await form.getByRole("button", { name: "Recharge now" }).click();
    await page.waitForURL(/\/sandbox\/pay\/merchant\/checkout\//, { timeout: 15_000 });
    await page.getByRole("button", { name: /确认支付|^Pay$/ }).click();
    await page.waitForURL(/\/trade\?orderNum=R/);
    const result = page.getByRole("region", { name: "Recharge result" });
    await expect.poll(() => result.getByText("Payment successful").count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => page.getByRole("region", { name: "My balances" }).textContent())
      .toContain("50.00");
    expect(await gold(api)).toBe(5000);
  });

  it("speaks English on the order list", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    await signInQuickly(context, account);
    await context.addInitScript(() => {
      localStorage.setItem("language", "enUS");
    });
    await page.goto("/ordermanage?tab=WITHDRAW_ORDER");
    await expect.poll(() => page.getByText("No withdrawal orders yet").count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole("tab", { name: "Recharge orders" }).click();
    await page.waitForURL("**/ordermanage?tab=RECHARGE_ORDER");
    await expect.poll(() => page.getByText("No recharge orders yet").count()).toBe(1);
  });
});
