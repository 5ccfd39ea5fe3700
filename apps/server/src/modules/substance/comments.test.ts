import { MessageKey, ServerMessageKey } from "@platform/domain";
import type { Comment } from "@platform/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, failure } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { startSocial, vipAccount } from "../../../test/social";
import type { Person, Social } from "../../../test/social";
import { comments } from "../../db/schema";

eachDatabase("comments over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;
  let permanent: Person;
  let studio: Person;
  let fresh: Social["fresh"];
  let rowOf: Social["rowOf"];

  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, ordinary, permanent, studio, fresh, rowOf } = await startSocial(target));
  });
  afterAll(() => platform.close());

  describe("comments", () => {
    it("are for super members only", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      for (const who of [ordinary, studio]) {
        expect(
          await failure(who.api.substance.doComment({ substanceId, commentContent: "你好 Hello" })),
        ).toMatchObject({
          kind: "business",
          code: 403,
          msgKey: ServerMessageKey.needSuperMember,
        });
      }
      expect((await rowOf(substanceId)).commentCount).toBe(0);
      expect((await ordinary.api.substance.commentList({ substanceId })).total).toBe(0);
      // Reading them is open to everyone signed in.
      await permanent.api.substance.doComment({ substanceId, commentContent: "永久会员 Permanent" });
      expect(
        (await ordinary.api.substance.commentList({ substanceId })).records.map((c) => c.commentContent),
      ).toEqual(["永久会员 Permanent"]);
    });

    it("writes comments and nested replies, and refuses empty or overlong ones", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const root = await vip.api.substance.doComment({ substanceId, commentContent: "第一条评论 First" });
      expect(root).toMatchObject({
        commentUserId: vip.userId,
        commentUserName: vipAccount.nickName,
        commentContent: "第一条评论 First",
        likeFlag: false,
        likeCount: 0,
        childList: [],
        childCount: 0,
        replyCommentId: null,
      });
      // 500 characters (as people count them: emoji are one each) are fine, 501 are not.
      const longest = await vip.api.substance.doComment({ substanceId, commentContent: "😀".repeat(500) });
      expect(longest.commentContent).toBe("😀".repeat(500));
      expect(
        (await failure(vip.api.substance.doComment({ substanceId, commentContent: "好".repeat(501) }))).code,
      ).toBe(400);
      expect(
        (await failure(vip.api.substance.doComment({ substanceId, commentContent: "😀".repeat(501) }))).code,
      ).toBe(400);
      for (const empty of ["", "   "]) {
        expect(
          await failure(vip.api.substance.doComment({ substanceId, commentContent: empty })),
        ).toMatchObject({
          code: 400,
          msgKey: MessageKey.commentRequired,
        });
      }

      const replies: Comment[] = [];
      for (const text of ["回复一 Reply one", "回复二 Reply two", "回复三 Reply three"]) {
        replies.push(
          await permanent.api.substance.doComment({
            substanceId,
            commentContent: text,
            replyCommentId: root.id,
          }),
        );
      }
      expect(replies[0]?.replyCommentId).toBe(root.id);
      // A reply to a reply stays in the same thread.
      const answer = await vip.api.substance.doComment({
        substanceId,
        commentContent: "回复回复 Answer",
        replyCommentId: replies[0]?.id ?? "",
      });
      expect(answer.replyCommentId).toBe(replies[0]?.id);
      expect(
        await failure(
          vip.api.substance.doComment({
            substanceId,
            commentContent: "没人 Nobody",
            replyCommentId: "99999999",
          }),
        ),
      ).toMatchObject({ code: 404, msgKey: ServerMessageKey.replyTargetGone });
      expect((await rowOf(substanceId)).commentCount).toBe(6);
      expect((await vip.api.substance.getInfoById({ id: substanceId })).commentCount).toBe(6);

      const page = await vip.api.substance.commentList({ substanceId });
      expect(page.total).toBe(2);
      expect(page.records.map((c) => c.id)).toEqual([longest.id, root.id]);
      const thread = page.records[1];
      expect(thread?.childCount).toBe(4);
      expect(thread?.childList).toHaveLength(2);
      expect(thread?.childList.map((c) => [c.id, c.commentContent, c.replyCommentUserName])).toEqual([
        [replies[0]?.id, "回复一 Reply one", vipAccount.nickName],
        [replies[1]?.id, "回复二 Reply two", vipAccount.nickName],
      ]);
      expect(page.records[0]).toMatchObject({ childCount: 0, childList: [] });
      expect(
        (await vip.api.substance.commentList({ substanceId, childSize: 3 })).records[1]?.childList,
      ).toHaveLength(3);
      // No replies asked for: none listed, and the thread still says how many it has.
      expect((await vip.api.substance.commentList({ substanceId, childSize: 0 })).records[1]).toMatchObject({
        childCount: 4,
        childList: [],
      });
      expect(
        (await vip.api.substance.commentList({ substanceId, size: 1 })).records.map((c) => c.id),
      ).toEqual([longest.id]);
      expect(
        (await vip.api.substance.commentList({ substanceId, size: 1, current: 2 })).records.map((c) => c.id),
      ).toEqual([root.id]);

      const all = await vip.api.substance.commentList({ substanceId, rootCommentId: root.id });
      expect(all.total).toBe(4);
      expect(all.records.map((c) => c.id)).toEqual([...replies.map((r) => r.id), answer.id]);
      expect(all.records[3]).toMatchObject({
        commentContent: "回复回复 Answer",
        replyCommentId: replies[0]?.id,
      });
    });

    it("toggles a comment's like for each person", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const comment = await vip.api.substance.doComment({ substanceId, commentContent: "点赞我 Like me" });
      expect(await ordinary.api.substance.likeComment({ commentId: comment.id })).toEqual({
        likeFlag: true,
        likeCount: 1,
      });
      expect((await ordinary.api.substance.commentList({ substanceId })).records[0]).toMatchObject({
        likeFlag: true,
        likeCount: 1,
      });
      expect((await vip.api.substance.commentList({ substanceId })).records[0]).toMatchObject({
        likeFlag: false,
        likeCount: 1,
      });
      expect(await vip.api.substance.likeComment({ commentId: comment.id })).toEqual({
        likeFlag: true,
        likeCount: 2,
      });
      expect(await ordinary.api.substance.likeComment({ commentId: comment.id })).toEqual({
        likeFlag: false,
        likeCount: 1,
      });
      expect(await vip.api.substance.likeComment({ commentId: comment.id })).toEqual({
        likeFlag: false,
        likeCount: 0,
      });
      expect((await vip.api.substance.commentList({ substanceId })).records[0]).toMatchObject({
        likeFlag: false,
        likeCount: 0,
      });
      expect((await failure(vip.api.substance.likeComment({ commentId: "99999999" }))).code).toBe(404);
    });

    it("lets only the writer delete a comment; a top-level one takes its thread", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const root = await vip.api.substance.doComment({ substanceId, commentContent: "楼主 Top" });
      const other = await vip.api.substance.doComment({ substanceId, commentContent: "另一条 Another" });
      const replies: Comment[] = [];
      for (const text of ["一 One", "二 Two", "三 Three"]) {
        replies.push(
          await permanent.api.substance.doComment({
            substanceId,
            commentContent: text,
            replyCommentId: root.id,
          }),
        );
      }
      expect((await rowOf(substanceId)).commentCount).toBe(5);

      for (const [who, id] of [
        [ordinary, root.id],
        [permanent, root.id],
        [vip, replies[0]?.id ?? ""],
      ] as const) {
        expect(await failure(who.api.substance.deleteComment({ commentId: id }))).toMatchObject({
          code: 403,
          msgKey: ServerMessageKey.notYours,
        });
      }
      expect((await rowOf(substanceId)).commentCount).toBe(5);

      // A reply goes alone.
      await permanent.api.substance.deleteComment({ commentId: replies[0]?.id ?? "" });
      expect((await rowOf(substanceId)).commentCount).toBe(4);
      const after = (await vip.api.substance.commentList({ substanceId })).records.find(
        (c) => c.id === root.id,
      );
      expect(after?.childCount).toBe(2);
      expect(after?.childList.map((c) => c.id)).toEqual([replies[1]?.id, replies[2]?.id]);

      // The top-level comment takes its remaining replies.
      await vip.api.substance.deleteComment({ commentId: root.id });
      const left = await vip.api.substance.commentList({ substanceId });
      expect(left.total).toBe(1);
      expect(left.records.map((c) => c.id)).toEqual([other.id]);
      expect((await vip.api.substance.commentList({ substanceId, rootCommentId: root.id })).records).toEqual(
        [],
      );
      expect((await rowOf(substanceId)).commentCount).toBe(1);
      expect((await vip.api.substance.getInfoById({ id: substanceId })).commentCount).toBe(1);
      expect((await failure(vip.api.substance.deleteComment({ commentId: root.id }))).code).toBe(404);
      expect(
        (await failure(permanent.api.substance.deleteComment({ commentId: replies[1]?.id ?? "" }))).code,
      ).toBe(404);
      expect((await failure(ordinary.api.substance.likeComment({ commentId: root.id }))).code).toBe(404);
      expect(
        await failure(
          permanent.api.substance.doComment({
            substanceId,
            commentContent: "晚了 Late",
            replyCommentId: root.id,
          }),
        ),
      ).toMatchObject({ code: 404, msgKey: ServerMessageKey.replyTargetGone });
    });

    it("keeps markup as plain text, byte for byte", async () => {
      const video = fresh();
      const substanceId = String(video.id);
      const texts = [
        "<script>alert(1)</script>",
        `<img src=x onerror="alert('x')"> &amp; &lt;b&gt; \\ "quoted"`,
      ];
      for (const text of texts) {
        const written = await vip.api.substance.doComment({ substanceId, commentContent: text });
        expect(written.commentContent).toBe(text);
        const [stored] = await db()
          .select({ content: comments.content })
          .from(comments)
          .where(eq(comments.id, Number(written.id)));
        expect(stored?.content).toBe(text);
      }
      const listed = await ordinary.api.substance.commentList({ substanceId });
      expect(listed.records.map((c) => c.commentContent).sort()).toEqual([...texts].sort());
      // And as JSON text on the wire: escaped only as JSON escapes it.
      const response = await fetch(`${platform.server.origin}/api/substance/app/comment/longList`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${vip.api.client.storage.get("accessToken") ?? ""}`,
        },
        body: JSON.stringify({ substanceId }),
      });
      const raw = await response.text();
      expect(raw).toContain("<script>alert(1)</script>");
      expect(raw).not.toContain("&lt;script");
    });
  });
});
