import type { RequestOf, ResponseOf } from "@platform/api-client";
import { ApiError } from "@platform/api-client";
import { Language } from "@platform/domain";
import { useParams } from "@tanstack/react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeVideo, pageOf } from "../../test/fakes";
import { renderApp, waitFor } from "../../test/renderApp";
import { channelIdOf, channelNameIn } from "./channel";
import { ChannelScreen } from "./ChannelScreen";

type ChannelRequest = RequestOf<"substance.channelInfo">;
type Channel = ResponseOf<"substance.channelInfo">;

const food: Channel = { channelTagId: "2", name: "美食频道", names: { zhCN: "美食频道", enUS: "Food" } };

/** The channel page's two calls: its name (channel 2 exists) and its videos. */
function fakeApi() {
  const channelInfo = vi.fn((request: ChannelRequest, options?: { quiet?: boolean }) => {
    expect(options?.quiet).toBe(true);
    if (String(request.channelTagId) === "2") return Promise.resolve(food);
    if (String(request.channelTagId) === "7")
      return Promise.reject(new ApiError({ kind: "network", endpoint: "substance.channelInfo" }));
    return Promise.reject(
      new ApiError({
        kind: "business",
        endpoint: "substance.channelInfo",
        code: 404,
        msg: "内容不存在或已删除",
      }),
    );
  });
  const getVideoList = vi.fn((request: RequestOf<"substance.getVideoList">) =>
    Promise.resolve(pageOf(request, 3, fakeVideo)),
  );
  return { api: { substance: { channelInfo, getVideoList } }, channelInfo };
}

function Channel() {
  const { channelTagId } = useParams({ strict: false });
  return <ChannelScreen channelTagId={channelTagId ?? ""} />;
}

async function renderChannel(path: string, api: unknown, language: Language = Language.zhCN) {
  return renderApp({ api, path, language, pages: { "/d/$channelTagId": Channel } });
}

const heading = () => document.body.querySelector("h1")?.textContent ?? null;
const picture = () => document.body.querySelector(".pf-empty")?.getAttribute("data-picture") ?? null;

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("ChannelScreen", () => {
  it("is titled with the channel's name, in the app's language", async () => {
    const { api, channelInfo } = fakeApi();
    await renderChannel("/d/2", api);
    await waitFor(() => {
      expect(heading()).toBe("美食频道");
    });
    expect(channelInfo.mock.calls[0]?.[0]).toEqual({ channelTagId: "2" });
    expect(document.body.textContent).not.toContain("频道 2");
  });

  it("in English, the English name", async () => {
    const { api } = fakeApi();
    await renderChannel("/d/002", api, Language.enUS);
    await waitFor(() => {
      expect(heading()).toBe("Food");
    });
  });

  it("a channel the server does not know shows the not-found screen", async () => {
    const { api } = fakeApi();
    await renderChannel("/d/999999", api);
    await waitFor(() => {
      expect(heading()).toBe("页面不存在");
    });
    expect(picture()).toBe("notFound");
  });

  it("an address that cannot name a channel is not found without asking the server", async () => {
    const { api, channelInfo } = fakeApi();
    await renderChannel("/d/abc", api);
    await waitFor(() => {
      expect(heading()).toBe("页面不存在");
    });
    expect(channelInfo).not.toHaveBeenCalled();
  });

  it("when the name cannot load, the plain word, and the videos still show", async () => {
    const { api } = fakeApi();
    await renderChannel("/d/7", api);
    await waitFor(() => {
      expect(heading()).toBe("频道");
    });
    await waitFor(() => {
      expect(document.body.querySelectorAll("ul[aria-label] li").length).toBe(3);
    });
  });
});

describe("channel helpers", () => {
  it("reads an address's channel id as canonical digits, from 0", () => {
    expect(channelIdOf("0")).toBe("0");
    expect(channelIdOf(" 007 ")).toBe("7");
    expect(channelIdOf(String(Number.MAX_SAFE_INTEGER))).toBe(String(Number.MAX_SAFE_INTEGER));
    for (const bad of ["", "abc", "-1", "1.5", "1e3", "9007199254740993", "12345678901234567"]) {
      expect(channelIdOf(bad), bad).toBeNull();
    }
  });

  it("names a channel in the locale's language", () => {
    expect(channelNameIn(food, "zh-CN")).toBe("美食频道");
    expect(channelNameIn(food, "en-US")).toBe("Food");
  });
});
