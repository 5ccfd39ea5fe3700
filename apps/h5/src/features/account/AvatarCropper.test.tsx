import { Language } from "@platform/domain";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { byText, chooseFile, click, control, typeInto, waitFor } from "../../test/renderApp";
import { answerSquares } from "./test/avatarCropStub";
import { fakeSecurityApi } from "./test/fakeSecurityApi";
import { field, openProfile, renderSecurity, toasts } from "./test/renderSecurity";

// jsdom has no canvas: the cut is the browser's part (its maths: avatarCrop.test.ts); here it
// answers a made-up square and tells which view it was asked to cut.
const crop = vi.hoisted(() => ({ cropToSquare: vi.fn() }));
vi.mock("./avatarCrop", async (original) => ({ ...(await original<object>()), ...crop }));

let restoreObjectUrls: () => void = () => undefined;
beforeEach(() => {
  restoreObjectUrls = answerSquares(crop.cropToSquare, "blob:avatar-original");
  // jsdom lays nothing out and captures no pointer: the crop is 200 px wide here.
  HTMLElement.prototype.setPointerCapture = vi.fn();
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 200 }),
  );
});
afterEach(() => {
  restoreObjectUrls();
  vi.restoreAllMocks();
});

async function fire(el: Element, event: Event) {
  await act(async () => {
    el.dispatchEvent(event);
    await Promise.resolve();
  });
}

/** A 1200 × 800 photo chosen and decoded: the crop shows it. */
async function openCrop(language: Language) {
  const { api } = fakeSecurityApi();
  await renderSecurity(api, "/editprofile", language);
  await waitFor(() => field(language === Language.zhCN ? "昵称" : "Nickname"));
  const photo = new File([new Uint8Array([255, 216, 255])], "me.jpg", { type: "image/jpeg" });
  await chooseFile("avatar-album", photo);
  const picture = await waitFor(() => {
    const img = document.querySelector<HTMLImageElement>(".h5-avatar-crop__picture");
    expect(img).not.toBeNull();
    return img!;
  });
  Object.defineProperty(picture, "naturalWidth", { value: 1200 });
  Object.defineProperty(picture, "naturalHeight", { value: 800 });
  await fire(picture, new Event("load"));
  const frame = document.querySelector<HTMLElement>("[data-testid=avatar-crop]")!;
  return { photo, picture, frame };
}

/** The range input its label names. */
const slider = (name: string) => {
  const input = byText(name).closest("label")?.querySelector("input");
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled "${name}"`);
  return input;
};

const pointer = (type: string, x: number, y: number, pointerId = 1) =>
  Object.assign(new MouseEvent(type, { bubbles: true, clientX: x, clientY: y }), { pointerId });

describe("/editprofile: the avatar's crop", () => {
  it("moves by dragging and the arrows, zooms by the slider, + / − and the wheel; saves what it shows", async () => {
    const { photo, picture, frame } = await openCrop(Language.zhCN);
    // 1200 × 800 fills the round crop by its height: 150 % wide, centred.
    expect(parseFloat(picture.style.width)).toBeCloseTo(150);
    expect(parseFloat(picture.style.left)).toBeCloseTo(-25);
    expect(frame.getAttribute("tabindex")).toBe("0");
    expect(frame.getAttribute("aria-label")).toContain("方向键移动");

    // Dragged 20 px right on a 200 px crop: a tenth of the crop.
    await fire(frame, pointer("pointerdown", 100, 100));
    await fire(frame, pointer("pointermove", 120, 100));
    await fire(frame, pointer("pointerup", 120, 100));
    expect(parseFloat(picture.style.left)).toBeCloseTo(-15);
    // An arrow moves it back by a twentieth; it never goes further than the picture covers.
    await fire(frame, new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    expect(parseFloat(picture.style.left)).toBeCloseTo(-20);
    await fire(frame, new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(parseFloat(picture.style.top)).toBeCloseTo(0);

    const zoom = slider("缩放");
    expect(zoom.type).toBe("range");
    await typeInto(zoom, "2");
    expect(parseFloat(picture.style.width)).toBeCloseTo(300);
    await fire(frame, new KeyboardEvent("keydown", { key: "+", bubbles: true }));
    expect(zoom.value).toBe("2.2");
    await fire(frame, new KeyboardEvent("keydown", { key: "-", bubbles: true }));
    expect(Number(zoom.value)).toBeCloseTo(2);
    await fire(frame, new WheelEvent("wheel", { deltaY: 10_000, bubbles: true }));
    expect(zoom.value).toBe("1");

    await click(control("使用这张"));
    expect(crop.cropToSquare).toHaveBeenCalledWith(photo, { zoom: 1, x: 0.05, y: 0 });
  });

  it("pinches with two fingers to zoom", async () => {
    const { frame } = await openCrop(Language.zhCN);
    await fire(frame, pointer("pointerdown", 80, 100, 1));
    await fire(frame, pointer("pointerdown", 120, 100, 2));
    await fire(frame, pointer("pointermove", 160, 100, 2));
    expect(slider("缩放").value).toBe("2");
  });

  it("says its controls in English", async () => {
    const { frame } = await openCrop(Language.enUS);
    expect(slider("Zoom").type).toBe("range");
    expect(frame.getAttribute("aria-label")).toMatch(/^Crop the avatar/);
    byText("Preview avatar");
  });
});

describe("/editprofile: the avatar", () => {
  it("refuses a file that is not an image", async () => {
    const { api } = fakeSecurityApi();
    await openProfile(api);
    await chooseFile("avatar-album", new File(["x"], "notes.txt", { type: "text/plain" }));
    await waitFor(() => byText("请选择图片文件"));
    expect(byText("请选择图片文件").getAttribute("role")).toBe("alert");
    expect(crop.cropToSquare).not.toHaveBeenCalled();
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it("previews in the crop, then crops, uploads with progress and saves the key and bucket", async () => {
    const { api } = fakeSecurityApi();
    let finish: (value: { key: string; bucketEnum: string }) => void = () => undefined;
    api.uploadFile.mockImplementationOnce((file, options) => {
      options.onProgress?.({ loaded: file.size / 2, total: file.size, fraction: 0.42 });
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    await openProfile(api);
    const photo = new File([new Uint8Array([255, 216, 255])], "me.jpg", { type: "image/jpeg" });
    await chooseFile("avatar-camera", photo);
    await waitFor(() => byText("预览头像"));
    expect(document.querySelector('img[alt="新头像预览"]')?.getAttribute("src")).toBe("blob:avatar-original");
    expect(crop.cropToSquare).not.toHaveBeenCalled();
    expect(api.uploadFile).not.toHaveBeenCalled();

    await click(control("使用这张"));
    // Not moved or zoomed: the centred square.
    expect(crop.cropToSquare).toHaveBeenCalledWith(photo, { zoom: 1, x: 0, y: 0 });
    await waitFor(() => byText("正在上传 42%"));
    expect(document.querySelector('progress[aria-label="上传进度"]')?.getAttribute("value")).toBe("42");
    const [sent, options] = api.uploadFile.mock.calls[0] ?? [];
    expect(sent?.type).toBe("image/jpeg");
    expect(options).toMatchObject({ uploadFileType: "PICTURE" });

    finish({ key: "pictures/avatar-1.jpg", bucketEnum: "PUBLIC" });
    await waitFor(() => {
      expect(toasts()).toContain("头像已更换");
    });
    expect(api.user.modifyAvatar).toHaveBeenCalledWith(
      { avatarFilename: "pictures/avatar-1.jpg", avatarBucket: "PUBLIC" },
      { quiet: true },
    );
  });

  it("has an album input for images and a camera input for the front camera", async () => {
    const { api } = fakeSecurityApi();
    await openProfile(api);
    const album = document.querySelector('[data-testid="avatar-album"]');
    const camera = document.querySelector('[data-testid="avatar-camera"]');
    expect(album?.getAttribute("accept")).toBe("image/*");
    expect(camera?.getAttribute("accept")).toBe("image/*");
    expect(camera?.getAttribute("capture")).toBe("user");
  });
});
