import { useLingui } from "@lingui/react/macro";
import { loadCatalog } from "@platform/i18n";
import { Dialog } from "@platform/ui";
import { useAtom } from "jotai";
import { Suspense, useState } from "react";
import { i18n } from "../../app/i18n";
import { myPanelOpenAtom } from "../../app/state";
import { LoadBoundary, retryableLazy } from "../../components/LoadBoundary";
import { useOnline, useRetryWhenOnline } from "../../components/Offline";

/**
 * The 'my' side panel is a chunk of its own, fetched with its words (the `panel` catalog) when it
 * first opens: no page's first load carries a panel the person may never open. Its words are
 * needed: a catalog that fails fails the panel's load, which is then tried again.
 */
const panel = retryableLazy(() =>
  Promise.all([import("./MyPanelHost"), loadCatalog(i18n, "panel")]).then(([{ MyPanelHostWithCatalog }]) => ({
    default: () => <MyPanelHostWithCatalog />,
  })),
);

/**
 * The panel could not load (offline, a chunk lost): a dialog of the first load's own parts says
 * so in the reader's language, 'retry' and the network coming back load it again; 'close' closes
 * the panel (the next tap on 'my' tries again).
 */
function PanelLoadFailed({ retry }: { readonly retry: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(myPanelOpenAtom);
  const online = useOnline();
  useRetryWhenOnline(retry, open);
  return (
    <Dialog
      open={open}
      title={t`加载失败`}
      confirmLabel={t`重试`}
      cancelLabel={t`关闭`}
      onConfirm={retry}
      onCancel={() => {
        setOpen(false);
        retry();
      }}
    >
      {online ? t`“我的”没有打开，请重试` : t`网络未连接，连上网络后会自动重试`}
    </Dialog>
  );
}

/** The panel, from the first time it is opened (then it stays, to animate its closing and reopening). */
export function MyPanelWhenOpened() {
  const [open] = useAtom(myPanelOpenAtom);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? (
    <LoadBoundary onRetry={panel.retry} fallback={(retry) => <PanelLoadFailed retry={retry} />}>
      <Suspense fallback={null}>
        <panel.Component />
      </Suspense>
    </LoadBoundary>
  ) : null;
}
