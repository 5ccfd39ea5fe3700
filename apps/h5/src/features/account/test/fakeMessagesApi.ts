import { ApiError } from "@platform/api-client";
import type { RequestOf } from "@platform/api-client";
import { MessageKind, messageKinds } from "@platform/domain";
import type { CentreMessage } from "../messageText";
import { fakeProfile } from "../../../test/fakes";

/** The four kinds, one of each (newest first), as the server words none of them. */
export function sampleMessages(): CentreMessage[] {
  return [
    {
      id: "4",
      kind: MessageKind.COMMENT_REPLY,
      params: { videoId: "42", videoTitle: "猫", commentId: "9", replierName: "阿北", excerpt: "好看" },
      read: false,
      createTime: "2025-06-01 10:00:00",
    },
    {
      id: "3",
      kind: MessageKind.VIDEO_REVIEW,
      params: { videoId: "77", videoTitle: "旅行", approved: false, reason: "画面模糊" },
      read: false,
      createTime: "2025-06-01 09:00:00",
    },
    {
      id: "2",
      kind: MessageKind.WITHDRAW_SETTLED,
      params: { orderNum: "W20250001", amount: 5_000, succeeded: true, reason: null },
      read: true,
      createTime: "2025-05-31 09:00:00",
    },
    {
      id: "1",
      kind: MessageKind.PURCHASE,
      params: { videoId: "42", videoTitle: "猫", amount: 1_234 },
      read: false,
      createTime: "2025-05-30 09:00:00",
    },
  ];
}

/** Message number n (id n), a purchase of 'Video n', unread. */
export function purchaseMessage(n: number): CentreMessage {
  return {
    id: String(n),
    kind: MessageKind.PURCHASE,
    params: { videoId: String(n), videoTitle: `Video ${String(n)}`, amount: 100 * n },
    read: false,
    createTime: "2025-05-30 09:00:00",
  };
}

/**
 * What the message centre, its settings and the 'my' panel call, over messages kept in memory
 * (newest first; the list pages by cursor as the server does: the last id shown).
 */
export function fakeMessagesApi(initial: CentreMessage[] = sampleMessages()) {
  let messages = initial.map((m) => ({ ...m }));
  const muted = new Set<string>();
  const calls = {
    list: [] as RequestOf<"user.messageList">[],
    read: [] as RequestOf<"user.messageRead">[],
    save: [] as RequestOf<"user.saveMessageSettings">[],
    unreadTotal: 0,
  };
  const failing = { list: false, save: false };
  /** How long a save takes (long enough for a test to see the switch before the answer). */
  const timing = { saveMs: 100 };
  const unread = () => messages.filter((m) => !m.read).length;
  const api = {
    client: {
      userInfo: { id: "7", mobile: "13800000001", nickName: "小影", channelTagId: "0" },
      storage: { get: () => null },
      signOut: () => undefined,
    },
    user: {
      messageList: (request: RequestOf<"user.messageList">) => {
        calls.list.push(request);
        if (failing.list)
          return Promise.reject(new ApiError({ kind: "network", endpoint: "test", msg: "Network Error" }));
        const size = request.size ?? 10;
        const start = request.cursor == null ? 0 : messages.findIndex((m) => m.id === request.cursor) + 1;
        const records = messages.slice(start, start + size);
        const last = start + size >= messages.length;
        return Promise.resolve({
          records: records.map((m) => ({ ...m })),
          current: request.current ?? 1,
          size,
          cursor: last ? null : (records.at(-1)?.id ?? null),
        });
      },
      messageRead: (request: RequestOf<"user.messageRead">) => {
        calls.read.push(request);
        const ids = new Set(request.ids ?? []);
        messages = messages.map((m) => (request.all === true || ids.has(m.id) ? { ...m, read: true } : m));
        return Promise.resolve({ total: unread() });
      },
      unreadTotal: () => {
        calls.unreadTotal += 1;
        return Promise.resolve({ total: unread() });
      },
      messageSettings: () =>
        Promise.resolve({ kinds: messageKinds.map((kind) => ({ kind, enabled: !muted.has(kind) })) }),
      saveMessageSettings: async (request: RequestOf<"user.saveMessageSettings">) => {
        calls.save.push(request);
        await new Promise((resolve) => setTimeout(resolve, timing.saveMs));
        if (failing.save) throw new ApiError({ kind: "network", endpoint: "test", msg: "Network Error" });
        if (request.enabled) muted.delete(request.kind);
        else muted.add(request.kind);
        return { kinds: messageKinds.map((kind) => ({ kind, enabled: !muted.has(kind) })) };
      },
      // The 'my' panel's other calls.
      queryInfo: () =>
        Promise.resolve(
          fakeProfile({
            nickName: "小影",
            birthday: null,
            area: null,
            memberId: "80000007",
            username: "u13800000001",
            channelTagId: "0",
            introduction: null,
          }),
        ),
      queryMemberBenefits: () => Promise.resolve({ isCommentEnabled: false, isVip: false, discount: 10 }),
    },
    trade: { accountDetail: () => Promise.resolve([{ type: "GOLD", wallet: 19_550 }]) },
    marketing: { propsList: () => Promise.resolve({ integral: 0, gameToken: 0, videoCard: 0 }) },
    system: { menuConfig: () => Promise.resolve([]) },
  };
  return { api, calls, failing, timing, muted, unread };
}
