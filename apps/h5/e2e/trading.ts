// Money in the journeys: recharging on the provider's (sandbox) page, the gold the server holds.
import type { PlatformApi } from "@platform/api-client";
import type { Page } from "playwright-core";

/** Recharge on /trade with a method (its radio's name) and an amount, and land on the provider's page. */
export async function rechargeOnProviderPage(page: Page, method: RegExp, amount: string): Promise<void> {
  await page.goto("/trade");
  const form = page.getByRole("region", { name: "充值金币" });
  await form.getByRole("radio", { name: method }).check();
  const typed = form.getByLabel("充值金额");
  if ((await typed.count()) > 0) await typed.fill(amount);
  else await form.getByText(amount, { exact: true }).click();
  await form.getByRole("button", { name: "立即充值" }).click();
  await page.waitForURL(/\/sandbox\/pay\/\w+\/checkout\//, { timeout: 15_000 });
}

/** Pays on the sandbox provider's page and waits to be back on /trade with the order. */
export async function payOnProviderPage(page: Page): Promise<void> {
  await page.getByRole("button", { name: /确认支付|^Pay$/ }).click();
  await page.waitForURL(/\/trade\?orderNum=R/);
}

/** The gold the server says this person has (hundredths). */
export async function gold(api: PlatformApi): Promise<number> {
  return (await api.game.userBalance()).gold;
}
