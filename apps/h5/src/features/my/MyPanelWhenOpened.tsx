import { useAtomValue } from "jotai";
import { Suspense, lazy, useState } from "react";
import { myPanelOpenAtom } from "../../app/state";

/**
 * The 'my' side panel is a chunk of its own, fetched when it first opens: no page's first load
 * carries a panel the person may never open.
 */
const MyPanelHost = lazy(() => import("./MyPanelHost").then((module) => ({ default: module.MyPanelHost })));

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
