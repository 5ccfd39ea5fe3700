import type { ShakaLike, ShakaLoader, ShakaPlayerLike, ShakaRequestFilter } from "../player/shaka";

/**
 * A stand-in for shaka-player in stories and tests: it records what the player asks of it and
 * plays nothing. Not exported from the package.
 */
export interface FakeShaka {
  readonly shaka: ShakaLike;
  /** Resolves to the stand-in. */
  readonly load: ShakaLoader;
  /** Every player made, in order. */
  readonly players: FakePlayer[];
}

export interface FakePlayer extends ShakaPlayerLike {
  readonly loads: { readonly uri: string; readonly startTime: number | null | undefined }[];
  readonly filters: ShakaRequestFilter[];
  readonly media: HTMLMediaElement | null;
  readonly destroyed: boolean;
  /** Fires shaka's `error` event with this detail. */
  emitError(detail: unknown): void;
}

export function fakeShaka(
  options: { readonly supported?: boolean; readonly failLoad?: boolean } = {},
): FakeShaka {
  const players: FakePlayer[] = [];
  class Player implements FakePlayer {
    loads: { uri: string; startTime: number | null | undefined }[] = [];
    filters: ShakaRequestFilter[] = [];
    media: HTMLMediaElement | null = null;
    destroyed = false;
    private readonly errorListeners: ((event: Event) => void)[] = [];
    static isBrowserSupported() {
      return options.supported ?? true;
    }
    constructor() {
      players.push(this);
    }
    attach(media: HTMLMediaElement) {
      this.media = media;
      return Promise.resolve();
    }
    load(uri: string, startTime?: number | null) {
      this.loads.push({ uri, startTime });
      return options.failLoad === true ? Promise.reject(new Error("load failed")) : Promise.resolve();
    }
    getNetworkingEngine() {
      return {
        registerRequestFilter: (filter: ShakaRequestFilter) => {
          this.filters.push(filter);
        },
      };
    }
    addEventListener(_type: "error", listener: (event: Event) => void) {
      this.errorListeners.push(listener);
    }
    emitError(detail: unknown) {
      const event = Object.assign(new Event("error"), { detail });
      for (const listener of this.errorListeners) listener(event);
    }
    destroy() {
      this.destroyed = true;
      return Promise.resolve();
    }
  }
  const shaka: ShakaLike = { Player };
  return { shaka, load: () => Promise.resolve(shaka), players };
}

/** A loader that never finishes (the loading state). */
export const pendingShaka: ShakaLoader = () =>
  new Promise<never>(() => {
    // Never settles.
  });
