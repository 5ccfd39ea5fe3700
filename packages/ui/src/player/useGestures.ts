import { useEffect, useRef, useState } from "react";
import type { KeyboardEvent, MouseEvent } from "react";
import { DOUBLE_TAP_MS, DOUBLE_TAP_SEEK_SECONDS, KEY_SEEK_SECONDS, tapZone } from "./playback";

/** How long controls stay visible while playing without any interaction. */
const CONTROLS_HIDE_MS = 3000;
/** How long the seek feedback shows. */
const SEEK_FLASH_MS = 700;

/** The seek feedback on screen: which way, and a counter so a repeat shows afresh. */
export interface SeekFlash {
  readonly back: boolean;
  readonly n: number;
}

export interface GesturesOptions {
  readonly playing: boolean;
  /** The quality menu is open: the controls stay. */
  readonly menuOpen: boolean;
  /** The player can play (ready, trial not ended): the keys act on it. */
  readonly active: boolean;
  readonly togglePlay: () => void;
  readonly seekBy: (deltaSeconds: number) => void;
  readonly toggleFullscreen: () => void;
}

/**
 * The viewer's taps, pointer and keys on the player, and the controls' visibility they drive: a
 * tap shows or hides the controls, a double tap seeks (left or right third) or plays (middle),
 * keys play (Space, K), seek (arrows) and go full screen (F); while playing, the controls fade
 * after a few idle seconds.
 */
export function useGestures({
  playing,
  menuOpen,
  active,
  togglePlay,
  seekBy,
  toggleFullscreen,
}: GesturesOptions) {
  const [controlsShown, setControlsShown] = useState(true);
  const [flash, setFlash] = useState<SeekFlash | null>(null);
  const lastTapRef = useRef<number | null>(null);
  const tapTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flashTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastActivityRef = useRef(0);

  // While playing, the controls fade after a few idle seconds (focus inside keeps them, in CSS).
  useEffect(() => {
    if (!playing || !controlsShown || menuOpen) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (ms: number) => {
      timer = setTimeout(() => {
        const idle = Date.now() - lastActivityRef.current;
        if (idle >= CONTROLS_HIDE_MS) setControlsShown(false);
        else schedule(CONTROLS_HIDE_MS - idle);
      }, ms);
    };
    schedule(CONTROLS_HIDE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [playing, controlsShown, menuOpen]);

  useEffect(
    () => () => {
      clearTimeout(tapTimerRef.current);
      clearTimeout(flashTimerRef.current);
    },
    [],
  );

  const showFlash = (back: boolean) => {
    setFlash((previous) => ({ back, n: (previous?.n ?? 0) + 1 }));
    clearTimeout(flashTimerRef.current);
    flashTimerRef.current = setTimeout(() => {
      setFlash(null);
    }, SEEK_FLASH_MS);
  };

  /** Playback started: the controls show and the idle time starts again. */
  const onPlaybackStart = () => {
    lastActivityRef.current = Date.now();
    setControlsShown(true);
  };

  const onPointerMove = () => {
    lastActivityRef.current = Date.now();
    if (!controlsShown) setControlsShown(true);
  };

  const onSurfaceClick = (event: MouseEvent<HTMLDivElement>) => {
    lastActivityRef.current = Date.now();
    const now = performance.now();
    const last = lastTapRef.current;
    if (last !== null && now - last < DOUBLE_TAP_MS) {
      lastTapRef.current = null;
      clearTimeout(tapTimerRef.current);
      const rect = event.currentTarget.getBoundingClientRect();
      const zone = tapZone(event.clientX - rect.left, rect.width);
      if (zone === "middle") {
        togglePlay();
      } else {
        seekBy(zone === "back" ? -DOUBLE_TAP_SEEK_SECONDS : DOUBLE_TAP_SEEK_SECONDS);
        showFlash(zone === "back");
      }
      return;
    }
    lastTapRef.current = now;
    clearTimeout(tapTimerRef.current);
    tapTimerRef.current = setTimeout(() => {
      lastTapRef.current = null;
      setControlsShown((shown) => !shown);
    }, DOUBLE_TAP_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    lastActivityRef.current = Date.now();
    if (!controlsShown) setControlsShown(true);
    // Keys on a control (a button, the progress slider, the menu) do what that control does.
    if (event.target !== event.currentTarget || !active) return;
    switch (event.key) {
      case " ":
      case "k":
      case "K":
        event.preventDefault();
        togglePlay();
        break;
      case "ArrowLeft":
        event.preventDefault();
        seekBy(-KEY_SEEK_SECONDS);
        break;
      case "ArrowRight":
        event.preventDefault();
        seekBy(KEY_SEEK_SECONDS);
        break;
      case "f":
      case "F":
        event.preventDefault();
        toggleFullscreen();
        break;
      default:
        break;
    }
  };

  return {
    controlsVisible: controlsShown || !playing || menuOpen,
    flash,
    onPlaybackStart,
    onPointerMove,
    onSurfaceClick,
    onKeyDown,
  };
}
