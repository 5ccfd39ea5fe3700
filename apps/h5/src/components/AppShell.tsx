import { useLingui } from "@lingui/react/macro";
import { MessageKey } from "@platform/domain";
import { TipDialog, useMessageText, useToast } from "@platform/ui";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import type { ReactNode } from "react";
import { connectToasts } from "../app/notify";
import { sessionExpiredAtom, themeAtom } from "../app/state";
import { useApi } from "../app/useApi";
import { OfflineNotice, OfflineScreen, useOfflineStart } from "./Offline";

/**
 * Around every page: the theme on <html>, toasts reachable from the API client, the session-expired
 * 'tip' dialog (confirm clears local storage and reloads, spec §4), and the 'my' side panel, which
 * the route passes in (`panel`): the shell imports no feature, and the route decides how the panel
 * loads (lazily, out of the first load). Opened without a network, the offline screen stands in
 * for the page; a network lost later is a notice at the top (components/Offline.tsx).
 */
export function AppShell({ children, panel }: { readonly children: ReactNode; readonly panel: ReactNode }) {
  const toast = useToast();
  const text = useMessageText();
  const expired = useAtomValue(sessionExpiredAtom);
  const theme = useAtomValue(themeAtom);
  const api = useApi();
  const { t } = useLingui();
  const offlineStart = useOfflineStart();

  useEffect(() => {
    connectToasts(toast);
    return () => {
      connectToasts(null);
    };
  }, [toast]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <>
      <a className="h5-skip-link" href="#main">
        {t`跳到主要内容`}
      </a>
      <OfflineNotice />
      {offlineStart ? <OfflineScreen /> : children}
      {panel}
      <TipDialog
        open={expired}
        onConfirm={() => {
          api.client.endSession();
          localStorage.clear();
          window.location.reload();
        }}
      >
        {text(MessageKey.sessionExpired)}
      </TipDialog>
    </>
  );
}
