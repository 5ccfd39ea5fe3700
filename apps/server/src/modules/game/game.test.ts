import { ServerMessageKey } from "@platform/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, failure, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { personWithGold } from "../../../test/money";
import { GAME_SIGNATURE_HEADER, sandboxGameSecret } from "../../providers/games/protocol";
import { sign } from "../../providers/payments/signature";
import { seed } from "../../seed";
import { reconcile } from "../trade/reconcile";

// Step 16 (decision 0021): the game balance, its bonus condition, and the seamless wallet.
eachDatabase("the game lobby and its wallet", (target) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    // Throws of the sandbox game: a win (6), then a loss (1), repeated.
    platform = await startPlatform(target, { SANDBOX_GAME_DICE: "6,1", GAME_BONUS_PERCENT: "10" });
    await seed(platform.server.ctx);
  });
  afterAll(async () => {
    expect((await reconcile(platform.server.database.db)).drift).toEqual([]);
    await platform.close();
  });

  /** A call of the seamless wallet as the provider makes it (signed with `secret`). */
  async function wallet(
    call: string,
    body: object,
    secret = sandboxGameSecret(platform.server.ctx.secrets.signingKey),
  ) {
    const raw = JSON.stringify(body);
    const response = await fetch(`${platform.server.origin}/api/game/wallet/${call}`, {
      method: "POST",
      headers: { "content-type": "application/json", [GAME_SIGNATURE_HEADER]: sign(secret, raw, new Date()) },
      body: raw,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("lists the lobby in the reader's language and signs a launch into the sandbox provider", async () => {
    const { api } = await personWithGold(platform);
    const lobby = await api.game.indexData();
    expect(lobby.games.map((g) => [g.gameCode, g.name, g.category])).toEqual([
      ["dice", "幸运骰子", "休闲"],
      ["big-dice", "豪华骰子", "热门"],
    ]);
    expect(lobby.banners[0]?.jumpType).toBe("GOLD");
    const art = await fetch(`${platform.server.origin}${lobby.games[0]?.iconUrl ?? ""}`);
    expect(art.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const { url } = await api.game.enterGameUrl({ gameCode: "dice" });
    const launch = new URL(url);
    expect(`${launch.origin}${launch.pathname}`).toBe(`${platform.server.origin}/sandbox/game/play`);
    expect(launch.searchParams.get("return")).toBe(`${platform.server.origin}/game`);
    expect((await failure(api.game.enterGameUrl({ gameCode: "no-such-game" }))).code).toBe(404);
    // The token names this person; a forged or altered one names nobody.
    const session = await wallet("session", { token: launch.searchParams.get("token") });
    expect(session).toMatchObject({ status: 200, body: { balance: 0, currency: "CNY" } });
    const forged = `${launch.searchParams.get("token") ?? ""}x`;
    expect((await wallet("session", { token: forged })).status).toBe(401);
  });

  it("gold into the game adds the bonus and its condition; out again only once it is met", async () => {
    const { api, userId } = await personWithGold(platform, 10_000);
    // 20.00 into the game: 2.00 bonus, locked until 10 × 20.00 + 0 (the game balance before) is bet.
    await api.trade.userSelfTransfer({ fromType: "GOLD", toType: "GAME", amount: 2000 });
    let balance = await api.game.userBalance();
    expect(balance).toMatchObject({ gold: 8000, game: 2000, gameBonus: 200, wagerRemaining: 20_000 });
    const refused = await failure(
      api.trade.userSelfTransfer({ fromType: "GAME", toType: "GOLD", amount: 100 }),
    );
    expect(refused.msgKey).toBe(ServerMessageKey.gameWagerPending);
    expect(refused.msg).toContain("200.00");
    // The wallet and the game do not trade directly; the bonus is never transferred.
    expect(
      (await failure(api.trade.userSelfTransfer({ fromType: "WALLET", toType: "GAME", amount: 1 }))).code,
    ).toBe(400);

    // Bets of the game balance count towards it; the house keeps the lost ones.
    const playerId = String(userId);
    const bet = (transactionId: string, amount: number) =>
      wallet("bet", { playerId, gameCode: "dice", transactionId, amount });
    expect((await bet("r1:bet", 1500)).body.balance).toBe(700);
    // A replayed bet charges nothing more and answers the same balance.
    expect((await bet("r1:bet", 1500)).body.balance).toBe(700);
    const won = await wallet("win", {
      playerId,
      gameCode: "dice",
      transactionId: "r1:win",
      betTransactionId: "r1:bet",
      amount: 3000,
    });
    expect(won.body.balance).toBe(3700);
    // The bet is settled: a second outcome for it (another id) pays nothing.
    const again = await wallet("win", {
      playerId,
      gameCode: "dice",
      transactionId: "r1:win2",
      betTransactionId: "r1:bet",
      amount: 3000,
    });
    expect(again.body.balance).toBe(3700);
    // A win for a bet that was never placed, or someone else's, is refused.
    expect(
      (
        await wallet("win", {
          playerId,
          gameCode: "dice",
          transactionId: "x",
          betTransactionId: "nobet",
          amount: 5,
        })
      ).status,
    ).toBe(404);
    // More than the game balance and the bonus: refused, nothing moves.
    expect((await bet("r2:bet", 3701)).status).toBe(402);
    balance = await api.game.userBalance();
    expect(balance).toMatchObject({ game: 3500, gameBonus: 200, wagerRemaining: 18_500 });

    // Bets until the condition is met: the bet that meets it unlocks the bonus into the game balance.
    for (let round = 3; balance.wagerRemaining > 0; round++) {
      const amount = Math.min(balance.wagerRemaining, balance.game + balance.gameBonus);
      await bet(`r${String(round)}:bet`, amount);
      await wallet("win", {
        playerId,
        gameCode: "dice",
        transactionId: `r${String(round)}:win`,
        betTransactionId: `r${String(round)}:bet`,
        amount,
      });
      balance = await api.game.userBalance();
    }
    expect(balance).toMatchObject({ gameBonus: 0, wagerRemaining: 0 });
    expect(balance.game).toBe(3700);
    const back = await api.trade.userSelfTransfer({ fromType: "GAME", toType: "GOLD", amount: 3700 });
    expect(back.find((b) => b.type === "GOLD")?.wallet).toBe(11_700);
  });

  it("refuses unsigned, stale or malformed wallet calls", async () => {
    const { userId } = await personWithGold(platform);
    const body = { playerId: String(userId) };
    expect((await wallet("balance", body, "not-the-secret")).status).toBe(401);
    const raw = JSON.stringify(body);
    const stale = sign(
      sandboxGameSecret(platform.server.ctx.secrets.signingKey),
      raw,
      new Date(Date.now() - 3_600_000),
    );
    const response = await fetch(`${platform.server.origin}/api/game/wallet/balance`, {
      method: "POST",
      headers: { "content-type": "application/json", [GAME_SIGNATURE_HEADER]: stale },
      body: raw,
    });
    expect(response.status).toBe(401);
    expect(
      (await wallet("bet", { playerId: String(userId), gameCode: "dice", transactionId: "t", amount: -5 }))
        .status,
    ).toBe(400);
    expect((await wallet("nothing", body)).status).toBe(404);
  });

  it("the sandbox provider's dice game bets and pays through the wallet, once per round", async () => {
    const { api } = await personWithGold(platform, 5000);
    await api.trade.userSelfTransfer({ fromType: "GOLD", toType: "GAME", amount: 1000 });
    const { url } = await api.game.enterGameUrl({ gameCode: "dice" });
    const table = await fetch(url);
    expect(table.status).toBe(200);
    const html = await table.text();
    expect(html).toContain("11.00");
    const fields: Record<string, string> = {};
    for (const [, name = "", value = ""] of html.matchAll(
      /<input type="hidden" name="(\w+)" value="([^"]*)">/g,
    )) {
      fields[name] = value.replace(/&#(\d+);/g, (_s, n: string) => String.fromCharCode(Number(n)));
    }
    const round = new URLSearchParams({ ...fields, bet: "2.00" }).toString();
    const play = () =>
      fetch(`${platform.server.origin}/sandbox/game/play`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: round,
      });
    // The fixed throw is a 6: 2.00 bet, 4.00 won.
    const first = await play();
    expect(await first.text()).toContain("13.00");
    // The same form again (a reload): the round is settled, nothing more moves.
    await play();
    const balance = await api.game.userBalance();
    expect(balance.game + balance.gameBonus).toBe(1300);
    // A seat that was altered is refused.
    const altered = round.replace(/player=\d+/, "player=1");
    const forged = await fetch(`${platform.server.origin}/sandbox/game/play`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: altered,
    });
    expect(forged.status).toBe(401);
  });
});
