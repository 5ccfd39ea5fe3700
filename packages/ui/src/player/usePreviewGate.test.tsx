import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeMediaClock } from "../test/testClock";
import { usePreviewGate } from "./usePreviewGate";

function setup(limit: number | null) {
  const video = document.createElement("video");
  const clock = fakeMediaClock(video);
  const onLimit = vi.fn();
  const hook = renderHook(
    ({ limitSeconds }) => {
      usePreviewGate(video, limitSeconds, onLimit);
    },
    {
      initialProps: { limitSeconds: limit },
    },
  );
  return { video, clock, onLimit, hook };
}

describe("usePreviewGate on a <video> with a faked clock", () => {
  it("lets playback run below the limit", () => {
    const { clock, onLimit } = setup(30);
    clock.start();
    clock.tick(10);
    clock.tick(29.9);
    expect(clock.pause).not.toHaveBeenCalled();
    expect(onLimit).not.toHaveBeenCalled();
    expect(clock.state.time).toBe(29.9);
  });

  it("pauses, rewinds to the limit and prompts once when playback crosses it", () => {
    const { clock, onLimit } = setup(30);
    clock.start();
    clock.tick(29.5);
    clock.tick(30.4);
    expect(clock.pause).toHaveBeenCalledTimes(1);
    expect(clock.state.paused).toBe(true);
    expect(clock.state.time).toBe(30);
    expect(onLimit).toHaveBeenCalledTimes(1);
    // The rewind itself (a seek to the limit) and late timeupdates do not prompt again.
    clock.seek(30);
    clock.tick(30);
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(clock.pause).toHaveBeenCalledTimes(1);
  });

  it("stops a seek past the limit", () => {
    const { clock, onLimit } = setup(30);
    clock.seek(75);
    expect(clock.state.time).toBe(30);
    expect(onLimit).toHaveBeenCalledTimes(1);
    // Paused already: nothing to pause.
    expect(clock.pause).not.toHaveBeenCalled();
  });

  it("prompts again on the next crossing, and when play is pressed at the limit", () => {
    const { clock, onLimit } = setup(30);
    clock.start();
    clock.tick(31);
    expect(onLimit).toHaveBeenCalledTimes(1);
    // Pressing play at the limit is another attempt to go on.
    clock.start();
    expect(clock.state.paused).toBe(true);
    expect(onLimit).toHaveBeenCalledTimes(2);
    // Back below the limit, then across it again.
    clock.seek(5);
    clock.start();
    clock.tick(30.2);
    expect(onLimit).toHaveBeenCalledTimes(3);
    expect(clock.state.time).toBe(30);
  });

  it("prompts when a locked viewer's playlist ends (it ends at the limit)", () => {
    const { clock, onLimit } = setup(30);
    clock.start();
    clock.tick(29.96);
    clock.fire("ended");
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(clock.state.time).toBe(29.96);
  });

  it("a zero-second preview stops at once", () => {
    const { clock, onLimit } = setup(0);
    clock.start();
    expect(clock.state.paused).toBe(true);
    expect(clock.state.time).toBe(0);
    expect(onLimit).toHaveBeenCalledTimes(1);
  });

  it("lifts the gate when the limit becomes null (after a purchase)", () => {
    const { clock, onLimit, hook } = setup(30);
    clock.start();
    clock.tick(30.5);
    expect(onLimit).toHaveBeenCalledTimes(1);
    act(() => {
      hook.rerender({ limitSeconds: null });
    });
    clock.start();
    clock.tick(45);
    clock.seek(90);
    expect(clock.state.time).toBe(90);
    expect(clock.state.paused).toBe(false);
    expect(clock.pause).toHaveBeenCalledTimes(1);
    expect(onLimit).toHaveBeenCalledTimes(1);
  });

  it("gates nothing without a limit and stops listening on unmount", () => {
    const open = setup(null);
    open.clock.start();
    open.clock.tick(500);
    expect(open.onLimit).not.toHaveBeenCalled();

    const { clock, onLimit, hook } = setup(30);
    hook.unmount();
    clock.start();
    clock.tick(40);
    expect(onLimit).not.toHaveBeenCalled();
    expect(clock.state.time).toBe(40);
  });
});
