import { useLingui } from "@lingui/react/macro";
import { Button } from "@platform/ui";
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import type { RefObject } from "react";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser says it is online (`navigator.onLine`, kept current by its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The app opened without a network (the service worker served its shell from cache): a translated
 * screen instead of a list of failures, which reloads the page by itself once the network is back
 * (or on 'retry'). `null` while online, or when the network dropped after the app had started:
 * then `OfflineNotice` says so and the page keeps what it shows and what is being typed.
 */
export function useOfflineStart(): boolean {
  const online = useOnline();
  const [startedOffline] = useState(() => !navigator.onLine);
  useEffect(() => {
    if (startedOffline && online) window.location.reload();
  }, [startedOffline, online]);
  return startedOffline && !online;
}

export function OfflineScreen() {
  const { t } = useLingui();
  return (
    <main id="main" className="h5-offline" tabIndex={-1}>
      <h1 className="h5-offline__title">{t`网络未连接`}</h1>
      <p className="h5-offline__text">{t`请检查网络连接。连上网络后页面会自动打开。`}</p>
      <Button
        onClick={() => {
          window.location.reload();
        }}
      >
        {t`重试`}
      </Button>
    </main>
  );
}

/**
 * Keeps `--pf-top-inset` on <html> at the notice's height while it shows (0 when it does not): the
 * page and its sticky headers move down by it (app.css), so the notice covers no back, search or
 * refresh button at any width, however many lines its words take.
 */
function useTopInset(notice: RefObject<HTMLDivElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const element = notice.current;
    const root = document.documentElement;
    if (element === null || !shown) return;
    const apply = () => {
      root.style.setProperty("--pf-top-inset", `${String(element.offsetHeight)}px`);
    };
    apply();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(apply);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty("--pf-top-inset");
    };
  }, [notice, shown]);
}

/** The network dropped while the app was open: one line at the top, nothing on the page is lost. */
export function OfflineNotice() {
  const { t } = useLingui();
  const online = useOnline();
  const notice = useRef<HTMLDivElement>(null);
  useTopInset(notice, !online);
  return (
    <div ref={notice} className="h5-offline-notice" role="status">
      {online ? null : t`网络已断开，恢复后可继续操作`}
    </div>
  );
}

/** Calls `retry` when the browser says the network is back (the `online` event). */
export function useRetryWhenOnline(retry: () => void, enabled = true): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!enabled) return;
    const onOnline = () => {
      latest.current();
    };
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("online", onOnline);
    };
  }, [enabled]);
}
