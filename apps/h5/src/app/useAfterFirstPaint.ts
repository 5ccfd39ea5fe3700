import { startTransition, useEffect, useState } from "react";

/**
 * False for a screen's first render, true once the browser has painted it and had a moment to
 * spare (Step 23): what is below the fold or behind a tap (recommendations, the comment panel)
 * then renders and asks for its data without lengthening the task that paints the screen. At most
 * `timeoutMs` after the paint when the browser stays busy.
 */
export function useAfterFirstPaint(timeoutMs = 1000): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // A transition: what it reveals renders in slices that yield to the browser, never as one
    // long task of its own.
    const done = () => {
      startTransition(() => {
        setPainted(true);
      });
    };
    const afterPaint = () => {
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(done, { timeout: timeoutMs });
      else timer = setTimeout(done, 0);
    };
    const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame(afterPaint) : null;
    if (frame === null) afterPaint();
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      if (idle !== null) cancelIdleCallback(idle);
      if (timer !== null) clearTimeout(timer);
    };
  }, [timeoutMs]);
  return painted;
}
