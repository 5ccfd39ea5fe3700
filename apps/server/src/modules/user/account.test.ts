import { MessageKind, ServerMessageKey, SmsCodeType } from "@platform/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { png } from "../../../test/fuzz-setup";
import {
  eachDatabase,
  failure,
  freshPhone,
  freshSmsCode,
  lastSmsCode,
  registerPhone,
  rowsOf,
  signIn,
  startSeeded,
} from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { demoAccounts } from "../../seed";

// Step 15: the account's own changes (avatar, password, phone, deletion) and the message centre.
eachDatabase("the account and its messages", (target) => {
  let platform: TestPlatform;
  const [vip, , permanent] = demoAccounts;

  beforeAll(async () => {
    platform = await startSeeded(target);
  });
  afterAll(() => platform.close());

  /** A new account with a password, signed in on two devices. */
  async function twoDevices(password = "secret123") {
    const { phone } = await registerPhone(platform, password);
    const here = await signIn(platform, { mobile: phone, password });
    const there = await signIn(platform, { mobile: phone, password });
    return { phone, password, here, there };
  }

  it("the avatar is a picture of one's own upload; another's upload is refused", async () => {
    const { here, there } = await twoDevices();
    const picture = await here.api.uploadFile(new File([png], "me.png", { type: "image/png" }), {
      uploadFileType: "PICTURE",
    });
    const { avatarFileUrl } = await here.api.user.modifyAvatar({
      avatarFilename: picture.key,
      avatarBucket: picture.bucketEnum,
    });
    expect(avatarFileUrl).toContain(picture.key);
    expect((await there.api.user.queryInfo()).avatarFileUrl).toBe(avatarFileUrl);
    const stranger = await signIn(platform, vip);
    const refused = await failure(
      stranger.api.user.modifyAvatar({ avatarFilename: picture.key, avatarBucket: picture.bucketEnum }),
    );
    expect(refused.code).toBe(403);
    expect((await stranger.api.user.queryInfo()).avatarFileUrl).not.toBe(avatarFileUrl);
  });

  it("a new password needs the old one; the other devices are signed out, this one stays", async () => {
    const { phone, password, here, there } = await twoDevices();
    expect((await here.api.user.queryInfo()).hasPassword).toBe(true);
    const wrong = await failure(here.api.changePassword({ oldPassword: "not-it-1", password: "newpass1" }));
    expect(wrong.msgKey).toBe(ServerMessageKey.wrongOldPassword);
    const same = await failure(here.api.changePassword({ oldPassword: password, password }));
    expect(same.msgKey).toBe(ServerMessageKey.samePassword);
    const short = await failure(here.api.changePassword({ oldPassword: password, password: "12" }));
    expect(short.code).toBe(400);
    await here.api.changePassword({ oldPassword: password, password: "newpass1" });
    expect((await here.api.user.queryInfo()).mobile).toBe(phone);
    expect((await failure(there.api.user.queryInfo())).kind).toBe("sessionExpired");
    expect((await failure(platform.client().loginWithPassword({ phone, password }))).msgKey).toBe(
      ServerMessageKey.wrongCredentials,
    );
    await platform.client().loginWithPassword({ phone, password: "newpass1" });
  });

  it("an account made by SMS sign-in sets its first password with a code to its phone", async () => {
    const phone = freshPhone();
    const api = platform.client();
    await api.sendSmsCode(phone, SmsCodeType.LOGIN);
    await api.loginWithSms({ phone, code: await lastSmsCode(platform, phone) });
    expect((await api.user.queryInfo()).hasPassword).toBe(false);
    const noOld = await failure(api.changePassword({ oldPassword: "whatever1", password: "firstpw1" }));
    expect(noOld.msgKey).toBe(ServerMessageKey.passwordNotSet);
    expect((await failure(api.changePassword({ code: "0000", password: "firstpw1" }))).msgKey).toBe(
      ServerMessageKey.smsCodeWrong,
    );
    const code = await freshSmsCode(platform, api, phone, SmsCodeType.PASSWORD);
    await api.changePassword({ code, password: "firstpw1" });
    expect((await api.user.queryInfo()).hasPassword).toBe(true);
    await platform.client().loginWithPassword({ phone, password: "firstpw1" });
  });

  it("a new phone: the old phone's code, then the new one's; a number in use is refused", async () => {
    const { phone, password, here, there } = await twoDevices();
    // Without the old phone's code there is no ticket, and a made-up ticket changes nothing.
    expect((await failure(here.api.user.verifyPhone({ code: "1234" }))).code).toBe(400);
    const forged = await failure(
      here.api.user.changePhone({
        ticket: `${String(Date.now() + 60_000)}.abc`,
        mobile: freshPhone(),
        code: "1234",
      }),
    );
    expect(forged.msgKey).toBe(ServerMessageKey.phoneTicketExpired);
    const { ticket, expiresInSeconds } = await here.api.user.verifyPhone({
      code: await freshSmsCode(platform, here.api, phone, SmsCodeType.PHONE_OLD),
    });
    expect(expiresInSeconds).toBe(600);
    // A number somebody has cannot even get the code.
    const taken = await failure(
      here.api.user.sendValidateCode({ phoneNumbers: vip.mobile, type: SmsCodeType.PHONE_NEW }),
    );
    expect(taken.msgKey).toBe(ServerMessageKey.phoneRegistered);
    const next = freshPhone();
    const code = await freshSmsCode(platform, here.api, next, SmsCodeType.PHONE_NEW);
    // Someone else's session cannot use this person's ticket.
    const stranger = await signIn(platform, permanent);
    expect((await failure(stranger.api.user.changePhone({ ticket, mobile: next, code }))).code).toBe(400);
    await here.api.user.changePhone({ ticket, mobile: next, code });
    expect((await here.api.user.queryInfo()).mobile).toBe(next);
    expect((await failure(there.api.user.queryInfo())).kind).toBe("sessionExpired");
    await platform.client().loginWithPassword({ phone: next, password });
    expect((await failure(platform.client().loginWithPassword({ phone, password }))).code).toBe(400);
    // The ticket was for the old number: it cannot change the phone again.
    const again = freshPhone();
    const code2 = await freshSmsCode(platform, here.api, again, SmsCodeType.PHONE_NEW);
    expect((await failure(here.api.user.changePhone({ ticket, mobile: again, code: code2 }))).code).toBe(400);
  });

  it("deleting the account: refused while a recharge is unfinished; then a code; sign-in refused", async () => {
    const { phone, password, here } = await twoDevices();
    expect(await here.api.user.logoffCheck()).toEqual({
      gold: 0,
      wallet: 0,
      game: 0,
      unfinishedRecharges: 0,
      unfinishedWithdrawals: 0,
      canLogoff: true,
    });
    const order = await here.api.trade.rechargeGold({ amount: 10_000, payMethod: "BANK_SM" });
    expect(await here.api.user.logoffCheck()).toMatchObject({ unfinishedRecharges: 1, canLogoff: false });
    const code = await freshSmsCode(platform, here.api, phone, SmsCodeType.LOGOFF);
    const blocked = await failure(here.api.user.logoff({ agreementAccepted: true, code }));
    expect(blocked.msgKey).toBe(ServerMessageKey.logoffUnfinished);
    await here.api.trade.cancelOrder({ orderNum: order.orderNum, reason: "" });
    expect((await here.api.user.logoffCheck()).canLogoff).toBe(true);
    expect((await failure(here.api.user.logoff({ agreementAccepted: true, code: "0000" }))).code).toBe(400);
    await here.api.user.logoff({ agreementAccepted: true, code });
    expect((await failure(platform.client().loginWithPassword({ phone, password }))).msgKey).toBe(
      ServerMessageKey.wrongCredentials,
    );
    // The phone is free again: a new account can be made with it.
    const again = platform.client();
    const code2 = await freshSmsCode(platform, again, phone, SmsCodeType.REGISTER);
    await again.register({ phone, code: code2, password: "another1" });
    await platform.client().loginWithPassword({ phone, password: "another1" });
  });

  it("a reply to one's comment is an unread message until read; a muted kind is not written", async () => {
    const author = await signIn(platform, vip);
    const replier = await signIn(platform, permanent);
    const videos = await author.api.substance.getVideoList({ current: 1, size: 1, price: "free" });
    const videoId = videos.records[0]?.id ?? "";
    const mine = await author.api.substance.doComment({ substanceId: videoId, commentContent: "我的评论" });
    await author.api.user.messageRead({ all: true });
    expect((await author.api.user.unreadTotal()).total).toBe(0);

    await replier.api.substance.doComment({
      substanceId: videoId,
      commentContent: "回复你 a reply",
      replyCommentId: mine.id,
    });
    expect((await author.api.user.unreadTotal()).total).toBe(1);
    const page = await author.api.user.messageList({ current: 1, size: 10 });
    const [message] = page.records;
    expect(message).toMatchObject({
      kind: MessageKind.COMMENT_REPLY,
      read: false,
      params: { videoId, commentId: mine.id, excerpt: "回复你 a reply", replierName: permanent.nickName },
    });
    // Someone else cannot mark it read; its reader can.
    expect((await replier.api.user.messageRead({ ids: [message?.id ?? ""] })).total).toBeGreaterThanOrEqual(
      0,
    );
    expect((await author.api.user.unreadTotal()).total).toBe(1);
    expect((await author.api.user.messageRead({ ids: [message?.id ?? ""] })).total).toBe(0);

    // Turned off: the next reply writes nothing; turned on again, it does.
    const off = await author.api.user.saveMessageSettings({
      kind: MessageKind.COMMENT_REPLY,
      enabled: false,
    });
    expect(off.kinds).toContainEqual({ kind: MessageKind.COMMENT_REPLY, enabled: false });
    await replier.api.substance.doComment({
      substanceId: videoId,
      commentContent: "再回复",
      replyCommentId: mine.id,
    });
    expect((await author.api.user.unreadTotal()).total).toBe(0);
    await author.api.user.saveMessageSettings({ kind: MessageKind.COMMENT_REPLY, enabled: true });
    await author.api.user.saveMessageSettings({ kind: MessageKind.COMMENT_REPLY, enabled: true });
    const settings = await author.api.user.messageSettings();
    expect(settings.kinds.every((k) => k.enabled)).toBe(true);
    const muted = await rowsOf<{ n: number }>(
      platform,
      `select cardinality(muted_message_kinds) as n from users where mobile = '${vip.mobile}'`,
    );
    expect(Number(muted[0]?.n)).toBe(0);
    await replier.api.substance.doComment({
      substanceId: videoId,
      commentContent: "第三次",
      replyCommentId: mine.id,
    });
    expect((await author.api.user.unreadTotal()).total).toBe(1);
    // One's own reply to one's own comment is no message.
    await author.api.substance.doComment({
      substanceId: videoId,
      commentContent: "自己回复",
      replyCommentId: mine.id,
    });
    expect((await author.api.user.unreadTotal()).total).toBe(1);
  });

  it("a purchase writes its message; the seed's member has theirs", async () => {
    const member = await signIn(platform, vip);
    const page = await member.api.user.messageList({ current: 1, size: 50 });
    expect(page.records.some((m) => m.kind === MessageKind.PURCHASE)).toBe(true);
    const paid = await member.api.substance.getVideoList({ current: 1, size: 20, price: "paid" });
    const bought = new Set(
      page.records.flatMap((m) => (m.kind === MessageKind.PURCHASE ? [m.params.videoId] : [])),
    );
    const video = paid.records.find((v) => !bought.has(v.id));
    if (!video) throw new Error("no unbought paid video in the seed");
    const result = await member.api.substance.buyVideo({ payType: "GOLD", substanceId: video.id });
    const after = await member.api.user.messageList({ current: 1, size: 1 });
    expect(after.records[0]).toMatchObject({
      kind: MessageKind.PURCHASE,
      params: { videoId: video.id, videoTitle: video.videoTitle, amount: result.paidAmount },
    });
  });
});
