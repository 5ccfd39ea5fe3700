import { ApiError } from "@platform/api-client";
import { Language } from "@platform/domain";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  byText,
  click,
  control,
  queryText,
  renderApp,
  settle,
  typeInto,
  waitFor,
} from "../../test/renderApp";
import { windowLocation } from "../trade/leave";
import { field, fieldError, testId } from "../trade/test/renderTrade";
import { GameScreen } from "./screens";
import { englishLobby, fakeGameApi } from "./test/fakeGameApi";

afterEach(() => {
  vi.restoreAllMocks();
});

type Fake = ReturnType<typeof fakeGameApi>;

/** /game as the app has it (its words from the game catalog) over the fake, once its balances are in. */
async function openGame(fake: Fake = fakeGameApi(), language: Language = Language.zhCN) {
  const app = await renderApp({ api: fake.api, path: "/game", pages: { "/game": GameScreen }, language });
  await waitFor(() => {
    expect(testId("game-balance-gold")).toBe("195.50");
  });
  return { ...fake, app };
}

/** The transfer form's way (its radio, by its words). */
async function chooseWay(name: string): Promise<void> {
  await click(control(name));
}

describe("/game balances", () => {
  it("shows gold, the game balance and the locked bonus with two decimals; the condition only while bets are due", async () => {
    const { app } = await openGame(fakeGameApi({ balance: { game: 12_345, gameBonus: 5 } }));
    expect(testId("game-balance-game")).toBe("123.45");
    expect(testId("game-balance-bonus")).toBe("0.05");
    expect(byText("我的余额", "h2")).toBeTruthy();
    expect(byText("游戏", "h1")).toBeTruthy();
    expect(testId("game-condition")).toBeUndefined();
    app.unmount();

    await openGame(fakeGameApi({ balance: { game: 10_000, gameBonus: 1_000, wagerRemaining: 20_000 } }));
    expect(testId("game-condition")).toBe("还需投注 200.00 才能解锁奖金，并把游戏余额转回金币");
  });

  it("shows the balance to play (the game balance and the bonus, the server's figure) under the game page's label", async () => {
    await openGame(fakeGameApi({ balance: { game: 2_200, gameBonus: 200, wagerRemaining: 20_000 } }));
    const playable = document.querySelector('[data-testid="game-balance-playable"]');
    expect(playable?.textContent).toBe("24.00");
    expect(playable?.previousElementSibling?.textContent).toBe("可用余额");
    expect(testId("game-balance-game")).toBe("22.00");
    expect(testId("game-balance-bonus")).toBe("2.00");
  });

  it("says when the balances cannot load, and loads them on retry", async () => {
    const fake = fakeGameApi();
    fake.api.game.userBalance.mockRejectedValueOnce(new Error("offline"));
    await renderApp({ api: fake.api, path: "/game", pages: { "/game": GameScreen } });
    await waitFor(() => control("重试"));
    await click(control("重试"));
    await waitFor(() => {
      expect(testId("game-balance-gold")).toBe("195.50");
    });
  });
});

describe("/game transfers", () => {
  it("moves gold into the game: checks the amount, says the bonus, sends it, reads the balances again", async () => {
    const { api } = await openGame();
    const amount = () => field("转账金额");

    await click(control("确认转账"));
    expect(fieldError("转账金额")).toBe("请输入金额");
    await typeInto(amount(), "12.345");
    expect(fieldError("转账金额")).toBe("请输入大于 0 的金额，最多两位小数");
    await typeInto(amount(), "0");
    expect(fieldError("转账金额")).toBe("请输入大于 0 的金额，最多两位小数");
    await typeInto(amount(), "195.51");
    expect(fieldError("转账金额")).toBe("超出可转出余额 195.50");
    await click(control("确认转账"));
    expect(api.trade.userSelfTransfer).not.toHaveBeenCalled();

    // 100.00 in: a bonus of 10 %, and bets of 10 × 100.00 + the 10.00 held before.
    await typeInto(amount(), "100");
    expect(fieldError("转账金额")).toBeNull();
    expect(testId("game-transfer-preview")).toBe(
      "将赠送 10.00 奖金；转入后需投注满 1010.00 才能解锁奖金并转回金币",
    );
    // Nothing moves before the confirmation sheet: the amount, the gold before and after, and the
    // betting condition in numbers (spec §9: 10 × 100.00 + the 10.00 held before).
    await click(control("确认转账"));
    const sheet = await waitFor(() => {
      const found = document.querySelector("[role=dialog]");
      if (found === null) throw new Error("no confirmation sheet");
      return found;
    });
    expect(sheet.getAttribute("aria-labelledby")).not.toBeNull();
    expect(byText("确认转入游戏", "h2")).toBeTruthy();
    expect(testId("pay-confirm-amount")).toBe("100.00 金币");
    expect(testId("pay-confirm-balance")).toBe("195.50 金币");
    expect(testId("pay-confirm-after")).toBe("95.50 金币");
    expect(testId("pay-confirm-condition")).toBe(
      "转入后需投注满 1010.00（转入金额的 10 倍 1000.00 加转入前的游戏余额 10.00），奖金才解锁，游戏余额才能转回金币。",
    );
    await settle();
    expect(api.trade.userSelfTransfer).not.toHaveBeenCalled();
    // Cancel moves nothing; confirm moves it.
    await click(control("取消"));
    await settle();
    expect(document.querySelector("[role=dialog]")).toBeNull();
    expect(api.trade.userSelfTransfer).not.toHaveBeenCalled();
    expect(testId("game-balance-gold")).toBe("195.50");
    await click(control("确认转账"));
    await waitFor(() => control("确认转入"));
    await click(control("确认转入"));
    await waitFor(() => byText("转账成功"));
    expect(document.querySelector("[role=dialog]")).toBeNull();
    const [body, options] = api.trade.userSelfTransfer.mock.calls[0] ?? [];
    expect(body).toEqual({ fromType: "GOLD", toType: "GAME", amount: 10_000 });
    expect(options?.quiet).toBe(true);
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => {
      expect(testId("game-balance-gold")).toBe("95.50");
    });
    expect(testId("game-balance-game")).toBe("110.00");
    expect(testId("game-balance-bonus")).toBe("10.00");
    expect(testId("game-condition")).toBe("还需投注 1010.00 才能解锁奖金，并把游戏余额转回金币");
    expect(amount().value).toBe("");
  });

  it("offers the two ways as the app's choice cards: a radio group under its legend", async () => {
    await openGame();
    const group = byText("转账方向", "legend").closest("fieldset");
    const cards = [...(group?.querySelectorAll("label.h5-trade-choice") ?? [])];
    expect(cards.map((card) => card.textContent)).toEqual(["金币 → 游戏余额", "游戏余额 → 金币"]);
    const radios = cards.map((card) => card.querySelector<HTMLInputElement>("input[type=radio]"));
    expect(radios.map((radio) => radio?.checked)).toEqual([true, false]);
    expect(new Set(radios.map((radio) => radio?.name)).size).toBe(1);
    await chooseWay("游戏余额 → 金币");
    expect(radios.map((radio) => radio?.checked)).toEqual([false, true]);
  });

  it("explains instead of sending while bets are due, and moves the game balance back once none are", async () => {
    const fake = fakeGameApi({ balance: { gameBonus: 100, wagerRemaining: 3_000 } });
    const { api, state, app } = await openGame(fake);
    await chooseWay("游戏余额 → 金币");
    expect(fieldError("转账金额")).toBe("还需投注 30.00 才能把游戏余额转回金币");
    expect(field("转账金额").getAttribute("aria-invalid")).toBe("true");
    // Nothing can go back while bets are due: the field's hint says so, not the game balance.
    expect(queryText("可转出 0.00")).not.toBeNull();
    await typeInto(field("转账金额"), "5");
    await click(control("确认转账"));
    await settle();
    expect(api.trade.userSelfTransfer).not.toHaveBeenCalled();
    // No bonus on the way out.
    expect(testId("game-transfer-preview")).toBe("");

    // The bets were placed (in a game): the balances read again lift the condition.
    state.serverWager = 0;
    state.balance = { ...state.balance, game: 1_100, gameBonus: 0 };
    await act(() => app.queryClient.invalidateQueries({ queryKey: ["game", "balance"] }));
    await waitFor(() => {
      expect(testId("game-condition")).toBeUndefined();
    });
    expect(fieldError("转账金额")).toBeNull();
    await typeInto(field("转账金额"), "11.01");
    expect(fieldError("转账金额")).toBe("超出可转出余额 11.00");
    await typeInto(field("转账金额"), "11");
    await click(control("确认转账"));
    await waitFor(() => byText("转账成功"));
    expect(api.trade.userSelfTransfer.mock.calls[0]?.[0]).toEqual({
      fromType: "GAME",
      toType: "GOLD",
      amount: 1_100,
    });
    await waitFor(() => {
      expect(testId("game-balance-gold")).toBe("206.50");
    });
    expect(testId("game-balance-game")).toBe("0.00");
  });

  it("shows the server's refusal in place when it still requires bets, and the condition it names", async () => {
    const { api, state } = await openGame();
    // The server knows of bets due that this page has not read yet.
    state.serverWager = 2_000;
    await chooseWay("游戏余额 → 金币");
    expect(fieldError("转账金额")).toBeNull();
    await typeInto(field("转账金额"), "5");
    await click(control("确认转账"));
    await waitFor(() => {
      expect(fieldError("转账金额")).toBe("还需投注 20.00 才能解锁游戏奖励并把游戏余额转回金币");
    });
    expect(api.trade.userSelfTransfer).toHaveBeenCalledTimes(1);
    expect(queryText("转账成功")).toBeNull();
    // No bonus is left to unlock here: the condition speaks of the game balance alone.
    await waitFor(() => {
      expect(testId("game-condition")).toBe("还需投注 20.00 才能把游戏余额转回金币");
    });
  });
});

/** The games of the category headed `category`, as their buttons' names. */
function gamesOf(category: string): string[] {
  const heading = byText(category, "h3");
  const list = document.querySelector(`ul[aria-labelledby="${heading.id}"]`);
  return [...(list?.querySelectorAll("li button .h5-game-tile__name") ?? [])].map((b) => b.textContent);
}

describe("/game lobby", () => {
  it("lists the games by category, in the server's order, under headings", async () => {
    await openGame();
    await waitFor(() => byText("休闲", "h3"));
    expect(byText("游戏大厅", "h2")).toBeTruthy();
    expect([...document.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["休闲", "热门"]);
    expect(gamesOf("休闲")).toEqual(["幸运骰子", "纸牌接龙"]);
    expect(gamesOf("热门")).toEqual(["豪华骰子"]);
    const icon = control("幸运骰子").querySelector("img");
    expect(icon?.getAttribute("src")).toBe("/api/game/art/dice.svg");
    expect(icon?.getAttribute("alt")).toBe("");
  });

  it("enters a game: asks for its address and sends the window there, busy meanwhile", async () => {
    const { api } = await openGame();
    const leave = vi.spyOn(windowLocation, "assign").mockImplementation(() => undefined);
    await waitFor(() => control("豪华骰子"));
    await click(control("豪华骰子"));
    await waitFor(() => {
      expect(leave).toHaveBeenCalledWith("https://games.example/play?game=big-dice");
    });
    expect(api.game.enterGameUrl).toHaveBeenCalledWith({ gameCode: "big-dice" }, { quiet: true });
    // Leaving: the game says so, and no other can be started meanwhile.
    await waitFor(() => {
      expect(control("豪华骰子").getAttribute("aria-busy")).toBe("true");
    });
    expect((control("幸运骰子") as HTMLButtonElement).disabled).toBe(true);
    expect(byText("正在进入 豪华骰子…")).toBeTruthy();
  });

  it("says when a game cannot be entered, and lets another be tried", async () => {
    const { api } = await openGame();
    const leave = vi.spyOn(windowLocation, "assign").mockImplementation(() => undefined);
    api.game.enterGameUrl.mockRejectedValueOnce(
      new ApiError({
        kind: "business",
        endpoint: "game.enterGameUrl",
        code: 404,
        msg: "该游戏暂不可用，请选择其他游戏",
        msgKey: "server.gameNotFound",
      }),
    );
    await waitFor(() => control("幸运骰子"));
    await click(control("幸运骰子"));
    await waitFor(() => byText("该游戏暂不可用，请选择其他游戏"));
    expect(leave).not.toHaveBeenCalled();
    expect((control("幸运骰子") as HTMLButtonElement).disabled).toBe(false);

    // An address that is not a web page is never followed.
    api.game.enterGameUrl.mockResolvedValueOnce({ url: "javascript:alert(1)" });
    await click(control("纸牌接龙"));
    await waitFor(() => byText("游戏暂时无法打开，请稍后重试"));
    expect(leave).not.toHaveBeenCalled();
    expect((control("纸牌接龙") as HTMLButtonElement).disabled).toBe(false);
    expect(control("纸牌接龙").getAttribute("aria-busy")).toBeNull();
  });

  it("opens /trade from a GOLD banner", async () => {
    const { app } = await openGame();
    const banner = () => document.querySelector('ul[aria-label="游戏活动"] img[alt="游戏活动 1"]');
    await waitFor(() => {
      expect(banner()).not.toBeNull();
    });
    const button = banner()?.closest("button");
    if (!button) throw new Error("the banner is not a button");
    await click(button);
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/trade");
    });
  });

  it("says there are no games, and offers a retry when the lobby cannot load", async () => {
    const empty = await openGame(fakeGameApi({ lobby: { games: [], banners: [], notice: "维护中" } }));
    await waitFor(() => byText("暂无游戏"));
    expect(byText("维护中")).toBeTruthy();
    empty.app.unmount();

    const failing = fakeGameApi();
    failing.api.game.indexData.mockRejectedValueOnce(
      new ApiError({ kind: "network", endpoint: "game.indexData" }),
    );
    await openGame(failing);
    await waitFor(() => control("重试"));
    await click(control("重试"));
    await waitFor(() => byText("幸运骰子"));
  });
});

describe("/game in English", () => {
  it("words the balances, the condition, the form and the lobby in English", async () => {
    const fake = fakeGameApi({ balance: { gameBonus: 100, wagerRemaining: 3_000 }, lobby: englishLobby });
    await openGame(fake, Language.enUS);
    expect(byText("Games", "h1")).toBeTruthy();
    expect(byText("My balances", "h2")).toBeTruthy();
    expect(byText("Locked bonus", "dt")).toBeTruthy();
    expect(testId("game-condition")).toBe(
      "Bet 30.00 more to unlock the bonus and to move the game balance back to Gold",
    );
    await typeInto(field("Transfer amount"), "20");
    expect(testId("game-transfer-preview")).toBe(
      "Adds a bonus of 2.00; then bet 230.00 to unlock it and to move the game balance back to Gold",
    );
    await chooseWay("Game → Gold");
    expect(fieldError("Transfer amount")).toBe("Bet 30.00 more before the game balance can go back to Gold");
    await waitFor(() => byText("Casual", "h3"));
    expect(gamesOf("Casual")).toEqual(["Lucky Dice"]);
    expect(gamesOf("Popular")).toEqual(["Deluxe Dice"]);
    expect(byText("Game lobby", "h2")).toBeTruthy();
  });
});
