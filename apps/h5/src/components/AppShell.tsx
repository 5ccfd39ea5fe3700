import { useLingui } from "@lingui/react/macro";
import { MessageKey } from "@platform/domain";
import { TipDialog, useMessageText, useToast } from "@platform/ui";
import { useRouter } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { Suspense, lazy, useEffect, useState } from "react";
import type { ReactNode } from "react";
import { connectToasts } from "../app/notify";
import { myPanelOpenAtom, sessionExpiredAtom, themeAtom } from "../app/state";

/**
 * The 'my' side panel is a chunk of its own, fetched when it first opens: no page's first load
 * carries a panel the person may never open.
 */
const MyPanelHost = lazy(() =>
  import("../features/my/MyPanelHost").then((module) => ({ default: module.MyPanelHost })),
);

/** The panel, from the first time it is opened (then it stays, to animate its closing and reopening). */
function MyPanelWhenOpened() {
  const open = useAtomValue(myPanelOpenAtom);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <MyPanelHost />
    </Suspense>
  ) : null;
}

/**
 * Around every page: the theme on <html>, toasts reachable from the API client, the session-expired
 * 'tip' dialog (confirm clears local storage and reloads, spec §4), and the 'my' side panel.
 */
export function AppShell({ children }: { readonly children: ReactNode }) {
  const toast = useToast();
  const text = useMessageText();
  const expired = useAtomValue(sessionExpiredAtom);
  const theme = useAtomValue(themeAtom);
  const router = useRouter();
  const { t } = useLingui();

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
      {children}
      <MyPanelWhenOpened />
      <TipDialog
        open={expired}
        onConfirm={() => {
          router.options.context.api.client.endSession();
          localStorage.clear();
          window.location.reload();
        }}
      >
        {text(MessageKey.sessionExpired)}
      </TipDialog>
    </>
  );
}
