import type { PlatformApi } from "@platform/api-client";
import { isApiError } from "@platform/api-client";
import { formatAmount } from "@platform/domain";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, registerAccount, screenshot, signInQuickly } from "./browser";
import { gold, payOnProviderPage, rechargeOnProviderPage } from "./trading";

// The game lobby against the real server and its sandbox game provider (decision 0021): gold into
// the game with its bonus and the bets it requires, a game entered and played on the provider's page
// (the e2e server's die always shows 6: every bet wins twice its amount), back to the lobby, and the
// game balance refused back to gold while bets are due. A fresh account, so no seeded balance moves.

const e2e = e2eBrowser();

/** What /game shows as the balances (its test ids), as the server's figures are written. */
async function balancesShown(page: Page) {
  const figure = async (id: string) => (await page.getByTestId(`game-balance-${id}`).textContent()) ?? "";
  return { gold: await figure("gold"), game: await figure("game"), bonus: await figure("bonus") };
}

/** The server's balances of the person, written as the page writes them. */
async function serverBalances(api: PlatformApi) {
  const balance = await api.game.userBalance();
  return {
    shown: {
      gold: formatAmount(balance.gold),
      game: formatAmount(balance.game),
      bonus: formatAmount(balance.gameBonus),
    },
    balance,
  };
}

/** The server's refusal of moving the game balance back to gold (null if it was not refused). */
async function refusalOfGameToGold(api: PlatformApi): Promise<{ msgKey: string | null; msg: string } | null> {
  try {
    await api.trade.userSelfTransfer({ fromType: "GAME", toType: "GOLD", amount: 100 });
    return null;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { msgKey: error.msgKey, msg: error.msg };
  }
}

/** Before the app starts: the language a person chose (localStorage `language`), for every page. */
async function inEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    localStorage.setItem("language", "enUS");
  });
}

describe("the game lobby", () => {
  it("moves gold into the game, plays Lucky Dice on the provider's page, comes back to the server's balances", async () => {
    const { context, page } = await e2e.phone();
    const account = await registerAccount();
    const { api } = await signInQuickly(context, account);

    // 100.00 of gold, recharged on the sandbox bank's page.
    await rechargeOnProviderPage(page, /银行转账/, "100");
    await payOnProviderPage(page);
    await expect.poll(() => gold(api), { timeout: 20_000 }).toBe(10_000);

    // The lobby: the tab bar's 'game', the seeded games under their categories.
    await page.goto("/game");
    const balances = page.getByRole("region", { name: "我的余额" });
    await expect
      .poll(() => balancesShown(page), { timeout: 15_000 })
      .toEqual({
        gold: "100.00",
        game: "0.00",
        bonus: "0.00",
      });
    expect(await balances.getByTestId("game-condition").count()).toBe(0);
    const lobby = page.getByRole("region", { name: "游戏大厅" });
    await expect
      .poll(() => lobby.getByRole("heading", { name: "休闲" }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await lobby.getByRole("list", { name: "热门" }).getByRole("button").allTextContents()).toEqual([
      "豪华骰子",
    ]);

    // 50.00 into the game: the form says the bonus (10 %) and the bets it will require first.
    const form = page.getByRole("region", { name: "金币与游戏余额互转" });
    await form.getByRole("radio", { name: "金币 → 游戏余额" }).check();
    await form.getByLabel("转账金额").fill("50");
    await expect
      .poll(() => form.getByTestId("game-transfer-preview").textContent())
      .toBe("将赠送 5.00 奖金；转入后需投注满 500.00 才能解锁奖金并转回金币");
    // Nothing moves before the confirmation sheet: the amount, the gold before and after, and the
    // betting condition in numbers (spec §9: 10 × 50.00 + the 0.00 held before).
    await form.getByRole("button", { name: "确认转账" }).click();
    const sheet = page.getByRole("dialog", { name: "确认转入游戏" });
    await sheet.waitFor({ timeout: 15_000 });
    expect(await sheet.getByTestId("pay-confirm-amount").textContent()).toBe("50.00 金币");
    expect(await sheet.getByTestId("pay-confirm-balance").textContent()).toBe("100.00 金币");
    expect(await sheet.getByTestId("pay-confirm-after").textContent()).toBe("50.00 金币");
    expect(await sheet.getByTestId("pay-confirm-condition").textContent()).toBe(
      "转入后需投注满 500.00（转入金额的 10 倍 500.00 加转入前的游戏余额 0.00），奖金才解锁，游戏余额才能转回金币。",
    );
    await screenshot(page, "game-transfer-sheet-zh");
    expect((await serverBalances(api)).balance).toMatchObject({ gold: 10_000, game: 0, gameBonus: 0 });
    // Cancel moves nothing.
    await sheet.getByRole("button", { name: "取消" }).click();
    await sheet.waitFor({ state: "detached" });
    expect((await serverBalances(api)).balance).toMatchObject({
      gold: 10_000,
      game: 0,
      gameBonus: 0,
      wagerRemaining: 0,
    });
    // Confirm moves it.
    await form.getByRole("button", { name: "确认转账" }).click();
    await sheet.getByRole("button", { name: "确认转入" }).click();
    await page.getByText("转账成功").waitFor({ timeout: 15_000 });
    const afterTransfer = await serverBalances(api);
    expect(afterTransfer.balance).toMatchObject({
      gold: 5_000,
      game: 5_000,
      gameBonus: 500,
      wagerRemaining: 50_000,
    });
    await expect.poll(() => balancesShown(page), { timeout: 15_000 }).toEqual(afterTransfer.shown);
    await expect
      .poll(() => balances.getByTestId("game-condition").textContent())
      .toBe("还需投注 500.00 才能解锁奖金，并把游戏余额转回金币");

    // Back to gold is explained, not sent; the server would refuse it with the same condition.
    await form.getByRole("radio", { name: "游戏余额 → 金币" }).check();
    await expect.poll(() => form.getByText("还需投注 500.00 才能把游戏余额转回金币").count()).toBe(1);
    expect(await refusalOfGameToGold(api)).toEqual({
      msgKey: "server.gameWagerPending",
      msg: "还需投注 500.00 才能解锁游戏奖励并把游戏余额转回金币",
    });

    // Lucky Dice: the whole window goes to the provider's page, which plays with 55.00.
    await lobby.getByRole("button", { name: "幸运骰子" }).click();
    await page.waitForURL(/\/sandbox\/game\/play\?/, { timeout: 15_000 });
    await expect.poll(() => page.getByText("可用余额：55.00").count(), { timeout: 15_000 }).toBe(1);
    // The lobby said the same figure under the same words before the game opened (checked below
    // on the way back too).
    await page.getByLabel("下注金额").fill("10");
    const betSent = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().includes("/sandbox/game/play"),
    );
    await page.getByRole("button", { name: "下注并掷骰子" }).click();
    const bet = await betSent;
    await expect.poll(() => page.getByText("掷出 6 点：赢得 19.00").count(), { timeout: 15_000 }).toBe(1);
    // Twice the bet less the sandbox's 5 % house edge (decision 0023).
    expect(await page.getByText("可用余额：64.00").count()).toBe(1);

    // Back to the platform: the lobby shows what the server holds now.
    await page.getByRole("link", { name: "返回平台" }).click();
    await page.waitForURL((url) => url.pathname === "/game", { timeout: 15_000 });
    const afterPlay = await serverBalances(api);
    // The bet came out of the game balance and the win went into it; 10.00 of the bets are done.
    expect(afterPlay.balance).toMatchObject({
      gold: 5_000,
      game: 5_900,
      gameBonus: 500,
      wagerRemaining: 49_000,
    });
    await expect.poll(() => balancesShown(page), { timeout: 15_000 }).toEqual(afterPlay.shown);
    // The game's page showed 64.00 to play; the lobby shows the same figure under the same label.
    expect(await page.getByTestId("game-balance-playable").textContent()).toBe("64.00");
    await expect
      .poll(() => balances.getByTestId("game-condition").textContent())
      .toBe("还需投注 490.00 才能解锁奖金，并把游戏余额转回金币");

    // The browser's Back from the lobby: the table as it was after the round (it was reached by a
    // redirect, so nothing is sent again and no 'resubmit the form?'), then Forward to the lobby.
    await page.goBack();
    await page.waitForURL(/\/sandbox\/game\/table\?/, { timeout: 15_000 });
    await page.getByText("可用余额：64.00").waitFor({ timeout: 15_000 });
    await page.goForward();
    await page.waitForURL((url) => url.pathname === "/game", { timeout: 15_000 });
    await expect.poll(() => balancesShown(page), { timeout: 15_000 }).toEqual(afterPlay.shown);

    // The same bet sent again (a resubmitted form): the provider's bet and win callbacks are replayed
    // with the same transaction ids, and the wallet charges and pays them once: nothing moves.
    const replay = await page.request.post(bet.url(), {
      data: bet.postData() ?? "",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(replay.status()).toBe(200);
    expect(await replay.text()).toContain("这一局已经结算过了，没有再次下注");
    expect((await serverBalances(api)).balance).toMatchObject({
      gold: 5_000,
      game: 5_900,
      wagerRemaining: 49_000,
    });

    // Still bets due: the game balance stays in the game.
    await form.getByRole("radio", { name: "游戏余额 → 金币" }).check();
    await form.getByLabel("转账金额").fill("60");
    await form.getByRole("button", { name: "确认转账" }).click();
    await expect.poll(() => form.getByText("还需投注 490.00 才能把游戏余额转回金币").count()).toBe(1);
    expect((await refusalOfGameToGold(api))?.msgKey).toBe("server.gameWagerPending");
    expect((await serverBalances(api)).balance).toMatchObject({ gold: 5_000, game: 5_900 });
  });

  it("names the games, their categories and the lobby in English, and enters and leaves a game", async () => {
    const { context, page } = await e2e.phone();
    await inEnglish(context);
    await signInQuickly(context, demo.ordinary);
    await page.goto("/game");
    await page.getByRole("heading", { name: "Games", level: 1 }).waitFor({ timeout: 15_000 });
    const lobby = page.getByRole("region", { name: "Game lobby" });
    await expect
      .poll(() => lobby.getByRole("heading", { level: 3 }).allTextContents(), { timeout: 15_000 })
      .toEqual(["Casual", "Popular"]);
    expect(await lobby.getByRole("list", { name: "Casual" }).getByRole("button").allTextContents()).toEqual([
      "Lucky Dice",
    ]);
    expect(await lobby.getByRole("list", { name: "Popular" }).getByRole("button").allTextContents()).toEqual([
      "Deluxe Dice",
    ]);
    const balances = page.getByRole("region", { name: "My balances" });
    await balances.getByText("Locked bonus").waitFor();
    await balances.getByText("Balance to play").waitFor();
    const form = page.getByRole("region", { name: "Move between gold and the game" });
    expect(await form.count()).toBe(1);
    // Gold into the game asks first, in English too (the condition only with a bonus).
    await form.getByLabel("Transfer amount").fill("0.01");
    await form.getByRole("button", { name: "Transfer" }).click();
    const sheet = page.getByRole("dialog", { name: "Confirm moving gold into the game" });
    await sheet.waitFor({ timeout: 15_000 });
    expect(await sheet.getByTestId("pay-confirm-amount").textContent()).toBe("0.01 Gold");
    await screenshot(page, "game-transfer-sheet-en");
    await sheet.getByRole("button", { name: "Cancel" }).click();
    await sheet.waitFor({ state: "detached" });

    // By keyboard: the way's radio, reached with Tab, is scrolled clear of the fixed tab bar.
    const way = page.getByRole("radio", { name: /^Gold → / });
    for (
      let presses = 0;
      presses < 20 && !(await way.evaluate((e) => e === document.activeElement));
      presses++
    )
      await page.keyboard.press("Tab");
    expect(await way.evaluate((e) => e === document.activeElement)).toBe(true);
    const tabBarTop = await page.locator(".pf-tab-bar").evaluate((e) => e.getBoundingClientRect().top);
    const wayBox = await way.evaluate((e) => e.closest("label")?.getBoundingClientRect().bottom ?? 0);
    expect(wayBox).toBeLessThanOrEqual(tabBarTop);

    // The provider's page speaks the app's language (the launch URL's `lang`, though this phone's
    // browser is Chinese); in and out again without a bet.
    await lobby.getByRole("button", { name: "Lucky Dice" }).click();
    await page.waitForURL(/\/sandbox\/game\/play\?/, { timeout: 15_000 });
    await page.getByRole("button", { name: "Bet and roll" }).waitFor();
    expect(await page.getByLabel("Bet").count()).toBe(1);
    await page.getByRole("link", { name: "Back to the platform" }).click();
    await page.waitForURL((url) => url.pathname === "/game", { timeout: 15_000 });
    await lobby.getByRole("button", { name: "Deluxe Dice" }).waitFor({ timeout: 15_000 });
  });
});
