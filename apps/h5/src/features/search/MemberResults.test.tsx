import { Language } from "@platform/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { click, control, hasControl, scrollForMore, waitFor } from "../../test/renderApp";
import { VIEWER, fakeApi } from "./test/fakeSearchApi";
import type { MemberRequest } from "./test/fakeSearchApi";
import { pageShown, renderSearch, videoRows } from "./test/renderSearch";

beforeEach(() => {
  localStorage.clear();
});

describe("/search with words: members", () => {
  it("lists members on the member tab (kept in the URL), with no follow button on one's own row", async () => {
    const { api, memberRequests, videoRequests } = fakeApi();
    const { router } = await renderSearch(api, "/search?q=geek");
    await waitFor(() => {
      expect(videoRows()).toHaveLength(10);
    });
    await click(control("用户"));
    await waitFor(() => {
      expect(document.querySelectorAll(".pf-member-search__row")).toHaveLength(10);
    });
    expect(router.state.location.search).toEqual({ q: "geek", tab: "member" });
    expect(memberRequests[0]).toEqual({ content: "geek", current: 1, size: 10 });
    expect(control("用户").getAttribute("aria-selected")).toBe("true");
    const own = [...document.querySelectorAll(".pf-member-search__row")].find((row) =>
      row.textContent.includes(`fan ${VIEWER}`),
    );
    expect(own?.querySelector(".pf-member-search__follow")).toBeNull();
    expect(document.querySelectorAll(".pf-member-search__follow")).toHaveLength(9);

    await scrollForMore(() => document.querySelectorAll(".pf-member-search__row"), 12);
    expect(memberRequests.map((r) => r.current)).toEqual([1, 2]);
    // Only one video page was asked for: the member tab does not load videos.
    expect(videoRequests).toHaveLength(1);
  });

  it("follows and unfollows as the signed-in person, the row changing once the server answers", async () => {
    const { api, followCalls, state, release } = fakeApi();
    await renderSearch(api, "/search?q=geek&tab=member");
    const row = (userId: string) =>
      [...document.querySelectorAll<HTMLElement>(".pf-member-search__row")].find((r) =>
        r.textContent.includes(`fan ${userId}`),
      );
    const followButton = (userId: string) => {
      const button = row(userId)?.querySelector<HTMLButtonElement>(".pf-member-search__follow");
      if (!button) throw new Error(`no follow button on ${userId}`);
      return button;
    };
    await waitFor(() => {
      expect(followButton("3").textContent).toBe("关注");
    });
    expect(followButton("2").textContent).toBe("已关注");

    state.holdFollow = true;
    await click(followButton("3"));
    await waitFor(() => {
      expect(followButton("3").getAttribute("aria-busy")).toBe("true");
    });
    expect(followButton("3").textContent).toBe("关注");
    // A second tap while waiting sends nothing.
    await click(followButton("3"));
    state.holdFollow = false;
    release();
    await waitFor(() => {
      expect(followButton("3").textContent).toBe("已关注");
    });
    expect(followButton("3").getAttribute("aria-pressed")).toBe("true");
    expect(row("3")?.textContent).toContain("粉丝 11");
    expect(followCalls).toEqual([{ kind: "follow", body: { followUserId: "3", userId: VIEWER } }]);

    await click(followButton("2"));
    await waitFor(() => {
      expect(followButton("2").textContent).toBe("关注");
    });
    expect(followCalls.at(-1)).toEqual({ kind: "unfollow", body: { followUserId: "2", userId: VIEWER } });
  });

  it("opens a member's page on /creationcenter", async () => {
    const { api } = fakeApi();
    const { router } = await renderSearch(api, "/search?q=geek&tab=member");
    await waitFor(() => {
      expect(hasControl("geek fan 4粉丝 10")).toBe(true);
    });
    await click(control("geek fan 4粉丝 10"));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/creationcenter");
    });
    expect(router.state.location.search).toEqual({ id: "4" });
    expect(pageShown()).toContain("/creationcenter");
  });

  it("says no member was found, in English too", async () => {
    const { api } = fakeApi();
    api.search.user.mockImplementationOnce((request: MemberRequest) =>
      Promise.resolve({ records: [], total: 0, current: request.current ?? 1, size: 10 }),
    );
    await renderSearch(api, "/search?q=zzz&tab=member", Language.enUS);
    await waitFor(() => {
      expect(document.body.textContent).toMatch(/no (matching )?(users|members)/i);
    });
    expect(control("Users").getAttribute("aria-selected")).toBe("true");
  });
});
