import { ApiClient, ApiError, InvalidIdentityCardError, memoryStorage } from "@platform/api-client";
import type { Credentials } from "@platform/api-client";
import { Language } from "@platform/domain";
import QRCode from "qrcode";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionKeys } from "../../app/session/queries";
import { channelTagIdAtom } from "../../app/state";
import { withCatalog } from "../../components/CatalogGate";
import {
  byText,
  chooseFile,
  click,
  control,
  queryText,
  renderApp,
  settle,
  waitFor,
} from "../../test/renderApp";
import { rememberCurrentAccount, rememberedAccounts } from "../../app/session/accounts";
import { IdCardScreen } from "./IdCardScreen";
import { ScanIdCardScreen } from "./ScanIdCardScreen";
import type { ScanIdCardScreenProps } from "./ScanIdCardScreen";
import { fakeCredentials } from "../../test/fakes";
import { stubObjectUrls } from "../../test/objectUrls";

/** jsdom has no object URLs: these keep each one's Blob, and which were released. */
const objectUrls = new Map<string, Blob>();
const revoked: string[] = [];
let restoreObjectUrls: () => void = () => undefined;
beforeEach(() => {
  objectUrls.clear();
  revoked.length = 0;
  restoreObjectUrls = stubObjectUrls(
    (blob) => {
      const url = `blob:identity-card-${String(objectUrls.size + 1)}`;
      objectUrls.set(url, blob);
      return url;
    },
    (url) => {
      revoked.push(url);
    },
  );
});
afterEach(() => {
  restoreObjectUrls();
  vi.restoreAllMocks();
});

const IdCard = withCatalog("account", IdCardScreen);

function card(n: number) {
  return {
    cardId: `card-${String(n)}`,
    qrContent: JSON.stringify({
      cardId: `card-${String(n)}`,
      secret: `secret-of-card-${String(n)}-0123456789`,
    }),
    createTime: `2025-01-0${String(n)} 10:00:00`,
  };
}

/** The identity card calls: the card (n), made anew on `regenerate`; `failNext` fails one call. */
function fakeCardApi() {
  const calls: { regenerate?: boolean }[] = [];
  const state = { n: 1, failNext: false };
  const api = {
    client: new ApiClient({ clientId: "h5", clientSecret: "s", reqKey: "k", storage: memoryStorage() }),
    user: {
      identityCard: (request: { regenerate?: boolean }) => {
        calls.push(request);
        if (state.failNext) {
          state.failNext = false;
          return Promise.reject(
            new ApiError({ kind: "network", endpoint: "user.identityCard", msg: "Network Error" }),
          );
        }
        if (request.regenerate === true) state.n += 1;
        return Promise.resolve(card(state.n));
      },
    },
  };
  return { api, calls, state };
}

/** Type, signature and size (its IHDR chunk) of the picture behind an object URL. */
async function pictureOf(url: string): Promise<{ type: string; png: boolean; size: [number, number] }> {
  const blob = objectUrls.get(url);
  if (blob === undefined) throw new Error(`${url} is no object URL`);
  const view = new DataView(await blob.arrayBuffer());
  return {
    type: blob.type,
    png: view.getUint32(0) === 0x89504e47,
    size: [view.getUint32(16), view.getUint32(20)],
  };
}

const qrImage = () => document.body.querySelector<HTMLImageElement>('img[alt="身份卡二维码"]');

/** /idcard opened on a fake API, once its QR picture is shown. */
async function openedCard() {
  const fake = fakeCardApi();
  await renderApp({ api: fake.api, path: "/idcard", pages: { "/idcard": IdCard } });
  const image = await waitFor(() => {
    const found = qrImage();
    if (found === null) throw new Error("no QR image yet");
    return found;
  });
  return { fake, image };
}

describe("IdCardScreen", () => {
  it("shows the card as a 200 × 200 PNG QR code with its time, to save as an image", async () => {
    const { fake, image } = await openedCard();
    // A blob: URL (the server's CSP allows no data: images) of a 200 × 200 PNG.
    expect(image.getAttribute("src")).toBe("blob:identity-card-1");
    expect(await pictureOf("blob:identity-card-1")).toEqual({
      type: "image/png",
      png: true,
      size: [200, 200],
    });
    expect(byText("生成时间：2025-01-01 10:00:00")).toBeTruthy();
    expect(queryText("我的身份卡")).not.toBeNull();
    // What the card is for.
    expect(document.body.textContent).toContain("在另一台设备上登录时");
    const save = control("保存图片");
    expect(save.tagName).toBe("A");
    expect(save.getAttribute("download")).toBe("identity-card.png");
    expect(save.getAttribute("href")).toBe("blob:identity-card-1");
    expect(fake.calls).toEqual([{}]);
  });

  it("on a 2× screen, shows a 400-pixel picture at 200 × 200 and still saves the 200 × 200 file", async () => {
    vi.spyOn(window, "devicePixelRatio", "get").mockReturnValue(1.75);
    const { image } = await openedCard();
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["200", "200"]);
    const shown = image.getAttribute("src") ?? "";
    const saved = control("保存图片").getAttribute("href") ?? "";
    expect(shown).not.toBe(saved);
    expect((await pictureOf(shown)).size).toEqual([400, 400]);
    expect(await pictureOf(saved)).toEqual({ type: "image/png", png: true, size: [200, 200] });
  });

  it("asks before making a new card, then shows it (cancelling keeps the old one)", async () => {
    const fake = fakeCardApi();
    await renderApp({ api: fake.api, path: "/idcard", pages: { "/idcard": IdCard } });
    await waitFor(() => byText("生成时间：2025-01-01 10:00:00"));
    const first = await waitFor(() => {
      const src = qrImage()?.src;
      if (src === undefined) throw new Error("no QR image yet");
      return src;
    });

    await click(control("重新生成"));
    const dialog = await waitFor(() => {
      const found = document.body.querySelector<HTMLElement>('[role="alertdialog"]');
      if (found === null) throw new Error("no confirmation");
      return found;
    });
    expect(dialog.textContent).toContain("旧的身份卡会立即失效");
    await click(control("取消", dialog));
    expect(document.body.querySelector('[role="alertdialog"]')).toBeNull();
    expect(fake.calls).toEqual([{}]);

    await click(control("重新生成"));
    await click(
      control("重新生成", document.body.querySelector<HTMLElement>('[role="alertdialog"]') ?? document.body),
    );
    await waitFor(() => byText("生成时间：2025-01-02 10:00:00"));
    expect(fake.calls).toEqual([{}, { regenerate: true }]);
    expect(byText("已生成新的身份卡，旧身份卡已失效")).toBeTruthy();
    await waitFor(() => {
      expect(qrImage()?.src).not.toBe(first);
    });
    // The old picture's URL is released.
    expect(revoked).toEqual([first]);
    expect(document.body.querySelector('[role="alertdialog"]')).toBeNull();
  });

  it("says why the card did not load and tries again; speaks English", async () => {
    const fake = fakeCardApi();
    fake.state.failNext = true;
    await renderApp({
      api: fake.api,
      path: "/idcard",
      pages: { "/idcard": IdCard },
      language: Language.enUS,
    });
    await waitFor(() => byText("Network Error"));
    await click(control("Retry"));
    await waitFor(() => byText("Created: 2025-01-01 10:00:00"));
    expect(queryText("My identity card")).not.toBeNull();
    // The save link once the picture is drawn.
    await waitFor(() => {
      expect(document.body.querySelector('img[alt="Identity card QR code"]')).not.toBeNull();
    });
    expect(control("Save image").getAttribute("download")).toBe("identity-card.png");
  });
});

/** The RGBA pixels of a QR code holding `text` (4 px a module, white margin), as a canvas gives them. */
function qrPixels(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const scale = 4;
  const margin = 4;
  const size = (modules.size + margin * 2) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const row = Math.floor(y / scale) - margin;
      const col = Math.floor(x / scale) - margin;
      const dark =
        row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col) === 1;
      if (dark) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  }
  return { data, width: size, height: size };
}

const people = {
  "7": { nickName: "小影 Ying", mobile: "13800000007", channelTagId: "0" },
  "8": { nickName: "Owl", mobile: "13900000008", channelTagId: "3" },
};

function credentialsOf(id: "7" | "8", tokens: string): Credentials {
  return fakeCredentials(tokens, {
    id,
    avatarFileUrl: null,
    memberId: `m${id}`,
    isVip: false,
    ...people[id],
  });
}

/** Signed in as Ying (7); Owl's card (8) signs in as Owl, as the server's identityCard token call. */
function fakeScanApi() {
  const client = new ApiClient({ clientId: "h5", clientSecret: "s", reqKey: "k", storage: memoryStorage() });
  client.saveCredentials(credentialsOf("7", "7a"));
  const owlCard = card(8).qrContent;
  const logins: string[] = [];
  const api = {
    client,
    loginWithIdentityCard: (text: string) => {
      logins.push(text);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return Promise.reject(new InvalidIdentityCardError("the QR code is not an identity card"));
      }
      if (text !== owlCard || typeof parsed !== "object") {
        return Promise.reject(
          new ApiError({
            kind: "business",
            endpoint: "auth.tokenIdentityCard",
            code: 400,
            msg: "身份卡已失效",
          }),
        );
      }
      const credentials = credentialsOf("8", "8a");
      client.saveCredentials(credentials);
      return Promise.resolve(credentials);
    },
  };
  return { api, client, logins, owlCard };
}

async function renderScan(
  fake: ReturnType<typeof fakeScanApi>,
  pixels: ReturnType<typeof qrPixels> | null,
  language?: Language,
) {
  const alert = vi.fn();
  const props: ScanIdCardScreenProps = {
    alert,
    mediaDevices: null,
    decodeOptions: { read: () => Promise.resolve(pixels) },
  };
  const Screen = withCatalog("account", () => <ScanIdCardScreen {...props} />);
  const app = await renderApp({
    api: fake.api,
    path: "/scanidcard",
    pages: { "/scanidcard": Screen },
    ...(language === undefined ? {} : { language }),
  });
  return { app, alert };
}

async function chooseAlbumImage() {
  await chooseFile("album-file", new File(["png"], "card.png", { type: "image/png" }));
}

describe("ScanIdCardScreen", () => {
  it("opens the scanner on arrival (here without a camera, offering the album)", async () => {
    const fake = fakeScanApi();
    await renderScan(fake, null);
    const scanner = await waitFor(() => {
      const found = document.body.querySelector<HTMLElement>('[role="dialog"]');
      if (found === null) throw new Error("no scanner");
      return found;
    });
    expect(scanner.getAttribute("aria-labelledby")).not.toBeNull();
    expect(scanner.textContent).toContain("此设备或浏览器无法使用相机");
  });

  it("signs in with a card from the album; signed in already, this switches and keeps the account left", async () => {
    const fake = fakeScanApi();
    rememberCurrentAccount(fake.client);
    const { app, alert } = await renderScan(fake, qrPixels(fake.owlCard));
    app.queryClient.setQueryData(sessionKeys.profile(), { nickName: "小影 Ying" });
    await waitFor(() =>
      byText(
        "扫描另一个账号的身份卡二维码，即可切换到该账号；当前账号会保留在“切换账号”列表里，随时可以切换回来。",
      ),
    );
    await chooseAlbumImage();
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/");
    });
    expect(fake.logins).toEqual([fake.owlCard]);
    expect(alert).not.toHaveBeenCalled();
    expect(fake.client.userInfo?.id).toBe("8");
    expect(app.store.get(channelTagIdAtom)).toBe("3");
    expect(rememberedAccounts(fake.client.storage).map((a) => [a.id, a.nickname])).toEqual([
      ["8", "Owl"],
      ["7", "小影 Ying"],
    ]);
    expect(byText("登录成功")).toBeTruthy();
    await settle();
    expect(
      JSON.stringify(
        app.queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain("小影");
  });

  it("alerts 'no QR code recognised' for an image without a code (as the login popup)", async () => {
    const fake = fakeScanApi();
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
    const { app, alert } = await renderScan(fake, blank, Language.enUS);
    await waitFor(() => control("Scan QR code"));
    await chooseAlbumImage();
    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith("No QR code recognised");
    });
    expect(fake.logins).toEqual([]);
    expect(app.router.state.location.pathname).toBe("/scanidcard");
  });

  it("a code that is no card says so, and leaves the session as it was", async () => {
    const fake = fakeScanApi();
    const { app } = await renderScan(fake, qrPixels("https://example.com/not-a-card"));
    await chooseAlbumImage();
    await waitFor(() => byText("这不是身份卡二维码"));
    expect(fake.client.userInfo?.id).toBe("7");
    expect(app.router.state.location.pathname).toBe("/scanidcard");
  });

  it("a card the server refuses leaves the session as it was (the client's toast says why)", async () => {
    const fake = fakeScanApi();
    const { app } = await renderScan(fake, qrPixels(card(5).qrContent));
    await chooseAlbumImage();
    await waitFor(() => {
      expect(fake.logins).toEqual([card(5).qrContent]);
    });
    await settle();
    expect(fake.client.userInfo?.id).toBe("7");
    expect(fake.client.accessToken).toBe("access-7a");
    expect(app.router.state.location.pathname).toBe("/scanidcard");
    // Ready for another try.
    expect(control("扫描二维码").hasAttribute("disabled")).toBe(false);
  });
});
