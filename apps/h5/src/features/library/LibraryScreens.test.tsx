import { ApiError } from "@platform/api-client";
import { Language } from "@platform/domain";
import { describe, expect, it, vi } from "vitest";
import { validateCollectionSearch, validateFromSearch, validateIdSearch } from "../../app/route-search";
import { fakeVideo, pageOf } from "../../test/fakes";
import {
  byText,
  click,
  control,
  hasControl,
  queryText,
  renderApp,
  typeInto,
  waitFor,
} from "../../test/renderApp";
import {
  AddMyCollectionScreen,
  CollectionScreen,
  MemberVipScreen,
  MyBuyScreen,
  MyCollectionScreen,
  MyHistoryScreen,
} from "./screens";

interface Paged {
  current?: number;
  size?: number;
}

interface FolderRow {
  id: string;
  name: string;
  videoCount: number;
  coverUrl: string | null;
  createTime: string;
}

interface Member {
  isVip: boolean;
  isPermanent: boolean;
  remainDays: number;
}

const plans = [
  { id: "1", name: "月卡", days: 30, amount: 3000, originalAmount: 4500, recommended: false, discount: 8 },
  { id: "2", name: "季卡", days: 90, amount: 8000, originalAmount: 13500, recommended: true, discount: 8 },
  { id: "4", name: "永久", days: 0, amount: 68800, originalAmount: null, recommended: false, discount: 8 },
];

/** A stand-in of the calls these screens make: a person with `gold`, membership `member`. */
function fakeLibraryApi({
  gold = 20_000,
  member = { isVip: false, isPermanent: false, remainDays: 0 },
  history = 3,
  folders = [
    { id: "11", name: "周末片单", videoCount: 2, coverUrl: null, createTime: "2025-01-01 10:00:00" },
    { id: "12", name: "学习资料", videoCount: 1, coverUrl: null, createTime: "2025-01-01 10:00:00" },
  ],
}: { gold?: number; member?: Member; history?: number; folders?: FolderRow[] } = {}) {
  const folder = (id: string) => folders.find((f) => f.id === id) ?? folders[0];
  const answer = <T,>(value: T) => vi.fn((_request?: unknown, _options?: unknown) => Promise.resolve(value));
  return {
    user: {
      queryInfo: answer({ nickName: "新用户", ...member }),
      vipGoodList: answer(plans),
      memberCentrePictures: answer([]),
      memberBenefitsConfig: answer([
        { key: "comment", title: "评论特权", description: "发表与回复评论", iconUrl: null },
      ]),
      openVipAccount: answer({ isVip: true, isPermanent: false, remainDays: 30 }),
    },
    trade: { accountDetail: answer([{ type: "GOLD", wallet: gold }]) },
    search: {
      watchHistory: vi.fn((r: Paged) =>
        Promise.resolve(
          pageOf(r, history, (n) => ({
            ...fakeVideo(n, { seenMs: 30_000 }),
            browseTime: "2025-01-01 10:00:00",
          })),
        ),
      ),
      deleteWatchHistory: answer(null),
    },
    substance: {
      myBuyVideoList: vi.fn((r: Paged) => Promise.resolve(pageOf(r, 0, (n) => fakeVideo(n)))),
      getFavorite: answer(folders),
      collectList: vi.fn((r: Paged) => Promise.resolve(pageOf(r, 2, (n) => fakeVideo(n)))),
      createFavorite: vi.fn((r: { name: string }) =>
        Promise.resolve({ ...folders[0], id: "13", name: r.name }),
      ),
      updateFavorite: vi.fn((r: { id: string; name: string }) =>
        Promise.resolve({ ...folder(r.id), name: r.name }),
      ),
      deleteFavorite: answer(null),
      bindCollect: vi.fn((r: { favoriteId: string }) => Promise.resolve(folder(r.favoriteId))),
      unbindCollect: vi.fn((r: { favoriteId: string }) => Promise.resolve(folder(r.favoriteId))),
    },
  };
}

function renderLibrary(api: unknown, path: string, language: Language = Language.zhCN) {
  return renderApp({
    api,
    path,
    language,
    pages: {
      "/membervip": { component: MemberVipScreen, validateSearch: validateFromSearch },
      "/mybuy": MyBuyScreen,
      "/myhistory": MyHistoryScreen,
      "/mycollection": { component: MyCollectionScreen, validateSearch: validateCollectionSearch },
      "/collection": { component: CollectionScreen, validateSearch: validateIdSearch },
      "/addmycollection": AddMyCollectionScreen,
    },
  });
}

const dialogText = () => document.querySelector("[role=dialog], [role=alertdialog]")?.textContent ?? "";

describe("/membervip", () => {
  it("opens the recommended plan for a non-member after a confirmation that says what it costs", async () => {
    const api = fakeLibraryApi();
    await renderLibrary(api, "/membervip");
    await waitFor(() => byText("暂未开通超级会员"));
    await waitFor(() => byText("会员购买付费视频享 20% 优惠"));
    await click(control("立即开通"));
    await waitFor(() => {
      expect(dialogText()).toContain("季卡：90 天超级会员，支付 80.00 金币。");
    });
    expect(dialogText()).toContain("金币余额200.00 金币");
    expect(dialogText()).toContain("支付后金币余额120.00 金币");
    await click(control("确认支付 80.00 金币"));
    await waitFor(() => {
      expect(api.user.openVipAccount).toHaveBeenCalledWith(
        { goodId: "2", type: "OPEN_SVIP", payType: "GOLD" },
        { quiet: true },
      );
    });
  });

  it("renews for a member (days after the term); buying permanent says the days left are not refunded", async () => {
    const api = fakeLibraryApi({
      gold: 100_000,
      member: { isVip: true, isPermanent: false, remainDays: 12 },
    });
    await renderLibrary(api, "/membervip");
    await waitFor(() => byText("超级会员，剩余 12 天"));
    await click(control("立即续费"));
    await waitFor(() => {
      expect(dialogText()).toContain("季卡：在当前会员到期后再增加 90 天，支付 80.00 金币。");
    });
    await click(control("取消"));
    const permanent = [...document.querySelectorAll<HTMLInputElement>("input[name=vip-plan]")].find(
      (input) => input.value === "4",
    );
    if (!permanent) throw new Error("no permanent plan");
    await click(permanent);
    await click(control("立即续费"));
    await waitFor(() => {
      expect(dialogText()).toContain("您当前剩余的 12 天会员不退还。");
    });
    await click(control("确认支付 688.00 金币"));
    await waitFor(() => {
      expect(api.user.openVipAccount).toHaveBeenCalledWith(
        { goodId: "4", type: "BUY_SVIP", payType: "GOLD" },
        { quiet: true },
      );
    });
  });

  it("offers nothing to a permanent member", async () => {
    await renderLibrary(
      fakeLibraryApi({ member: { isVip: true, isPermanent: true, remainDays: 0 } }),
      "/membervip",
    );
    await waitFor(() => byText("您已是永久会员，尊享全部会员权益"));
    expect(hasControl("立即续费")).toBe(false);
    expect(document.querySelectorAll("input[name=vip-plan]")).toHaveLength(0);
  });

  it("with too little gold says how much is missing and goes to recharge, remembering the page", async () => {
    const app = await renderLibrary(fakeLibraryApi({ gold: 1000 }), "/membervip?from=%2Fvideoview%3Fid%3D7");
    await waitFor(() => byText("金币不足：还差 70.00 金币"));
    await click(control("去充值"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/trade");
    });
    expect(app.router.state.location.search).toEqual({
      from: "/membervip?from=%2Fvideoview%3Fid%3D7",
    });
  });

  it("shows a failed load with a retry, and English", async () => {
    const api = fakeLibraryApi();
    api.user.vipGoodList.mockRejectedValueOnce(
      new ApiError({ kind: "network", endpoint: "user.vipGoodList" }),
    );
    await renderLibrary(api, "/membervip", Language.enUS);
    await waitFor(() => control("Retry"));
    await click(control("Retry"));
    await waitFor(() => byText("Not a super VIP yet"));
    await waitFor(() => byText("Members get 20% off paid videos"));
  });
});

describe("the library's lists", () => {
  it("/mybuy says when nothing was bought", async () => {
    await renderLibrary(fakeLibraryApi(), "/mybuy");
    await waitFor(() => byText("还没有购买过视频"));
  });

  it("/myhistory: choosing nothing is refused; the chosen ones and then all are deleted after a confirmation", async () => {
    const api = fakeLibraryApi();
    await renderLibrary(api, "/myhistory");
    await waitFor(() => byText("Video 3"));
    await click(control("选择"));
    await click(control("删除所选（0）"));
    await waitFor(() => byText("请至少选择一个视频"));
    expect(api.search.deleteWatchHistory).not.toHaveBeenCalled();
    const boxes = document.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
    await click(boxes[0]!);
    await click(control("删除所选（1）"));
    await waitFor(() => {
      expect(dialogText()).toContain("所选的 1 条观看记录将删除。");
    });
    await click(control("删除", document.querySelector("[role=alertdialog]") ?? document.body));
    await waitFor(() => {
      expect(api.search.deleteWatchHistory).toHaveBeenCalledWith({ substanceIds: ["1"] }, { quiet: true });
    });
    await click(control("清空"));
    await click(control("删除", document.querySelector("[role=alertdialog]") ?? document.body));
    await waitFor(() => {
      expect(api.search.deleteWatchHistory).toHaveBeenLastCalledWith({ all: true }, { quiet: true });
    });
  });

  it("/myhistory with nothing watched says so", async () => {
    await renderLibrary(fakeLibraryApi({ history: 0 }), "/myhistory");
    await waitFor(() => byText("暂无观看记录"));
    expect(queryText("清空")).toBeNull();
  });
});

/** /collection?id=11 open, in choosing mode, with its second video chosen. */
async function chooseSecondVideoOfFolder11(api: ReturnType<typeof fakeLibraryApi>): Promise<void> {
  await renderLibrary(api, "/collection?id=11");
  await waitFor(() => byText("Video 1"));
  await click(control("选择"));
  const boxes = document.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
  await click(boxes[1]!);
}

describe("folders", () => {
  it("/mycollection?active=FAVORITES lists the folders with their counts", async () => {
    await renderLibrary(fakeLibraryApi(), "/mycollection?active=FAVORITES");
    await waitFor(() => {
      expect(document.querySelector(".h5-library-folders")?.textContent).toContain("周末片单2 个视频");
    });
  });

  it("/collection: moving needs a folder; the move binds there and unbinds here", async () => {
    const api = fakeLibraryApi();
    await chooseSecondVideoOfFolder11(api);
    await click(control("移动到…（1）"));
    await click(control("移动"));
    await waitFor(() => byText("请选择收藏夹"));
    expect(api.substance.bindCollect).not.toHaveBeenCalled();
    const target = document.querySelector<HTMLInputElement>("input[name=move-to]");
    await click(target!);
    await click(control("移动"));
    await waitFor(() => {
      expect(api.substance.unbindCollect).toHaveBeenCalledWith(
        { favoriteId: "11", substanceIds: ["2"] },
        { quiet: true },
      );
    });
    expect(api.substance.bindCollect).toHaveBeenCalledWith(
      { favoriteId: "12", substanceIds: ["2"] },
      { quiet: true },
    );
  });

  it("/collection: removing asks first, then says 'removed from the folder', not 'deleted'", async () => {
    const api = fakeLibraryApi();
    await chooseSecondVideoOfFolder11(api);
    await click(control("移出收藏夹（1）"));
    await waitFor(() => {
      expect(dialogText()).toContain("1 个视频将移出“周末片单”，仍保留在我的收藏中。");
    });
    expect(api.substance.unbindCollect).not.toHaveBeenCalled();
    // Changed one's mind: nothing is removed.
    await click(control("取消"));
    expect(api.substance.unbindCollect).not.toHaveBeenCalled();
    await click(control("移出收藏夹（1）"));
    await waitFor(() => control("移出"));
    await click(control("移出"));
    await waitFor(() => byText("已移出收藏夹"));
    expect(api.substance.unbindCollect).toHaveBeenCalledWith(
      { favoriteId: "11", substanceIds: ["2"] },
      { quiet: true },
    );
    expect(queryText("删除成功")).toBeNull();
  });

  it("/collection: the removal speaks English, the count as a plural", async () => {
    await renderLibrary(fakeLibraryApi(), "/collection?id=11", Language.enUS);
    await waitFor(() => byText("Video 1"));
    await click(control("Select"));
    const boxes = document.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
    await click(boxes[1]!);
    await click(control("Remove from folder (1)"));
    await waitFor(() => {
      expect(dialogText()).toContain("Remove 1 video from “周末片单”? It stays in My collection.");
    });
    await click(control("Remove"));
    await waitFor(() => byText("Removed from the folder"));
  });

  it("/addmycollection refuses a bad name before asking the server, then makes the folder", async () => {
    const api = fakeLibraryApi();
    await renderLibrary(api, "/addmycollection");
    await waitFor(() => control("重命名 周末片单"));
    const box = document.querySelector<HTMLInputElement>("form input");
    await typeInto(box!, "a");
    await click(control("新建"));
    await waitFor(() => byText("收藏夹名称为 2-16 位中文或英文字母"));
    expect(api.substance.createFavorite).not.toHaveBeenCalled();
    await typeInto(box!, "电影收藏");
    await click(control("新建"));
    await waitFor(() => {
      expect(api.substance.createFavorite).toHaveBeenCalledWith({ name: "电影收藏" }, { quiet: true });
    });
  });
});
