import { GameRoundOutcome, Language, MessageKind } from "@platform/domain";
import { act } from "react";
import { describe, expect, it } from "vitest";
import { sessionKeys } from "../../app/session/queries";
import { withCatalog } from "../../components/CatalogGate";
import { byText, click, control, queryText, renderApp, scrollForMore, waitFor } from "../../test/renderApp";
import { MessagesScreen } from "./MessagesScreen";
import { fakeMessagesApi, purchaseMessage, sampleMessages } from "./test/fakeMessagesApi";
import type { CentreMessage } from "./messageText";

// The screen as its route has it: held until the account catalog of the language is loaded.
const Messages = withCatalog("account", MessagesScreen);

function render(api: unknown, language: Language = Language.zhCN) {
  return renderApp({ api, path: "/messages", language, pages: { "/messages": Messages } });
}

const rows = () => [...document.body.querySelectorAll<HTMLElement>(".h5-message")];
const rowOf = (text: string) => {
  const row = rows().find((r) => r.textContent.includes(text));
  if (row === undefined) throw new Error(`no message with "${text}"`);
  return row;
};
/** Where the app went: the path and its search params (as the router holds them). */
const place = (app: Awaited<ReturnType<typeof render>>) => ({
  path: app.router.state.location.pathname,
  search: app.router.state.location.search as Record<string, unknown>,
});

describe("the message centre", () => {
  it("words every kind from its parameters in Chinese, amounts in two decimals, newest first", async () => {
    await render(fakeMessagesApi().api);
    await waitFor(() => byText("你已用 12.34 金币购买《猫》"));
    expect(rows().map((r) => r.querySelector(".h5-message__title")?.textContent)).toEqual([
      "收到新回复",
      "视频审核未通过",
      "提现成功",
      "购买成功",
    ]);
    expect(byText("阿北 回复了你在《猫》下的评论：好看")).toBeTruthy();
    expect(byText("你的视频《旅行》未通过审核（原因：画面模糊）")).toBeTruthy();
    expect(byText("提现订单 W20250001 已到账 50.00")).toBeTruthy();
    // Older than three days: the date itself (spec §9 relative time).
    expect(rowOf("购买成功").querySelector("time")?.textContent).toBe("2025-05-30 09:00:00");
  });

  it("words them in English for an English reader, the other outcomes too", async () => {
    const messages = sampleMessages();
    messages.push(
      {
        id: "0",
        kind: "WITHDRAW_SETTLED",
        params: { orderNum: "W20250002", amount: 20_005, succeeded: false, reason: null },
        read: true,
        createTime: "2025-05-29 09:00:00",
      },
      {
        id: "-1",
        kind: "VIDEO_REVIEW",
        params: { videoId: "78", videoTitle: "Sea", approved: true, reason: null },
        read: true,
        createTime: "2025-05-28 09:00:00",
      },
    );
    await render(fakeMessagesApi(messages).api, Language.enUS);
    await waitFor(() => byText('You bought "猫" for 12.34 Gold.'));
    expect(byText("Purchase complete")).toBeTruthy();
    expect(byText('阿北 replied to your comment on "猫": 好看')).toBeTruthy();
    expect(byText('Your video "旅行" was not approved. (Reason: 画面模糊)')).toBeTruthy();
    expect(byText("Withdrawal W20250001: 50.00 has been paid out.")).toBeTruthy();
    expect(byText("Withdrawal W20250002 of 200.05 failed; the amount was returned.")).toBeTruthy();
    expect(byText('Your video "Sea" was approved and published.')).toBeTruthy();
    expect(queryText("购买成功")).toBeNull();
  });

  const gameRounds = (): CentreMessage[] =>
    [
      [13, GameRoundOutcome.VOIDED, 10_500],
      [12, GameRoundOutcome.WIN_HELD, 500_000],
      [11, GameRoundOutcome.WIN_PAID, 500_000],
      [10, GameRoundOutcome.WIN_REFUSED, 500_000],
    ].map(([id, outcome, amount]) => ({
      id: String(id),
      kind: MessageKind.GAME_ROUND,
      params: {
        gameName: "幸运骰子",
        gameNameEn: "Lucky dice",
        stake: 10_500,
        amount: Number(amount),
        outcome: outcome as GameRoundOutcome,
      },
      read: true,
      createTime: "2025-05-29 09:00:00",
    }));

  it("words a game round's outcome with the game's name, and opens the lobby", async () => {
    await render(fakeMessagesApi(gameRounds()).api);
    await waitFor(() => byText("幸运骰子 的一局下注 105.00 没有等到游戏结果，已退回你的游戏余额"));
    expect(byText("幸运骰子 的一局赢取 5000.00 超出自动派彩上限，平台审核后发放")).toBeTruthy();
    expect(byText("幸运骰子 的一局赢取 5000.00 已审核通过，发放到游戏余额")).toBeTruthy();
    expect(rowOf("赢取未通过审核").querySelector("a")?.getAttribute("href")).toBe("/game");
  });

  it("words a game round in English, the game named in English", async () => {
    await render(fakeMessagesApi(gameRounds()).api, Language.enUS);
    await waitFor(() =>
      byText("A bet of 105.00 in Lucky dice got no result from the game: it is back in your game balance"),
    );
    expect(byText("Big win being checked")).toBeTruthy();
    expect(
      byText(
        "A win of 5000.00 in Lucky dice was not approved: the round counts as lost. Contact support with any question",
      ),
    ).toBeTruthy();
  });

  const refund: CentreMessage = {
    id: "20",
    kind: MessageKind.PURCHASE_REFUND,
    params: { videoId: "7", videoTitle: "海边日落", amount: 250 },
    read: true,
    createTime: "2025-05-30 09:00:00",
  };

  it("tells a buyer which deleted video was refunded and how much, and opens their purchases", async () => {
    await render(fakeMessagesApi([refund]).api);
    await waitFor(() => byText("《海边日落》已被删除，你支付的 2.50 金币已退回账户余额"));
    expect(byText("购买已退款")).toBeTruthy();
    expect(rowOf("购买已退款").querySelector("a")?.getAttribute("href")).toBe("/mybuy");
  });

  it("words the refund in English", async () => {
    await render(fakeMessagesApi([refund]).api, Language.enUS);
    await waitFor(() =>
      byText('"海边日落" was deleted: the 2.50 gold you paid is back in your account balance'),
    );
    expect(byText("Purchase refunded")).toBeTruthy();
  });

  it("marks unread messages for the eye and for screen readers", async () => {
    await render(fakeMessagesApi().api);
    await waitFor(() => byText("购买成功"));
    const unread = rowOf("收到新回复");
    expect(unread.classList).toContain("h5-message--unread");
    expect(unread.querySelector(".pf-visually-hidden")?.textContent).toBe("未读");
    expect(unread.querySelector(".h5-message__dot")?.getAttribute("aria-hidden")).toBe("true");
    const read = rowOf("提现成功");
    expect(read.classList).not.toContain("h5-message--unread");
    expect(read.textContent).not.toContain("未读");
    await waitFor(() => byText("3 条未读"));
  });

  it("a tap marks the message read and opens its video", async () => {
    const fake = fakeMessagesApi();
    const app = await render(fake.api);
    await waitFor(() => byText("收到新回复"));
    await click(rowOf("收到新回复").querySelector("a")!);
    await waitFor(() => {
      expect(place(app)).toEqual({ path: "/videoview", search: { id: "42" } });
    });
    await waitFor(() => {
      expect(fake.calls.read).toEqual([{ ids: ["4"] }]);
    });
    expect(fake.unread()).toBe(2);
  });

  it("a withdrawal opens its order, a refused video its editor, a read message is not marked again", async () => {
    const fake = fakeMessagesApi();
    const app = await render(fake.api);
    await waitFor(() => byText("提现成功"));
    await click(rowOf("提现成功").querySelector("a")!);
    await waitFor(() => {
      expect(place(app)).toEqual({
        path: "/orderdetails",
        search: { page: "WITHDRAW_ORDER", orderNum: "W20250001" },
      });
    });
    expect(fake.calls.read).toEqual([]);

    act(() => {
      app.router.history.back();
    });
    await waitFor(() => byText("视频审核未通过"));
    await click(rowOf("视频审核未通过").querySelector("a")!);
    await waitFor(() => {
      expect(place(app)).toEqual({ path: "/editvideo", search: { id: "77" } });
    });
    await waitFor(() => {
      expect(fake.calls.read).toEqual([{ ids: ["3"] }]);
    });
  });

  it("the badge takes the count the server answers after one message is read", async () => {
    const fake = fakeMessagesApi();
    const app = await render(fake.api);
    await waitFor(() => byText("3 条未读"));
    await click(rowOf("购买成功").querySelector("a")!);
    await waitFor(() => {
      expect(app.queryClient.getQueryData(sessionKeys.unreadTotal())).toEqual({ total: 2 });
    });
  });

  it("pages by the server's cursor near the bottom", async () => {
    const fake = fakeMessagesApi(Array.from({ length: 12 }, (_, i) => purchaseMessage(12 - i)));
    await render(fake.api);
    await waitFor(() => {
      expect(rows()).toHaveLength(10);
    });
    await scrollForMore(rows, 12);
    expect(fake.calls.list.map((r) => r.cursor)).toEqual([null, "3"]);
  });

  it("says when there is nothing, and offers a retry when the list fails", async () => {
    const empty = fakeMessagesApi([]);
    const first = await render(empty.api);
    await waitFor(() => byText("暂无消息"));
    first.unmount();

    const fake = fakeMessagesApi();
    fake.failing.list = true;
    await render(fake.api);
    await waitFor(() => byText("重试"));
    fake.failing.list = false;
    await click(control("重试"));
    await waitFor(() => byText("购买成功"));
  });

  it("leads to the message settings", async () => {
    const app = await render(fakeMessagesApi().api);
    await waitFor(() => byText("购买成功"));
    await click(control("消息设置"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/messagesettings");
    });
  });
});
