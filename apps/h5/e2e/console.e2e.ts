import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TestEncoder } from "../../server/test/live";
import {
  demo,
  launchBrowser,
  nodeApi,
  passwordSignIn,
  phone,
  registerAccount,
  signInQuickly,
} from "./browser";
import type { E2eBrowser } from "./browser";

/**
 * The operators' console (Step 22) in Chromium, as operators use it, in both languages, beside the
 * H5 app the people use: a reviewer signs in with a one-time code and approves and rejects (the
 * author reads the reason in the app); a comment reported from the app is removed; support bans a
 * person, who is signed out of the app and told why; finance credits a held payment and the
 * person's balance in the app agrees; an adjustment over the limit waits for a second finance
 * operator; an admin ends a live broadcast while a viewer watches; the audit log shows each act.
 */

/** The seed's demo operators (apps/server/src/seed/operators.ts): password and TOTP secret. */
const PASSWORD = "console-demo-1";
const secrets = {
  reviewer: "JBSWY3DPEHPK3PXPREVIEWERAAAAAAAA",
  support: "JBSWY3DPEHPK3PXPSUPPORTAAAAAAAAA",
  finance: "JBSWY3DPEHPK3PXPFINANCEAAAAAAAAA",
  finance2: "JBSWY3DPEHPK3PXPFINANCETWOAAAAAA",
  admin: "JBSWY3DPEHPK3PXPADMINAAAAAAAAAAA",
} as const;
type Login = keyof typeof secrets;

/** A code is good once in its 30-second step: each sign-in of a login waits for a fresh step. */
const lastStep = new Map<Login, number>();
async function freshCode(login: Login): Promise<string> {
  const stepOf = () => Math.floor(Date.now() / 30_000);
  while (lastStep.get(login) === stepOf()) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStep.set(login, stepOf());
  return new TOTP({
    label: login,
    secret: Secret.fromBase32(secrets[login]),
    digits: 6,
    period: 30,
  }).generate();
}

let chromium: E2eBrowser;
beforeAll(async () => {
  chromium = await launchBrowser();
});
afterAll(async () => {
  await chromium.close();
});

const words = {
  zh: { login: "账号", password: "密码", next: "下一步", code: "验证码", signIn: "登录", reason: /原因/ },
  en: {
    login: "Login",
    password: "Password",
    next: "Next",
    code: "Code",
    signIn: "Sign in",
    reason: /reason|Why/i,
  },
} as const;

/** An operator at a desk (a wide window), signed in through the console's own sign-in. */
async function desk(browser: Browser, login: Login, language: "zh" | "en"): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject("origin"),
    viewport: { width: 1366, height: 900 },
    locale: language === "zh" ? "zh-CN" : "en-US",
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    console.error(`[console page error] ${error.message}`);
  });
  const w = words[language];
  await page.goto("/admin/");
  await page.getByLabel(w.login).fill(login);
  await page.getByLabel(w.password).fill(PASSWORD);
  await page.getByRole("button", { name: w.next }).click();
  await page.getByLabel(w.code).fill(await freshCode(login));
  await page.getByRole("button", { name: w.signIn, exact: true }).click();
  await expect
    .poll(() => page.getByRole("navigation", { name: language === "zh" ? "功能区" : "Areas" }).count())
    .toBe(1);
  return page;
}

/** Do an act of the open detail: fill its reason (when it asks one) and press its button. */
async function act(page: Page, button: string, reason?: string): Promise<void> {
  const form = page
    .locator("form.ad-act")
    .filter({ has: page.getByRole("button", { name: button, exact: true }) });
  if (reason !== undefined) await form.getByRole("textbox").fill(reason);
  await form.getByRole("button", { name: button, exact: true }).click();
}

describe("the operators' console", () => {
  it("a reviewer (Chinese) signs in with a code, watches, approves one and rejects one; the author reads why in the app", async () => {
    const page = await desk(chromium.browser, "reviewer", "zh");
    await page.getByRole("link", { name: "审核" }).click();
    const queue = page.getByRole("table", { name: "待审核队列" });
    const waiting = queue.getByRole("row").filter({ hasText: "我的新作品 My new video" });
    await expect.poll(() => waiting.count()).toBeGreaterThanOrEqual(2);
    // The first: claimed, played, approved.
    await waiting.first().click();
    await expect.poll(() => page.locator("article.ad-detail video").count()).toBe(1);
    await act(page, "领取审核");
    await expect.poll(() => page.locator("article.ad-detail").textContent()).toContain("审核员 Rita");
    await act(page, "通过");
    await expect.poll(() => page.getByText("选择一个视频查看详情").count()).toBe(1);
    // The next: rejected with a reason.
    const title = (await waiting.first().getByRole("cell").nth(1).textContent()) ?? "";
    await waiting.first().click();
    await act(page, "不通过", "画面模糊，请重新上传");
    await expect.poll(() => page.getByText("选择一个视频查看详情").count()).toBe(1);
    // The author, in the app: the message centre says which and why.
    const author = await phone(chromium.browser);
    await signInQuickly(author.context, demo.author);
    await author.page.goto("/messages");
    await expect
      .poll(() =>
        author.page.getByText(`你的视频《${title}》未通过审核（原因：画面模糊，请重新上传）`).count(),
      )
      .toBe(1);
    await author.context.close();
    await page.context().close();
  });

  it("a report filed from the app is resolved in English by removing the comment; the reporter is told", async () => {
    // A super member comments (commenting is theirs); someone new reports it.
    const owner = nodeApi();
    await owner.loginWithPassword({ phone: demo.vip.mobile, password: demo.vip.password });
    const reporter = nodeApi();
    const reporterAccount = await registerAccount(reporter);
    await reporter.loginWithPassword({ phone: reporterAccount.mobile, password: reporterAccount.password });
    const list = await owner.substance.getVideoList({ current: 1, size: 5 });
    const video = list.records.find((v) => v.watchLevel === "FREE") ?? list.records[0];
    const comment = await owner.substance.doComment({
      substanceId: video?.id ?? "",
      commentContent: "加微信领红包 free money",
    });
    await reporter.system.report({ targetType: "COMMENT", targetId: comment.id, reason: "SPAM" });

    const page = await desk(chromium.browser, "admin", "en");
    await page.getByRole("link", { name: "Reports" }).click();
    const row = page.getByRole("row").filter({ hasText: "加微信领红包 free money" });
    await row.click();
    await act(page, "Remove it", "Advertising");
    await expect.poll(() => row.count()).toBe(0);
    const comments = await owner.substance.commentList({ substanceId: video?.id ?? "", current: 1 });
    expect(comments.records.map((c) => c.id)).not.toContain(comment.id);
    const told = await reporter.user.messageList({ current: 1, size: 10 });
    expect(told.records[0]).toMatchObject({ kind: "REPORT_OUTCOME", params: { resolution: "REMOVED" } });
    // The audit log has it, with who and why.
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect
      .poll(() =>
        page
          .getByRole("row")
          .filter({ hasText: "reports.removed" })
          .filter({ hasText: "Advertising" })
          .count(),
      )
      .toBe(1);
    await page.context().close();
  });

  it("support bans a person (Chinese): the app signs them out, and signing in says why", async () => {
    const account = await registerAccount();
    const person = await phone(chromium.browser);
    await signInQuickly(person.context, account);
    await person.page.goto("/messages");
    const page = await desk(chromium.browser, "support", "zh");
    await page.getByRole("link", { name: "用户" }).click();
    await page.getByLabel("搜索手机号（或后四位）、会员号、昵称").fill(account.mobile);
    await page.getByRole("row").filter({ hasText: account.mobile }).click();
    await act(page, "封禁", "发布诈骗信息");
    await expect.poll(() => page.getByText("已封禁：发布诈骗信息").count()).toBe(1);
    // The app's next call finds the session over and says so; confirmed, the person is signed out.
    await person.page.goto("/home");
    await person.page.goto("/messages");
    const ended = person.page.getByRole("alertdialog").or(person.page.getByRole("dialog"));
    await expect.poll(() => ended.textContent(), { timeout: 20_000 }).toMatch(/登录/);
    await ended.getByRole("button").last().click();
    await expect.poll(() => person.page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    // Signing in again is refused, saying why.
    await person.page.goto("/login");
    await passwordSignIn(person.page, account);
    await expect.poll(() => person.page.getByText(/该账号已被封禁：发布诈骗信息/).count()).toBeGreaterThan(0);
    await person.context.close();
    await page.context().close();
  });

  it("finance credits a held payment (English) and the person's gold in the app agrees; a large adjustment waits for a second operator", async () => {
    const api = nodeApi();
    const account = await registerAccount(api);
    await api.loginWithPassword({ phone: account.mobile, password: account.password });
    const order = await api.trade.rechargeGold({ amount: 1000, payMethod: "MERCHANT" });
    // Paid 1 500.00 on a 10.00 order (the method takes at most 1 000.00): held, not credited.
    await fetch(order.payUrl ?? "", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ do: "other", amount: "1500.00" }).toString(),
      redirect: "manual",
    });
    await expect
      .poll(async () => (await api.trade.orderDetail({ orderNum: order.orderNum })).status, {
        timeout: 20_000,
      })
      .toBe("HELD");
    const page = await desk(chromium.browser, "finance", "en");
    await page.getByRole("link", { name: "Money" }).click();
    await page.getByRole("tab", { name: "Held payments" }).click();
    await page.getByRole("row").filter({ hasText: order.orderNum }).click();
    await act(page, "Credit the person's gold", "Paid more than ordered: credit what came");
    await expect.poll(() => page.getByRole("row").filter({ hasText: order.orderNum }).count()).toBe(0);
    const goldOf = async () =>
      (await api.trade.accountDetail({})).find((entry) => entry.type === "GOLD")?.wallet;
    expect(await goldOf()).toBe(150_000);
    // The app shows the same balance.
    const person = await phone(chromium.browser, undefined, "block", "en-US");
    await signInQuickly(person.context, account);
    await person.page.goto("/trade");
    await expect.poll(() => person.page.getByText(/1,?500\.00/).count()).toBeGreaterThan(0);
    await person.context.close();

    // 2 000.00 is over the 1 000.00 limit: it waits, and its requester cannot approve it.
    await page.getByRole("tab", { name: "Adjustments" }).click();
    const me = await api.user.queryInfo({});
    const form = page
      .locator("form.ad-act")
      .filter({ has: page.getByRole("button", { name: "Submit the adjustment" }) });
    await form.getByLabel("Person's ID").fill(me.userId);
    await form.getByLabel("Amount (yuan; negative takes away)").fill("2000");
    await form.getByLabel(/Reason/).fill("Campaign prize");
    await form.getByRole("button", { name: "Submit the adjustment" }).click();
    const pending = page.getByRole("row").filter({ hasText: "Campaign prize" });
    await expect.poll(() => pending.textContent()).toContain("Waiting for approval");
    await expect.poll(() => pending.getByRole("button", { name: "Approve" }).count()).toBe(0);
    const second = await desk(chromium.browser, "finance2", "en");
    await second.getByRole("link", { name: "Money" }).click();
    await second.getByRole("tab", { name: "Adjustments" }).click();
    const row = second.getByRole("row").filter({ hasText: "Campaign prize" });
    await row.locator("form.ad-act").first().getByRole("textbox").fill("Checked with marketing");
    await row.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => row.textContent()).toContain("Applied");
    expect(await goldOf()).toBe(150_000 + 200_000);
    await second.context().close();
    await page.context().close();
  });

  it("a viewer reports a live room from the app; an admin (English) ends the broadcast while they watch; the audit log shows it", async () => {
    const authorApi = nodeApi();
    const author = await registerAccount(authorApi);
    await authorApi.loginWithPassword({ phone: author.mobile, password: author.password });
    await authorApi.game.liveSaveRoom({ title: "Console end E2E", watchLevel: "FREE" });
    const mine = await authorApi.game.liveMyRoom();
    const encoder = new TestEncoder(`${mine.rtmpUrl ?? ""}/${mine.streamKey}`, { width: 426, height: 240 });
    try {
      await expect
        .poll(async () => (await authorApi.game.liveRoom({ roomId: mine.roomId })).isLive, {
          timeout: 30_000,
        })
        .toBe(true);
      // A signed-in viewer watches, and reports the room from the app.
      const viewer = await phone(chromium.browser);
      await signInQuickly(viewer.context, await registerAccount());
      await viewer.page.goto(`/starlive?room=${mine.roomId}`);
      await viewer.page.getByRole("button", { name: "举报直播间" }).click();
      await viewer.page.getByRole("button", { name: "垃圾广告" }).click();
      // (The toast that says so is brief; the console below shows the report itself.)
      await expect
        .poll(
          () =>
            viewer.page.evaluate(
              () => document.querySelector<HTMLVideoElement>("[data-testid='live-video']")?.currentTime ?? 0,
            ),
          { timeout: 45_000 },
        )
        .toBeGreaterThan(1);
      const page = await desk(chromium.browser, "admin", "en");
      // The report is in the console, grouped under the room.
      await page.getByRole("link", { name: "Reports" }).click();
      await expect
        .poll(() =>
          page
            .getByRole("row")
            .filter({ hasText: "Console end E2E" })
            .filter({ hasText: "Live room" })
            .count(),
        )
        .toBe(1);
      await page.getByRole("link", { name: "Live" }).click();
      // The list refreshes itself while the room is live: a click that lands on a row being
      // replaced is lost, so click again until the room's actions are open.
      const end = page.getByRole("button", { name: "End the broadcast", exact: true });
      await expect
        .poll(
          async () => {
            if ((await end.count()) === 0)
              await page
                .getByRole("row")
                .filter({ hasText: "Console end E2E" })
                .click({ timeout: 5_000 })
                .catch(() => undefined);
            return end.count();
          },
          { timeout: 45_000 },
        )
        .toBeGreaterThan(0);
      await act(page, "End the broadcast", "Breaks the rules");
      await expect
        .poll(() => viewer.page.getByText("直播已结束").count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect((await authorApi.game.liveRoom({ roomId: mine.roomId })).isLive).toBe(false);
      await page.getByRole("link", { name: "Audit log" }).click();
      await expect
        .poll(() =>
          page
            .getByRole("row")
            .filter({ hasText: "live.end" })
            .filter({ hasText: "Breaks the rules" })
            .count(),
        )
        .toBe(1);
      await viewer.context.close();
      await page.context().close();
    } finally {
      await encoder.stop();
    }
  }, 120_000);
});
