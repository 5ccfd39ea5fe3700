import { useEffect, useState, useSyncExternalStore } from "react";

/** The media query (a selector of media features, not a sentence). */
const reducedMotionSelector = "(prefers-reduced-motion: reduce)";

/** The user asked the system for less motion (`prefers-reduced-motion: reduce`). */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(reducedMotionSelector).matches
    : false;
}

/**
 * Keeps a layer mounted for `exitMs` after `open` turns false, so it can play its closing
 * animation. `exiting` is true in that time (the layer should then be inert and hidden from
 * assistive technology: for everyone but the eye it is already closed). Under reduced motion the
 * layer goes at once.
 */
export function usePresence(open: boolean, exitMs: number): { mounted: boolean; exiting: boolean } {
  const [exiting, setExiting] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    setExiting(!open && exitMs > 0 && !prefersReducedMotion());
  }
  useEffect(() => {
    if (!exiting) return undefined;
    const timer = setTimeout(() => {
      setExiting(false);
    }, exitMs);
    return () => {
      clearTimeout(timer);
    };
  }, [exiting, exitMs]);
  return { mounted: open || exiting, exiting: !open && exiting };
}

/** True `delayMs` after `on` became true; false again as soon as `on` is false. */
export function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  const [wasOn, setWasOn] = useState(on);
  if (wasOn !== on) {
    setWasOn(on);
    if (!on) setReady(false);
  }
  useEffect(() => {
    if (!on) return undefined;
    const timer = setTimeout(() => {
      setReady(true);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [on, delayMs]);
  return on && ready;
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  return () => {
    window.removeEventListener("resize", onChange);
  };
}

/** The window's inner height, kept current on resize (0 where there is no window). */
export function useWindowHeight(): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerHeight,
    () => 0,
  );
}
