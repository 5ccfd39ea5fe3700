import { ReportReason, ReportTarget, ServerMessageKey, VideoStatus } from "@platform/domain";
import { createAdminClient, memoryTokens } from "@platform/api-client/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure, rowsOf, signIn, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { codeAt, operator } from "../../../test/admin";
import type { DemoLogin } from "../../../test/admin";
import { goldOf, personWithGold } from "../../../test/money";
import { ordinaryAccount, permanentAccount, vipAccount } from "../../../test/social";
import { DEMO_OPERATOR_PASSWORD } from "../../seed/operators";
import { createOperator, newTotpSecret } from "./operators";
import { creatorEarnings } from "../posting/earnings";

/**
 * The operators' console over HTTP (Step 22), as operators use it, on both databases: sign-in with
 * a one-time code, review with claims, reports, a ban, money with a second approver, the
 * creators' share, and the audit log of it all. The suite's close reconciles (zero drift).
 */
eachDatabase("the operators' console", (target) => {
  let platform: TestPlatform;
  const signedIn = new Map<DemoLogin, Awaited<ReturnType<typeof operator>>>();

  /** A demo operator, signed in once for the suite (a code is good once in its 30-second step). */
  const as = async (login: DemoLogin) => {
    const known = signedIn.get(login);
    if (known) return known;
    const client = await operator(platform, login);
    signedIn.set(login, client);
    return client;
  };
  /** The database's own words when it refuses a statement. */
  const refusalOf = async (statement: string) => {
    try {
      await rowsOf(platform, statement);
      return "done";
    } catch (error) {
      return (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    }
  };
  /** A new operator with a secret of its own, signed in. */
  const fresh = async (login: string, role: "reviewer" | "support" | "finance" | "admin") => {
    const secret = newTotpSecret();
    await createOperator(platform.server.ctx, {
      login,
      name: login,
      role,
      password: DEMO_OPERATOR_PASSWORD,
      totpSecret: secret,
    });
    const client = createAdminClient({ baseUrl: platform.server.origin, tokens: memoryTokens() });
    const code = codeAt(secret, login, platform.server.ctx.now());
    await client.signIn({ login, password: DEMO_OPERATOR_PASSWORD, code });
    return { client, secret, code };
  };
  const auditOf = (action: string) =>
    rowsOf<{ actor: string; target_id: string; reason: string | null }>(
      platform,
      `select actor, target_id, reason from audit_log where action = '${action}' order by id`,
    );

  beforeAll(async () => {
    platform = await startSeeded(target);
  });
  afterAll(() => platform.close());

  describe("signing in", () => {
    it("takes the password, then a code; a code is good once", async () => {
      const { client, code } = await fresh("second-reviewer", "reviewer");
      const first = { login: "second-reviewer", password: DEMO_OPERATOR_PASSWORD };
      expect(client.signedIn()).toBe(true);
      expect(await createAdminClient({ baseUrl: platform.server.origin }).signIn(first)).toEqual({
        status: "codeNeeded",
      });
      expect((await client.call("auth.me", {})).operator.role).toBe("reviewer");
      const again = createAdminClient({ baseUrl: platform.server.origin });
      expect((await failure(again.signIn({ ...first, code }))).msgKey).toBe(
        ServerMessageKey.operatorCodeWrong,
      );
    });

    it("enrols a new operator with the secret it offers, and locks after five failures", async () => {
      await createOperator(platform.server.ctx, {
        login: "newcomer",
        name: "新人 Nia",
        role: "support",
        password: "first-password-1",
      });
      const client = createAdminClient({ baseUrl: platform.server.origin });
      const offer = await client.signIn({ login: "newcomer", password: "first-password-1" });
      if (offer.status !== "enrol") throw new Error(`expected enrolment, got ${offer.status}`);
      expect(offer.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      const code = codeAt(offer.secret, "newcomer", platform.server.ctx.now());
      expect((await client.signIn({ login: "newcomer", password: "first-password-1", code })).status).toBe(
        "signedIn",
      );
      // Enrolled: the next sign-in asks for a code, never offers a secret again.
      expect(await client.signIn({ login: "newcomer", password: "first-password-1" })).toEqual({
        status: "codeNeeded",
      });
      for (let i = 0; i < 4; i++)
        expect((await failure(client.signIn({ login: "newcomer", password: "wrong" }))).msgKey).toBe(
          ServerMessageKey.operatorWrongCredentials,
        );
      const locked = await failure(client.signIn({ login: "newcomer", password: "wrong" }));
      expect([locked.status, locked.msgKey]).toEqual([429, ServerMessageKey.operatorLocked]);
      // Locked: even the right password waits.
      expect((await failure(client.signIn({ login: "newcomer", password: "first-password-1" }))).msgKey).toBe(
        ServerMessageKey.operatorLocked,
      );
    });

    it("ends a session idle past ADMIN_IDLE_MINUTES", async () => {
      const { client: support } = await fresh("idle-support", "support");
      expect((await support.call("auth.me", {})).idleMinutes).toBe(30);
      await rowsOf(
        platform,
        `update operator_sessions set last_seen_at = now() - interval '31 minutes'
          where operator_id = (select id from operators where login = 'idle-support')`,
      );
      const over = await failure(support.call("auth.me", {}));
      expect([over.kind, over.status]).toEqual(["sessionExpired", 401]);
      expect(support.signedIn()).toBe(false);
    });
  });

  describe("review", () => {
    it("claims keep two reviewers apart; approve publishes, reject tells the author why", async () => {
      const [a, b] = await rowsOf<{ id: string | number; author_id: string | number }>(
        platform,
        `select id, author_id from videos where status = 99 and deleted_at is null order by id limit 2`,
      );
      if (!a || !b) throw new Error("the seed has published videos");
      await rowsOf(platform, `update videos set status = 40 where id in (${a.id}, ${b.id})`);
      const reviewer = await as("reviewer");
      const admin = await as("admin");
      const queue = await reviewer.call("review.queue", {});
      expect(queue.items.map((q) => q.videoId)).toEqual(expect.arrayContaining([String(a.id), String(b.id)]));
      const claimed = await reviewer.call("review.claim", { videoId: a.id });
      expect([claimed.status, claimed.claimedBy?.name]).toEqual([VideoStatus.inReview, "审核员 Rita"]);
      const taken = await failure(admin.call("review.claim", { videoId: a.id }));
      expect([taken.status, taken.msgKey]).toEqual([409, ServerMessageKey.reviewClaimedByOther]);
      expect((await failure(admin.call("review.approve", { videoId: a.id }))).status).toBe(409);
      const detail = await reviewer.call("review.detail", { videoId: a.id });
      expect(detail.renditions.length).toBeGreaterThan(0);
      const playlist = await fetch(reviewer.mediaUrl(detail.renditions[0]?.url ?? ""));
      expect(playlist.status).toBe(200);
      expect(await playlist.text()).toContain("#EXTINF");
      await reviewer.call("review.approve", { videoId: a.id });
      await reviewer.call("review.reject", { videoId: b.id, reason: "画面含有水印 Watermarked picture" });
      const [published] = await rowsOf<{ status: number }>(
        platform,
        `select status from videos where id = ${a.id}`,
      );
      expect(published?.status).toBe(VideoStatus.published);
      const [refused] = await rowsOf<{ params: { reason: string; approved: boolean } }>(
        platform,
        `select params from messages where user_id = ${b.author_id} and kind = 'VIDEO_REVIEW' order by id desc limit 1`,
      );
      expect(refused?.params).toMatchObject({ approved: false, reason: "画面含有水印 Watermarked picture" });
      expect((await auditOf("review.approve")).map((r) => [r.actor, r.target_id])).toContainEqual([
        "reviewer",
        String(a.id),
      ]);
      expect((await auditOf("review.reject")).at(-1)).toMatchObject({
        reason: "画面含有水印 Watermarked picture",
      });
    });
  });

  describe("reports", () => {
    it("resolving a comment's reports removes it and tells the reporter and the owner", async () => {
      const owner = await signIn(platform, permanentAccount);
      const reporter = await signIn(platform, vipAccount);
      const [video] = await rowsOf<{ id: string }>(
        platform,
        `select id from videos where status = 99 and watch_level = 'FREE' and deleted_at is null order by id limit 1`,
      );
      const comment = await owner.api.substance.doComment({
        substanceId: video?.id ?? "",
        commentContent: "广告 buy now",
      });
      await reporter.api.system.report({
        targetType: ReportTarget.COMMENT,
        targetId: comment.id,
        reason: ReportReason.SPAM,
      });
      const reviewer = await as("reviewer");
      const open = await reviewer.call("reports.list", {});
      const group = open.items.find((g) => g.targetId === comment.id);
      expect(group).toMatchObject({ targetType: "COMMENT", count: 1, summary: "广告 buy now", gone: false });
      await reviewer.call("reports.resolve", {
        targetType: "COMMENT",
        targetId: comment.id,
        resolution: "REMOVED",
        reason: "广告 Advertising",
      });
      const [gone] = await rowsOf<{ deleted: boolean }>(
        platform,
        `select deleted_at is not null as deleted from comments where id = ${comment.id}`,
      );
      expect(gone?.deleted).toBe(true);
      const told = await rowsOf<{ user_id: string | number; kind: string }>(
        platform,
        `select user_id, kind from messages where kind in ('REPORT_OUTCOME', 'MODERATION') order by id desc limit 2`,
      );
      expect(told.map((m) => [String(m.user_id), m.kind]).sort()).toEqual(
        [
          [owner.userId, "MODERATION"],
          [reporter.userId, "REPORT_OUTCOME"],
        ].sort(),
      );
      expect(
        (
          await failure(
            reviewer.call("reports.resolve", {
              targetType: "COMMENT",
              targetId: comment.id,
              resolution: "DISMISSED",
              reason: "again",
            }),
          )
        ).msgKey,
      ).toBe(ServerMessageKey.reportNothingOpen);
    });
  });

  describe("people", () => {
    it("a banned person is signed out everywhere and told why; unbanned, they sign in again", async () => {
      const person = await signIn(platform, ordinaryAccount);
      const support = await as("support");
      const found = await support.call("people.search", { search: ordinaryAccount.mobile.slice(-4) });
      expect(found.items.map((p) => p.id)).toContain(person.userId);
      // The server sorts: by nickname ascending, then descending (the id breaks ties).
      const names = async (desc: boolean) =>
        (await support.call("people.search", { size: 100, sort: { by: "nickName", desc } })).items.map(
          (p) => p.nickName,
        );
      const ascending = await names(false);
      expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(await names(true)).toEqual([...ascending].reverse());
      await support.call("people.ban", { userId: person.userId, reason: "发布诈骗信息 Fraud" });
      const out = await failure(person.api.user.queryInfo({}));
      expect(["sessionExpired", "business"]).toContain(out.kind);
      const refused = await failure(signIn(platform, ordinaryAccount));
      expect([refused.msgKey, refused.msgValues]).toEqual([
        ServerMessageKey.accountBanned,
        { reason: "发布诈骗信息 Fraud" },
      ]);
      const profile = await support.call("people.profile", { userId: person.userId });
      expect([profile.bannedAt !== null, profile.banReason, profile.sessions]).toEqual([
        true,
        "发布诈骗信息 Fraud",
        [],
      ]);
      await support.call("people.unban", { userId: person.userId, reason: "申诉通过 Appeal upheld" });
      expect((await signIn(platform, ordinaryAccount)).userId).toBe(person.userId);
      const reviewer = await as("reviewer");
      expect(
        (await failure(reviewer.call("people.ban", { userId: person.userId, reason: "x" }))).status,
      ).toBe(403);
    });
  });

  describe("money", () => {
    it("an adjustment over the setting waits for a second finance operator", async () => {
      const who = await personWithGold(platform, 0);
      const finance = await as("finance");
      const small = await finance.call("money.adjust", {
        userId: String(who.userId),
        balanceType: "GOLD",
        amount: 1_000,
        reason: "补偿 Goodwill",
      });
      expect(small.status).toBe("APPLIED");
      expect(await goldOf(platform, who.userId)).toBe(1_000);
      const overdraw = await failure(
        finance.call("money.adjust", {
          userId: String(who.userId),
          balanceType: "GOLD",
          amount: -5_000,
          reason: "x",
        }),
      );
      expect(overdraw.msgKey).toBe(ServerMessageKey.adjustmentOverdraw);
      const large = await finance.call("money.adjust", {
        userId: String(who.userId),
        balanceType: "GOLD",
        amount: 200_000,
        reason: "活动奖励 Prize",
      });
      expect(large.status).toBe("PENDING");
      expect(await goldOf(platform, who.userId)).toBe(1_000);
      const own = await failure(
        finance.call("money.decideAdjustment", { id: large.id, approve: true, reason: "ok" }),
      );
      expect([own.status, own.msgKey]).toEqual([403, ServerMessageKey.adjustmentOwnApproval]);
      const second = await as("finance2");
      expect(
        (await second.call("money.decideAdjustment", { id: large.id, approve: true, reason: "核实 Checked" }))
          .status,
      ).toBe("APPLIED");
      expect(await goldOf(platform, who.userId)).toBe(201_000);
      expect((await finance.call("money.reconcile", {})).drift).toEqual([]);
      expect((await auditOf("money.adjust.approved")).at(-1)).toMatchObject({ actor: "finance2" });
    });

    it("a sale credits the author's share; a takedown refunds the buyer and takes it back", async () => {
      const [video] = await rowsOf<{ id: string | number; author_id: string | number; amount: string }>(
        platform,
        `select id, author_id, amount from videos where status = 99 and watch_level = 'CHARGE' and deleted_at is null
          and amount >= 100 order by id limit 1`,
      );
      if (!video) throw new Error("the seed has a CHARGE video");
      const buyer = await personWithGold(platform, 100_000);
      const authorBefore = await goldOf(platform, Number(video.author_id));
      const bought = await buyer.api.substance.buyVideo({ payType: "GOLD", substanceId: video.id });
      const share = Math.floor((bought.paidAmount * 70) / 100);
      expect(await goldOf(platform, Number(video.author_id))).toBe(authorBefore + share);
      // What the author's /creationcenter shows (the route's own function: catalogue authors have no password).
      const earned = await creatorEarnings(platform.server.ctx, Number(video.author_id), 30);
      expect(earned.videos.find((v) => v.videoId === String(video.id))).toMatchObject({
        amount: share,
        sales: 1,
      });
      expect(earned.days.at(-1)?.amount).toBeGreaterThanOrEqual(share);
      const reviewer = await as("reviewer");
      expect(
        (await reviewer.call("review.takedown", { videoId: video.id, reason: "侵权 Copyright" })).refunded,
      ).toBeGreaterThanOrEqual(1);
      expect(await goldOf(platform, buyer.userId)).toBe(100_000);
      expect(await goldOf(platform, Number(video.author_id))).toBe(authorBefore);
      await reviewer.call("review.restore", { videoId: video.id });
    });
  });

  describe("the audit log", () => {
    it("refuses to be changed, and is searchable by action and actor", async () => {
      expect(await refusalOf(`update audit_log set reason = 'changed'`)).toMatch(/append-only/);
      expect(await refusalOf(`delete from audit_log`)).toMatch(/append-only/);
      expect(await refusalOf(`truncate audit_log`)).toMatch(/append-only/);
      const admin = await as("admin");
      const found = await admin.call("audit.search", { action: "people.ban" });
      expect(found.items[0]).toMatchObject({
        actor: "support",
        action: "people.ban",
        reason: "发布诈骗信息 Fraud",
      });
      expect(found.items[0]?.address).not.toBeNull();
      const finance = await as("finance");
      expect((await failure(finance.call("audit.search", {}))).status).toBe(403);
    });
  });
});
