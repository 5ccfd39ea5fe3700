import { vi } from "vitest";

/**
 * Fakes a real media element's clock in jsdom (which plays nothing): `currentTime`, `paused` and
 * `duration` become plain state, `play()`/`pause()` are spies that fire `play`/`pause`, and
 * `tick`/`seek` move the clock and fire `timeupdate`/`seeking` as a browser would.
 */
export function fakeMediaClock(media: HTMLMediaElement, options: { readonly duration?: number } = {}) {
  const state = {
    time: 0,
    paused: true,
    duration: options.duration ?? 120,
    videoWidth: 1280,
    videoHeight: 720,
  };
  const define = (name: string, descriptor: PropertyDescriptor) => {
    Object.defineProperty(media, name, { configurable: true, ...descriptor });
  };
  define("currentTime", {
    get: () => state.time,
    set: (value: number) => {
      state.time = value;
    },
  });
  define("paused", { get: () => state.paused });
  define("duration", { get: () => state.duration });
  define("videoWidth", { get: () => state.videoWidth });
  define("videoHeight", { get: () => state.videoHeight });
  const play = vi.fn(() => {
    state.paused = false;
    media.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  const pause = vi.fn(() => {
    state.paused = true;
    media.dispatchEvent(new Event("pause"));
  });
  define("play", { value: play });
  define("pause", { value: pause });
  return {
    state,
    play,
    pause,
    /** The viewer presses play. */
    start() {
      void play();
    },
    /** Playback moved on to `seconds`. */
    tick(seconds: number) {
      state.time = seconds;
      media.dispatchEvent(new Event("timeupdate"));
    },
    /** The viewer seeks to `seconds`. */
    seek(seconds: number) {
      state.time = seconds;
      media.dispatchEvent(new Event("seeking"));
    },
    fire(type: string) {
      media.dispatchEvent(new Event(type));
    },
  };
}
