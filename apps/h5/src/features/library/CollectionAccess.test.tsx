import { ApiError } from "@platform/api-client";
import { BusinessCode, Language } from "@platform/domain";
import { describe, expect, it, vi } from "vitest";
import { validateCollectionSearch, validateIdSearch } from "../../app/route-search";
import { fakeVideo, pageOf } from "../../test/fakes";
import { byText, control, hasControl, queryText, renderApp, settle, waitFor } from "../../test/renderApp";
import { CollectionScreen, MyCollectionScreen } from "./screens";

const folders = [
  { id: "11", name: "周末片单", videoCount: 2, coverUrl: null, createTime: "2025-01-01 10:00:00" },
];

/** The calls /collection and the folder list make; `refuse` is what a folder's list answers with. */
function fakeFolderApi(refuse?: ApiError) {
  return {
    substance: {
      getFavorite: vi.fn(() => Promise.resolve(folders)),
      collectList: vi.fn((r: { current?: number; size?: number; favoriteId?: string }, _options?: unknown) =>
        refuse === undefined ? Promise.resolve(pageOf(r, 2, (n) => fakeVideo(n))) : Promise.reject(refuse),
      ),
    },
  };
}

/** What the server answers for a folder that is not the caller's (substance favourites: 'not yours'). */
const notYours = new ApiError({
  kind: "business",
  endpoint: "substance.collectList",
  code: BusinessCode.forbidden,
  status: 200,
  msg: "这不是你的收藏夹",
});

function renderFolder(api: unknown, path: string, language: Language = Language.zhCN) {
  return renderApp({
    api,
    path,
    language,
    pages: {
      "/mycollection": { component: MyCollectionScreen, validateSearch: validateCollectionSearch },
      "/collection": { component: CollectionScreen, validateSearch: validateIdSearch },
    },
  });
}

describe("/collection without a folder of one's own", () => {
  it("without an id goes to the folder list instead of loading forever", async () => {
    const api = fakeFolderApi();
    const app = await renderFolder(api, "/collection");
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/mycollection");
    });
    expect(app.router.state.location.search).toEqual({ active: "FAVORITES" });
    await waitFor(() => {
      expect(document.querySelector(".h5-library-folders")?.textContent).toContain("周末片单");
    });
    expect(api.substance.collectList).not.toHaveBeenCalledWith(
      expect.objectContaining({ favoriteId: expect.anything() as unknown }),
      expect.anything(),
    );
  });

  it("with a blank id goes to the folder list too", async () => {
    const app = await renderFolder(fakeFolderApi(), "/collection?id=%20");
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/mycollection");
    });
  });

  it("another person's folder is the app's not-found, once, without a retry", async () => {
    const api = fakeFolderApi(notYours);
    await renderFolder(api, "/collection?id=99");
    await waitFor(() => byText("找不到这个页面：地址可能有误，或页面已被移除。"));
    await settle();
    expect(hasControl("重试")).toBe(false);
    expect(queryText("这不是你的收藏夹")).toBeNull();
    expect(hasControl("返回首页")).toBe(true);
    // The list's call is quiet: no toast says the refusal as well.
    expect(api.substance.collectList).toHaveBeenCalledWith(
      expect.objectContaining({ favoriteId: "99" }),
      expect.objectContaining({ quiet: true }),
    );
  });

  it("a folder that is gone is not found too, in English", async () => {
    const gone = new ApiError({
      kind: "business",
      endpoint: "substance.collectList",
      code: BusinessCode.notFound,
      status: 200,
      msg: "不存在",
    });
    await renderFolder(fakeFolderApi(gone), "/collection?id=98", Language.enUS);
    await waitFor(() => control("Back to home"));
    expect(hasControl("Retry")).toBe(false);
  });
});
