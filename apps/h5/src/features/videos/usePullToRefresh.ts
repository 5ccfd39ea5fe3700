import { useRef, useState } from "react";
import type { TouchEvent } from "react";
import { canStartPull, pullDistance, pullPhase } from "./pull";
import type { PullPhase } from "./pull";

/** Whether anything between the touched element and the region is scrolled down. */
function scrolledBelowTop(target: EventTarget, region: HTMLElement): boolean {
  for (let node = target instanceof Element ? target : null; node !== null; node = node.parentElement) {
    if (node.scrollTop > 0) return true;
    if (node === region) break;
  }
  return false;
}

export interface PullToRefresh {
  readonly phase: PullPhase;
  /** How far the content follows the finger, px. */
  readonly distance: number;
  /** A finger is on the region and pulling (the content follows it without easing). */
  readonly dragging: boolean;
  readonly refreshing: boolean;
  /** Refresh now (the button for people without touch), once at a time. */
  readonly refresh: () => Promise<void>;
  /** Spread on the element that holds the list. */
  readonly handlers: {
    readonly onTouchStart: (event: TouchEvent<HTMLElement>) => void;
    readonly onTouchMove: (event: TouchEvent<HTMLElement>) => void;
    readonly onTouchEnd: () => void;
    readonly onTouchCancel: () => void;
  };
}

/**
 * Pull to refresh: a touch drag down on a list at its top, let go past the threshold, runs
 * `onRefresh`. `refresh` does the same for a button.
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>): PullToRefresh {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const startY = useRef<number | null>(null);
  const running = useRef(false);

  const refresh = async () => {
    if (running.current) return;
    running.current = true;
    setRefreshing(true);
    try {
      await onRefresh();
    } catch {
      // The api-client has told the person already; the list keeps what it showed.
    } finally {
      running.current = false;
      setRefreshing(false);
    }
  };

  const end = (release: boolean) => {
    if (startY.current === null) return;
    startY.current = null;
    const phase = pullPhase(distance, running.current);
    setDistance(0);
    setDragging(false);
    if (release && phase === "armed") void refresh();
  };

  return {
    phase: pullPhase(distance, refreshing),
    distance,
    dragging,
    refreshing,
    refresh,
    handlers: {
      onTouchStart: (event) => {
        const touch = event.touches[0];
        if (event.touches.length !== 1 || touch === undefined) return;
        const atTop = !scrolledBelowTop(event.target, event.currentTarget);
        startY.current = canStartPull(atTop, running.current) ? touch.clientY : null;
        setDragging(startY.current !== null);
      },
      onTouchMove: (event) => {
        const touch = event.touches[0];
        if (startY.current === null || touch === undefined) return;
        if (scrolledBelowTop(event.target, event.currentTarget)) {
          // The finger went up first and scrolled the list: this touch is a scroll, not a pull.
          startY.current = null;
          setDistance(0);
          setDragging(false);
          return;
        }
        setDistance(pullDistance(touch.clientY - startY.current));
      },
      onTouchEnd: () => {
        end(true);
      },
      onTouchCancel: () => {
        end(false);
      },
    },
  };
}
