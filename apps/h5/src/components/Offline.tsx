import { useLingui } from "@lingui/react/macro";
import { Button } from "@platform/ui";
import { useEffect, useState, useSyncExternalStore } from "react";

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

/** The network dropped while the app was open: one line at the top, nothing on the page is lost. */
export function OfflineNotice() {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <div className="h5-offline-notice" role="status">
      {online ? null : t`网络已断开，恢复后可继续操作`}
    </div>
  );
}
