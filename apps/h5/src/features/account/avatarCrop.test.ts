import { describe, expect, it } from "vitest";
import { MAX_ZOOM, centred, clampView, moveView, shownSize, sourceRect, zoomView } from "./avatarCrop";

describe("the avatar crop's maths", () => {
  it("centred, it saves the centred square as large as the shorter side", () => {
    expect(sourceRect(centred, 1200, 800)).toEqual({ x: 200, y: 0, side: 800 });
    expect(sourceRect(centred, 600, 1000)).toEqual({ x: 0, y: 200, side: 600 });
  });

  it("zoomed in twice, it saves the middle half of the shorter side", () => {
    expect(sourceRect({ zoom: 2, x: 0, y: 0 }, 1200, 800)).toEqual({ x: 400, y: 200, side: 400 });
  });

  it("moved right by a quarter crop, it saves what was a quarter of the crop to the left", () => {
    // Zoom 1 on 1200 × 800: one crop side is 800 px, so a quarter is 200 px.
    expect(sourceRect({ zoom: 1, x: 0.25, y: 0 }, 1200, 800)).toEqual({ x: 0, y: 0, side: 800 });
    expect(sourceRect({ zoom: 2, x: -0.25, y: 0.25 }, 1200, 800)).toEqual({ x: 500, y: 100, side: 400 });
  });

  it("never moves the picture off the crop, nor zooms out of 1…MAX_ZOOM", () => {
    // 1200 × 800 at zoom 1 is 1.5 × 1 crop sides: a quarter of room each way across, none down.
    expect(moveView(centred, 3, 3, 1200, 800)).toEqual({ zoom: 1, x: 0.25, y: 0 });
    expect(clampView({ zoom: 0.2, x: 0, y: 0 }, 800, 800).zoom).toBe(1);
    expect(clampView({ zoom: 99, x: 0, y: 0 }, 800, 800).zoom).toBe(MAX_ZOOM);
    const far = moveView({ zoom: 3, x: 0, y: 0 }, -9, 9, 800, 800);
    expect(far).toEqual({ zoom: 3, x: -1, y: 1 });
    const rect = sourceRect(far, 800, 800);
    // The saved square stays inside the picture.
    expect(rect.x + rect.side).toBeCloseTo(800);
    expect(rect.y).toBeCloseTo(0);
  });

  it("zooms about the crop's centre: what is in the middle stays there", () => {
    const before = { zoom: 2, x: 0.2, y: -0.1 };
    const after = zoomView(before, 3, 1000, 1000);
    const middle = (v: typeof before) => {
      const r = sourceRect(v, 1000, 1000);
      return [r.x + r.side / 2, r.y + r.side / 2];
    };
    expect(middle(after)[0]).toBeCloseTo(middle(before)[0]!);
    expect(middle(after)[1]).toBeCloseTo(middle(before)[1]!);
    // Zooming back out pulls the picture in so that it still covers the crop.
    expect(zoomView({ zoom: 4, x: 1.5, y: 0 }, 1, 1000, 1000)).toEqual({ zoom: 1, x: 0, y: 0 });
  });

  it("shows the picture at its size in crop sides", () => {
    expect(shownSize({ zoom: 2, x: 0, y: 0 }, 1200, 800)).toEqual({ width: 3, height: 2 });
  });
});
