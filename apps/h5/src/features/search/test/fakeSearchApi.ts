import type { RequestOf } from "@platform/api-client";
import { ApiError } from "@platform/api-client";
import { expect, vi } from "vitest";
import { fakeVideo, pageOf } from "../../../test/fakes";

export type VideoRequest = RequestOf<"search.substance">;
export type MemberRequest = RequestOf<"search.user">;

/** The signed-in person of the fake (a member among the results). */
export const VIEWER = "7";

/**
 * The calls the screens make. Videos: 25 for any words but 'nothing' (none); members: 12, the
 * viewer among them; `failNext` fails the next call as the api-client would; `holdFollow` keeps
 * follow calls waiting until `releaseFollow`.
 */
export function fakeApi() {
  const videoRequests: VideoRequest[] = [];
  const memberRequests: MemberRequest[] = [];
  const followCalls: { kind: "follow" | "unfollow"; body: { followUserId: string; userId: string } }[] = [];
  const following = new Set<string>(["2"]);
  const state = { failNext: false, holdFollow: false, holdFirstPageOf: null as string | null };
  let cancelHeld: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  let openGate: () => void = () => undefined;
  let releaseFollow: () => void = () => undefined;

  const fail = (endpoint: "search.substance" | "search.user") => {
    state.failNext = false;
    return Promise.reject(new ApiError({ kind: "network", endpoint }));
  };

  const substance = vi.fn(async (request: VideoRequest, options?: { signal?: AbortSignal }) => {
    videoRequests.push(request);
    if (gate !== null) await gate;
    expect(options?.signal).toBeInstanceOf(AbortSignal);
    if (state.failNext) return fail("search.substance");
    const keyword = request.keyword ?? "";
    if ((request.current ?? 1) === 1) {
      // The api-client's firstPageCancels: a new first page cancels an earlier one in flight.
      cancelHeld?.();
      cancelHeld = null;
      if (state.holdFirstPageOf === keyword) {
        state.holdFirstPageOf = null;
        return new Promise<never>((_, reject) => {
          cancelHeld = () => {
            reject(new ApiError({ kind: "cancelled", endpoint: "search.substance" }));
          };
        });
      }
    }
    return pageOf(request, keyword === "nothing" ? 0 : 25, (n) =>
      fakeVideo(n, { videoTitle: `${keyword} video ${String(n)}` }),
    );
  });

  const user = vi.fn((request: MemberRequest, options?: { signal?: AbortSignal }) => {
    memberRequests.push(request);
    expect(options?.signal).toBeInstanceOf(AbortSignal);
    if (state.failNext) return fail("search.user");
    return Promise.resolve(
      pageOf(request, 12, (n) => ({
        userId: String(n),
        nickName: `${request.content} fan ${String(n)}`,
        avatarFileUrl: null,
        fansCount: 10,
        hasFollow: following.has(String(n)),
      })),
    );
  });

  const followCall =
    (kind: "follow" | "unfollow") => async (body: { followUserId: string; userId: string }) => {
      followCalls.push({ kind, body });
      if (state.holdFollow) {
        await new Promise<void>((resolve) => {
          releaseFollow = resolve;
        });
      }
      if (kind === "follow") following.add(body.followUserId);
      else following.delete(body.followUserId);
      return { hasFollow: kind === "follow", fansCount: kind === "follow" ? 11 : 10 };
    };

  const api = {
    client: { userInfo: { id: VIEWER, channelTagId: "0" }, storage: { get: () => null } },
    search: {
      substance,
      user,
      hotTags: vi.fn(() =>
        Promise.resolve([
          { tag: "旅行", playCount: 900 },
          { tag: "vlog", playCount: 500 },
        ]),
      ),
    },
    contacts: { follow: vi.fn(followCall("follow")), unfollow: vi.fn(followCall("unfollow")) },
  };
  return {
    api,
    videoRequests,
    memberRequests,
    followCalls,
    state,
    release: () => {
      releaseFollow();
    },
    /** Video pages wait until `openVideoGate`. */
    closeVideoGate: () => {
      gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
    },
    openVideoGate: () => {
      gate = null;
      openGate();
    },
  };
}
