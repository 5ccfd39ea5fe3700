import { readFile } from "node:fs/promises";
import { PriceFilter, SmsCodeType, StorageKey, SvipPurchaseType, maskPhone } from "@platform/domain";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  demo,
  e2eBrowser,
  freshMobile,
  lastSms,
  myTab,
  nodeApi,
  passwordSignIn,
  registerAccount,
  signIn,
  signInQuickly,
} from "./browser";
import type { Account } from "./browser";
import { gold, payOnProviderPage, rechargeOnProviderPage } from "./trading";

// The account's own screens (Step 15) against the real server: the profile, the password, the
// phone, the identity card, switching accounts, the message centre and deleting the account. Each
// journey uses fresh accounts (the seeded ones only reply to a comment), and about half of them run
// with the app in English.

const e2e = e2eBrowser();

/** A valid 1 × 1 PNG: the avatar (the screen cuts it to its 512 × 512 square). */
const picture = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Before the app starts: the language a person chose (localStorage `language`), for every page. */
async function inEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    localStorage.setItem("language", "enUS");
  });
}

/** A toast (or any text) with these words is on the page. */
async function shows(page: Page, words: string): Promise<void> {
  await expect
    .poll(() => page.getByText(words, { exact: true }).count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

/**
 * Taps 'get code' in `scope` until the SMS sandbox has sent `mobile` a code for `purpose` (a press
 * refused as too soon after the last code to that phone counts down, then is pressed again), and
 * answers the code.
 */
async function askForCode(scope: Locator, mobile: string, purpose: SmsCodeType): Promise<string> {
  const button = scope.getByRole("button", { name: /^(获取验证码|Get code)$/ });
  await expect
    .poll(
      async () => {
        if ((await lastSms(mobile))?.purpose === purpose) return true;
        if (await button.isEnabled()) await button.click();
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const sent = await lastSms(mobile);
  return sent?.code ?? "";
}

/** The 'my' side panel, opened from the tab bar ('我的' / 'Me'). */
async function openMyPanel(page: Page, name: "我的" | "Me"): Promise<Locator> {
  await myTab(page, name).click();
  const panel = page.getByRole("dialog", { name });
  await panel.locator(".pf-my-panel__nickname").waitFor({ timeout: 15_000 });
  return panel;
}

/** The nickname the open 'my' panel shows, once it has loaded. */
function panelNickname(panel: Locator): Promise<string | null> {
  return panel.locator(".pf-my-panel__nickname").textContent();
}

/** From the 'my' panel, its 'switch account' sliding panel. */
async function openSwitchAccount(page: Page, panel: Locator, name: string): Promise<Locator> {
  await panel.getByRole("button", { name, exact: true }).click();
  const switcher = page.getByRole("dialog", { name });
  await switcher.getByRole("list").waitFor();
  return switcher;
}

describe("the account's own screens (Step 15)", () => {
  it("en-US: a new user edits every field of the profile; the panel and the author page show it", async () => {
    const { context, page } = await e2e.phone();
    await inEnglish(context);
    const { api, userId } = await signInQuickly(context, await registerAccount());
    const nickname = `Lin ${String(Date.now()).slice(-6)}`;
    const introduction = "I film street food at night.";

    // They open 'edit profile'.
    await page.goto("/editprofile");
    await page.getByRole("heading", { name: "Edit profile" }).waitFor({ timeout: 15_000 });

    // They choose a picture from the album, look at the preview and use it.
    await page
      .getByTestId("avatar-album")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
    const preview = page.getByRole("dialog", { name: "Preview avatar" });
    await preview.getByRole("img", { name: "Preview of the new avatar" }).waitFor();
    await preview.getByRole("button", { name: "Use this one" }).click();
    await shows(page, "Avatar changed");
    const avatar = (await api.user.queryInfo()).avatarFileUrl ?? "";
    expect(avatar).toMatch(/^\/api\/media\/files\//);
    await expect
      .poll(() => page.getByRole("img", { name: "Current avatar" }).getAttribute("src"))
      .toBe(avatar);
    // The server keeps the picture: it is served as an image.
    const served = await page.request.get(avatar);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^image\//);

    // They type a nickname and save it.
    await page.getByRole("textbox", { name: "Nickname", exact: true }).fill(nickname);
    await page.getByRole("button", { name: "Save nickname" }).click();
    await shows(page, "Nickname saved");

    // They pick a gender and save it.
    await page.getByRole("radio", { name: "Female" }).check();
    await page.getByRole("button", { name: "Save gender" }).click();
    await shows(page, "Gender saved");

    // They choose a birthday and save it.
    await page.locator('input[type="date"]').fill("1994-05-17");
    await page.getByRole("button", { name: "Save birthday" }).click();
    await shows(page, "Birthday saved");

    // They type where they live and save it.
    await page.getByRole("textbox", { name: "Area", exact: true }).fill("Shenzhen, Guangdong");
    await page.getByRole("button", { name: "Save area" }).click();
    await shows(page, "Area saved");

    // They write a few words about themselves and save them.
    await page.getByRole("textbox", { name: "Introduction", exact: true }).fill(introduction);
    await page.getByRole("button", { name: "Save introduction" }).click();
    await shows(page, "Introduction saved");

    // The server has every field.
    await expect
      .poll(async () => {
        const saved = await api.user.queryInfo();
        return [saved.nickName, saved.gender, saved.birthday, saved.area, saved.introduction];
      })
      .toEqual([nickname, "FEMALE", "1994-05-17", "Shenzhen, Guangdong", introduction]);

    // Their 'Me' panel shows the new nickname and avatar.
    await page.goto("/home");
    const panel = await openMyPanel(page, "Me");
    await expect.poll(() => panelNickname(panel)).toBe(nickname);
    expect(await panel.locator(".pf-my-panel__profile img").getAttribute("src")).toBe(avatar);

    // Their author page shows the nickname, the introduction and the avatar.
    await page.goto(`/creationcenter?id=${userId}`);
    const name = page.getByRole("heading", { level: 1, name: nickname });
    await name.waitFor({ timeout: 15_000 });
    expect(await page.locator(".h5-author__intro").textContent()).toBe(introduction);
    expect(await page.locator(".h5-author__avatar img").getAttribute("src")).toBe(avatar);
  });

  it("changes the password with the old one; the other sessions end; only the new password signs in", async () => {
    const account = await registerAccount();
    const changed: Account = { mobile: account.mobile, password: "changed2468" };
    const { page } = await e2e.phone();
    await signIn(page, account);
    // The same person is signed in on another phone, and a script has a session of its own.
    const other = await e2e.phone();
    await signInQuickly(other.context, account);
    await other.page.goto("/home");
    const script = nodeApi();
    await script.loginWithPassword({ phone: account.mobile, password: account.password });
    const scriptRefresh = script.client.storage.get(StorageKey.refreshToken) ?? "";
    expect(scriptRefresh).not.toBe("");

    // They go to 'account security' and on to the password.
    await page.goto("/accountsecuritysettings");
    await page.getByRole("link", { name: /登录密码/ }).click();
    await page.waitForURL("**/editpassword");
    await page.getByRole("heading", { name: "修改密码" }).waitFor();

    // A wrong old password: the server's words, and they stay on the form.
    await page.getByLabel("原密码", { exact: true }).fill("not-my-password");
    await page.getByLabel("新密码", { exact: true }).fill(changed.password);
    await page.getByLabel("确认新密码", { exact: true }).fill(changed.password);
    await page.getByRole("button", { name: "确认修改" }).click();
    await shows(page, "原密码错误");
    expect(new URL(page.url()).pathname).toBe("/editpassword");

    // The right old password: changed, back to 'account security', still signed in here.
    await page.getByLabel("原密码", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "确认修改" }).click();
    await shows(page, "密码已修改");
    await page.waitForURL("**/accountsecuritysettings");
    await page.getByRole("link", { name: /手机号/ }).waitFor();
    expect(await page.getByRole("dialog", { name: "提示" }).count()).toBe(0);

    // The script's session is over: its next call fails, and its refresh token is refused.
    await expect(script.user.queryInfo()).rejects.toMatchObject({ kind: "sessionExpired" });
    await expect(
      nodeApi().auth.tokenRefresh({
        refresh_token: scriptRefresh,
        grant_type: "refresh_token",
        scope: "server",
      }),
    ).rejects.toMatchObject({ kind: "sessionExpired", data: "invalid_grant" });

    // The other phone finds out at its next call: the 'tip' dialog, then the login page.
    await myTab(other.page).click();
    const tip = other.page.getByRole("dialog", { name: "提示" });
    await tip.waitFor({ timeout: 20_000 });
    await tip.getByRole("button", { name: "确定" }).click();
    await other.page.waitForURL(/\/login/);

    // There the old password is refused, the new one signs in.
    await passwordSignIn(other.page, account);
    await shows(other.page, "手机号或密码错误");
    expect(new URL(other.page.url()).pathname).toBe("/login");
    await other.page.getByRole("dialog").getByLabel("密码", { exact: true }).fill(changed.password);
    await other.page.getByRole("dialog").getByRole("button", { name: "登录", exact: true }).click();
    await other.page.waitForURL("**/home");
  });

  it("en-US: moves the account to a new phone number (old phone's code, then the new one's); a taken number is refused", async () => {
    const account = await registerAccount();
    const newMobile = freshMobile();
    const { context, page } = await e2e.phone();
    await inEnglish(context);
    await signIn(page, account, "en");

    // From 'account security' they open the phone number.
    await page.goto("/accountsecuritysettings");
    await page
      .getByRole("link", {
        name: new RegExp(`Phone number.*${maskPhone(account.mobile).replace(/\*/g, "\\*")}`),
      })
      .click();
    await page.waitForURL("**/editphone");

    // Step 1: a code to today's phone, typed in.
    const form = page.locator("form");
    await form.getByText("Step 1: verify your current phone number").waitFor();
    const oldCode = await askForCode(form, account.mobile, SmsCodeType.PHONE_OLD);
    await form.getByRole("textbox", { name: "Code", exact: true }).fill(oldCode);
    await form.getByRole("button", { name: "Next" }).click();
    await page.waitForURL("**/bindphone");
    await page.getByText("Step 2: bind a new phone number").waitFor();

    // A number another account has: the code is not sent, the server says why.
    const newNumber = page.getByRole("textbox", { name: "New phone number", exact: true });
    await newNumber.fill(demo.ordinary.mobile);
    await page.getByRole("button", { name: "Get code" }).click();
    await shows(page, "This phone number is already registered: please log in");
    expect((await lastSms(demo.ordinary.mobile))?.purpose).not.toBe(SmsCodeType.PHONE_NEW);

    // Step 2: a number of their own, its code, confirmed.
    await newNumber.fill(newMobile);
    const newCode = await askForCode(page.locator("form"), newMobile, SmsCodeType.PHONE_NEW);
    await page.getByRole("textbox", { name: "Code", exact: true }).fill(newCode);
    await page.getByRole("button", { name: "Confirm binding" }).click();
    await shows(page, "Phone number changed");
    await page.waitForURL("**/accountsecuritysettings");
    await page.getByText(maskPhone(newMobile), { exact: true }).waitFor();

    // They log out from the 'switch account' panel.
    await page.goto("/home");
    const panel = await openMyPanel(page, "Me");
    const switcher = await openSwitchAccount(page, panel, "Switch account");
    await switcher.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login/);

    // The old number no longer signs in; the new one does, with the same password.
    await passwordSignIn(page, account, "en");
    await shows(page, "Wrong phone number or password");
    const popup = page.getByRole("dialog");
    await popup.getByLabel("Phone number").fill(newMobile);
    await popup.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL("**/home");
    expect(await page.evaluate(() => localStorage.getItem("userInfo"))).toContain(newMobile);
  });

  it("signs in on another phone with the identity card's saved image; a regenerated card refuses the old image", async () => {
    const account = await registerAccount();
    const owner = await e2e.phone();
    const { api, userId } = await signInQuickly(owner.context, account);
    const nickname = `卡片 ${String(Date.now()).slice(-6)}`;
    await api.user.modifyInfo({ nickName: nickname });

    // They open their identity card: the QR code, and 'save image' gives the PNG.
    await owner.page.goto("/idcard");
    const qr = owner.page.getByRole("img", { name: "身份卡二维码" });
    await qr.waitFor({ timeout: 15_000 });
    const oldSrc = await qr.getAttribute("src");
    const saving = owner.page.waitForEvent("download");
    await owner.page.getByRole("link", { name: "保存图片" }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe("identity-card.png");
    const oldCard = await readFile(await download.path());
    expect(oldCard.subarray(1, 4).toString("ascii")).toBe("PNG");

    // On a second phone: the login page's identity-card login, 'choose from album', the saved image.
    const second = await e2e.phone();
    await second.page.goto("/login");
    const popup = second.page.getByRole("dialog");
    await popup.getByRole("heading", { name: "身份卡登录" }).waitFor();
    await popup
      .getByTestId("album-file")
      .setInputFiles({ name: "card.png", mimeType: "image/png", buffer: oldCard });
    await second.page.waitForURL("**/home", { timeout: 15_000 });
    await shows(second.page, "登录成功");
    const signedIn = await second.page.evaluate(() => localStorage.getItem("userInfo"));
    expect(JSON.parse(signedIn ?? "{}")).toMatchObject({ id: userId });
    const panel = await openMyPanel(second.page, "我的");
    await expect.poll(() => panelNickname(panel)).toBe(nickname);

    // Back on the first phone they make a new card, after the warning.
    await owner.page.getByRole("button", { name: "重新生成" }).click();
    const warning = owner.page.getByRole("alertdialog", { name: "重新生成身份卡？" });
    await warning.getByRole("button", { name: "重新生成" }).click();
    await shows(owner.page, "已生成新的身份卡，旧身份卡已失效");
    await expect.poll(() => qr.getAttribute("src")).not.toBe(oldSrc);

    // On a third phone the old image no longer signs in.
    const third = await e2e.phone();
    await third.page.goto("/login");
    const thirdPopup = third.page.getByRole("dialog");
    await thirdPopup.getByRole("heading", { name: "身份卡登录" }).waitFor();
    await thirdPopup
      .getByTestId("album-file")
      .setInputFiles({ name: "card.png", mimeType: "image/png", buffer: oldCard });
    await shows(third.page, "身份卡无效或已更换，请使用最新的身份卡");
    expect(new URL(third.page.url()).pathname).toBe("/login");
    expect(await third.page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  });

  it("en-US: adds a second account from 'switch account', then switches between the two without a password", async () => {
    const stamp = String(Date.now()).slice(-6);
    const people = [
      { account: await registerAccount(), nickname: `Ann ${stamp}` },
      { account: await registerAccount(), nickname: `Ben ${stamp}` },
    ] as const;
    const memberIds: string[] = [];
    for (const person of people) {
      const api = nodeApi();
      await api.loginWithPassword({ phone: person.account.mobile, password: person.account.password });
      await api.user.modifyInfo({ nickName: person.nickname });
      memberIds.push((await api.user.queryInfo()).memberId);
    }
    const [ann, ben] = people;
    const { context, page } = await e2e.phone();
    await inEnglish(context);

    /** The 'Me' panel shows `shown` (nickname and member ID), nothing of `hidden`. */
    const panelIs = async (shown: 0 | 1) => {
      const hidden = shown === 0 ? 1 : 0;
      const panel = await openMyPanel(page, "Me");
      // The panel itself, not the switch-account panel left open when the app closed it.
      expect(await page.getByRole("dialog", { name: "Switch account" }).count()).toBe(0);
      await expect.poll(() => panelNickname(panel)).toBe(people[shown].nickname);
      const text = (await panel.textContent()) ?? "";
      expect(text).toContain(memberIds[shown]);
      expect(text).not.toContain(people[hidden].nickname);
      expect(text).not.toContain(memberIds[hidden]);
      return panel;
    };

    // They sign in as Ann.
    await signIn(page, ann.account, "en");
    let panel = await panelIs(0);

    // 'Switch account' → 'Add account': the login page, where they sign in as Ben.
    let switcher = await openSwitchAccount(page, panel, "Switch account");
    await switcher.getByRole("button", { name: "Add account" }).click();
    await page.waitForURL(/\/login/);
    await passwordSignIn(page, ben.account, "en");
    await page.waitForURL("**/home");
    panel = await panelIs(1);

    // The switch-account panel lists both: Ben is the current one.
    switcher = await openSwitchAccount(page, panel, "Switch account");
    const rows = switcher.getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(2);
    const current = switcher.getByRole("button", { name: new RegExp(`^${ben.nickname}`) });
    expect(await current.getAttribute("aria-current")).toBe("true");
    expect(await current.textContent()).toContain("Current account");

    // They tap Ann: no password asked, home shows Ann's panel.
    await switcher.getByRole("button", { name: new RegExp(`^${ann.nickname}`) }).click();
    await shows(page, `Switched to “${ann.nickname}”`);
    await page.waitForURL("**/home");
    panel = await panelIs(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("userInfo"))) ?? "{}")).toMatchObject({
      mobile: ann.account.mobile,
    });

    // And back to Ben.
    switcher = await openSwitchAccount(page, panel, "Switch account");
    await switcher.getByRole("button", { name: new RegExp(`^${ben.nickname}`) }).click();
    await shows(page, `Switched to “${ben.nickname}”`);
    await panelIs(1);
    // Their own screens are Ben's too.
    await page.goto("/editprofile");
    await expect
      .poll(() => page.getByRole("textbox", { name: "Nickname", exact: true }).inputValue(), {
        timeout: 15_000,
      })
      .toBe(ben.nickname);
  });

  it("a reply to a comment shows in the 'my' panel's badge and the message centre; reading clears it", async () => {
    // A new member (recharged on the bank's page, then 30 days of super membership) comments.
    const { context, page } = await e2e.phone();
    const { api } = await signInQuickly(context, await registerAccount());
    await rechargeOnProviderPage(page, /银行转账/, "200");
    await payOnProviderPage(page);
    await expect.poll(() => gold(api), { timeout: 20_000 }).toBe(20_000);
    const month = (await api.user.vipGoodList()).find((plan) => plan.days === 30);
    if (month === undefined) throw new Error("the seed has no 30-day plan");
    await api.user.openVipAccount({ goodId: month.id, type: SvipPurchaseType.OPEN_SVIP, payType: "GOLD" });
    const videos = (await api.substance.getVideoList({ price: PriceFilter.free, size: 20 })).records;
    const video = videos[videos.length - 1];
    if (video === undefined) throw new Error("the seed has no free video");
    const comment = await api.substance.doComment({
      substanceId: video.id,
      commentContent: `消息中心的评论 ${String(Date.now())}`,
    });
    expect((await api.user.unreadTotal()).total).toBe(0);

    // Another member replies to it twice.
    const replier = nodeApi();
    await replier.loginWithPassword({ phone: demo.vip.mobile, password: demo.vip.password });
    const replies = [];
    for (const words of ["第一条回复", "第二条回复"]) {
      replies.push(
        await replier.substance.doComment({
          substanceId: video.id,
          replyCommentId: comment.id,
          commentContent: words,
        }),
      );
    }

    // The 'my' panel's message button carries the count.
    await page.goto("/home");
    await openMyPanel(page, "我的");
    const messagesButton = page
      .getByRole("dialog", { name: "我的" })
      .getByRole("button", { name: /^消息中心/ });
    await expect.poll(() => messagesButton.textContent()).toContain("2条未读");

    // The message centre lists both replies, unread.
    await messagesButton.click();
    await page.waitForURL("**/messages");
    const list = page.getByRole("list", { name: "消息列表" });
    await list.waitFor({ timeout: 15_000 });
    const items = list.getByRole("listitem");
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.getByRole("status").filter({ hasText: "条未读" }).textContent()).toBe("2 条未读");
    const newest = items.first();
    expect(await newest.textContent()).toContain("收到新回复");
    expect(await newest.textContent()).toContain(`回复了你在《${video.videoTitle}》下的评论：第二条回复`);
    expect(await list.getByText("未读", { exact: true }).count()).toBe(2);

    // Reading one: it opens the video, and one is left unread.
    await newest.getByRole("link").click();
    await page.waitForURL(new RegExp(`/videoview\\?id=${video.id}`));
    await expect.poll(async () => (await api.user.unreadTotal()).total).toBe(1);
    await page.goto("/home");
    await openMyPanel(page, "我的");
    await expect.poll(() => messagesButton.textContent()).toContain("1条未读");

    // 'Mark all read' clears the rest, and the badge with it.
    await messagesButton.click();
    await page.waitForURL("**/messages");
    await page.getByRole("button", { name: "全部已读" }).click();
    await page.getByText("没有未读消息").waitFor();
    expect(await list.getByText("未读", { exact: true }).count()).toBe(0);
    expect((await api.user.unreadTotal()).total).toBe(0);
    await page.goto("/home");
    await openMyPanel(page, "我的");
    await expect.poll(() => messagesButton.textContent()).toBe("消息中心");

    // The seeded member's replies go again (other journeys read comment lists).
    for (const reply of replies) await replier.substance.deleteComment({ commentId: reply.id });
  });

  it("en-US: deletes the account after the agreement and a code; the device forgets it and it cannot sign in", async () => {
    const account = await registerAccount();
    const { context, page } = await e2e.phone();
    await inEnglish(context);
    await signIn(page, account, "en");

    // From 'account security' they open 'delete account': what is lost, with the balances.
    await page.goto("/accountsecuritysettings");
    await page.getByRole("link", { name: "Delete account" }).click();
    await page.waitForURL("**/accountlogout");
    await page.getByText("After deletion, these cannot be recovered").waitFor({ timeout: 15_000 });
    const balances = page.getByRole("definition");
    await expect.poll(() => balances.allTextContents()).toEqual(["0.00", "0.00", "0.00"]);
    const cleared = page.getByLabel("Balances to be cleared");
    expect(await cleared.textContent()).toContain("Account");
    expect(await cleared.textContent()).toContain("Wallet");
    expect(await page.getByText("These balances are cleared and not refunded.").count()).toBe(1);

    // With a code but without ticking the agreement: refused, nothing asked.
    const form = page.locator("form");
    const code = await askForCode(form, account.mobile, SmsCodeType.LOGOFF);
    await form.getByRole("textbox", { name: "Code", exact: true }).fill(code);
    await form.getByRole("button", { name: "Delete account" }).click();
    await page.getByRole("alert").filter({ hasText: "Tick the agreement first" }).waitFor();
    expect(await page.getByRole("alertdialog", { name: "Delete your account?" }).count()).toBe(0);

    // Ticked: asked once more, then deleted; the device forgets it and shows the login page.
    await page.getByRole("checkbox", { name: /I have read and agree/ }).check();
    await form.getByRole("button", { name: "Delete account" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await shows(page, "Account deleted");
    await page.waitForURL(/\/login/);
    const kept = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(kept).toEqual(["language"]);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("enUS");
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    // Signing in again with it is refused.
    await passwordSignIn(page, account, "en");
    await shows(page, "Wrong phone number or password");
    expect(new URL(page.url()).pathname).toBe("/login");
    await expect(
      nodeApi().loginWithPassword({ phone: account.mobile, password: account.password }),
    ).rejects.toMatchObject({ msgKey: "server.wrongCredentials" });
  });
});
