import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { luhnBalanced } from "@platform/domain";
import { codeOf, e2eBrowser, inLanguage, registerAccount, screenshot, signInQuickly } from "./browser";
import { gold, rechargeOnProviderPage } from "./trading";

// Step 19's money journeys (issue 37, items 10, 11 and 15) in both languages: a recharge's result
// never shows success beside the old balance; /trade opened cold goes home and keeps the method
// chosen before the bank; a card added from /withdraw comes back to it, chosen; an urge the server
// refuses says why and what to do.

const e2e = e2eBrowser();

const words = {
  zh: {
    back: "返回",
    bank: /银行转账/,
    result: "充值结果",
    success: "支付成功",
    changeCard: "更换银行卡",
    addCard: "添加银行卡",
    cardNumber: "银行卡号",
    holder: "持卡人",
    bankName: "开户银行",
    getCode: "获取验证码",
    code: "验证码",
    confirmAdd: "确认添加",
    amount: "提现金额",
    reserved: /^预约提现/,
    withdraw: "确认提现",
    urge: "催单",
    urgeNow: "确认催单",
    cancelledUrge: "这笔提现已取消，金币已退回账户，无需催单；如仍需提现，请重新提交",
  },
  en: {
    back: "Back",
    bank: /Bank transfer/,
    result: "Recharge result",
    success: "Payment successful",
    changeCard: "Change card",
    addCard: "Add bank card",
    cardNumber: "Card number",
    holder: "Cardholder",
    bankName: "Bank",
    getCode: "Get code",
    code: "Code",
    confirmAdd: "Add card",
    amount: "Withdrawal amount",
    reserved: /^Reserved/,
    withdraw: "Withdraw",
    urge: "Urge",
    urgeNow: "Urge now",
    cancelledUrge:
      "This withdrawal was cancelled and the gold returned to your account: there is nothing to urge. To withdraw, make a new withdrawal",
  },
} as const;

let cards = 0;
/** A card number nobody in this run has bound, ending 0008 (the sandbox bank pays it). */
function sandboxCard(): string {
  cards++;
  const body = `6223${String(process.pid % 100_000).padStart(5, "0")}${String(700 + cards).padStart(4, "0")}`;
  return luhnBalanced(`${body}00008`, 13);
}

/**
 * Samples, on every frame of each page, what the recharge result and the balances read: the
 * result's status never shows success beside the old balance (item 10). `t` is ms since the page
 * (the return from the bank) began to load.
 */
function recordFrames(page: Page) {
  return page.addInitScript(() => {
    const samples: { t: number; status: string; balances: string }[] = [];
    (window as unknown as { samples: typeof samples }).samples = samples;
    const sample = () => {
      const status = document.querySelector(".h5-trade-result__status")?.textContent ?? "";
      const balances = document.querySelector(".h5-trade-balances")?.textContent ?? "";
      if (status !== "") samples.push({ t: performance.now(), status, balances });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

describe.each(["zh", "en"] as const)("Step 19's money journeys (%s)", (lang) => {
  const w = words[lang];

  it("recharges: success only beside the new balance; /trade cold goes home and keeps the method; a card added from /withdraw comes back chosen; a refused urge says why", async () => {
    const { context, page } = await e2e.phone();
    await inLanguage(page, lang);
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);

    // (b) Opened cold (no history), /trade's back arrow goes home.
    await page.goto("/trade");
    await page.getByRole("button", { name: w.back }).click();
    await page.waitForURL("**/home");

    // (a) A new user recharges 100.00 on the sandbox bank (not the first method offered).
    await recordFrames(page);
    if (lang === "zh") await rechargeOnProviderPage(page, w.bank, "100");
    else {
      await page.goto("/trade");
      const form = page.getByRole("region", { name: "Recharge gold" });
      await form.getByRole("radio", { name: w.bank }).check();
      await form.getByLabel("Recharge amount").fill("100");
      await form.getByRole("button", { name: "Recharge now" }).click();
      await page.waitForURL(/\/sandbox\/pay\/\w+\/checkout\//, { timeout: 15_000 });
    }
    await page.getByRole("button", { name: /确认支付|^Pay$/ }).click();
    await page.waitForURL(/\/trade\?orderNum=R/);
    const result = page.getByRole("region", { name: w.result });
    await expect.poll(() => result.getByText(w.success).count(), { timeout: 20_000 }).toBe(1);
    const samples = await page.evaluate(
      () => (window as unknown as { samples: { t: number; status: string; balances: string }[] }).samples,
    );
    const successes = samples.filter((s) => s.status.includes(w.success));
    expect(successes.length).toBeGreaterThan(0);
    for (const s of successes) expect(s.balances).toContain("100.00");
    const firstSuccess = successes[0]?.t ?? Number.NaN;
    console.log(`[${lang}] from the return to 'payment successful': ${firstSuccess.toFixed(0)} ms`);
    expect(await gold(api)).toBe(10_000);
    // (b) The method chosen before the bank is still chosen after the return.
    expect(await page.getByRole("radio", { name: w.bank }).isChecked()).toBe(true);
    await screenshot(page, `recharge-result-${lang}`);

    // (c) A first card (by the API), then on /withdraw: change card → add a card → back, chosen.
    await api.user.sendValidateCode({ phoneNumbers: account.mobile, type: "PAYEE" });
    const firstCode = await codeOf(account.mobile, "PAYEE");
    await api.trade.createPayee({
      cardNumber: sandboxCard(),
      cardholderName: "新用户",
      bankName: "招商银行",
      code: firstCode,
    });
    await page.goto("/withdraw");
    await page.getByRole("button", { name: w.changeCard }).click();
    await page.getByRole("link", { name: w.addCard }).click();
    await page.waitForURL("**/addbankcard?from=%2Fwithdraw");
    await page.getByLabel(w.cardNumber).fill(sandboxCard());
    await page.getByLabel(w.holder).fill("新用户");
    await page.getByLabel(w.bankName, { exact: true }).fill("中国银行");
    await page.getByRole("button", { name: w.getCode }).click();
    await page.getByLabel(w.code, { exact: true }).fill(await codeOf(account.mobile, "PAYEE", firstCode));
    await page.getByRole("button", { name: w.confirmAdd }).click();
    await page.waitForURL(/\/withdraw\?card=\d+/, { timeout: 15_000 });
    const chosen = page.locator(".h5-trade-card-choice");
    await expect.poll(() => chosen.textContent(), { timeout: 10_000 }).toContain("中国银行");
    const added = (await api.trade.payeeCards()).find((c) => c.bankName === "中国银行");

    // (d) A reserved withdrawal to it; cancelled meanwhile, the urge is refused with the reason.
    await page.getByLabel(w.amount).fill("20");
    await page.getByRole("radio", { name: w.reserved }).check();
    await page.getByRole("button", { name: w.getCode }).click();
    await page.getByLabel(w.code, { exact: true }).fill(await codeOf(account.mobile, "WITHDRAW"));
    await page.getByRole("button", { name: w.withdraw }).click();
    await page.waitForURL(/\/orderdetails\?.*orderNum=W/, { timeout: 15_000 });
    const orderNum = new URL(page.url()).searchParams.get("orderNum") ?? "";
    const order = await api.trade.withdrawByOrderNum({ orderNum });
    expect(order.cardNumber?.slice(-4)).toBe(added?.cardNumber.slice(-4));
    await screenshot(page, `order-details-${lang}`);
    await page.getByRole("button", { name: w.urge, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: w.urge });
    await dialog.waitFor();
    await api.trade.cancelOrder({ orderNum, reason: "" });
    await dialog.getByRole("button", { name: w.urgeNow }).click();
    await expect.poll(() => page.getByText(w.cancelledUrge).count(), { timeout: 10_000 }).toBe(1);
    // The dialog closes and the order is read again: cancelled, nothing left to press.
    await expect
      .poll(() => page.getByRole("button", { name: w.urge, exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    await screenshot(page, `urge-refused-${lang}`);
  });
});
