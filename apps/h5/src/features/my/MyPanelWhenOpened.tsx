import { loadCatalog } from "@platform/i18n";
import { useAtomValue } from "jotai";
import { Suspense, lazy, useState } from "react";
import { i18n } from "../../app/i18n";
import { myPanelOpenAtom } from "../../app/state";

/**
 * The 'my' side panel is a chunk of its own, fetched with its words (the `panel` catalog) when it
 * first opens: no page's first load carries a panel the person may never open.
 */
const MyPanelHost = lazy(() =>
  Promise.all([import("./MyPanelHost"), loadCatalog(i18n, "panel").catch(() => undefined)]).then(
    ([module]) => ({ default: module.MyPanelHostWithCatalog }),
  ),
);

/** The panel, from the first time it is opened (then it stays, to animate its closing and reopening). */
export function MyPanelWhenOpened() {
  const open = useAtomValue(myPanelOpenAtom);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <MyPanelHost />
    </Suspense>
  ) : null;
}
