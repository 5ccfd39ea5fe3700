import { useLingui } from "@lingui/react/macro";
import { headerBackTarget } from "@platform/domain";
import { IconButton, PageHeader, TabBar } from "@platform/ui";
import type { TabKey } from "@platform/ui";
import { useCanGoBack, useLocation, useNavigate, useRouter } from "@tanstack/react-router";
import { useAtom, useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { channelTagIdAtom, myPanelOpenAtom } from "../app/state";

/** Where each tab goes; 'navigation' asks for the map itself, whatever the switch says of / (routes/index). */
const tabRoutes: Partial<Record<TabKey, string>> = {
  home: "/home",
  trend: "/trend",
  game: "/game",
  navigation: "/?map=1",
};

function activeTab(path: string): TabKey | null {
  const p = path.toLowerCase();
  if (p === "/") return "navigation";
  if (p.startsWith("/d/")) return "channel";
  const found = Object.entries(tabRoutes).find(([key, to]) => key !== "navigation" && p.startsWith(to));
  return found ? (found[0] as TabKey) : null;
}

/** The bottom tab bar: '/' + the tab name (spec §2); 'my' opens the side panel; channel → /d/{id}. */
export function AppTabBar() {
  const navigate = useNavigate();
  const location = useLocation();
  const [panelOpen, setPanelOpen] = useAtom(myPanelOpenAtom);
  const channelTagId = useAtomValue(channelTagIdAtom);
  return (
    <TabBar
      activeKey={panelOpen ? "my" : activeTab(location.pathname)}
      onSelect={(key) => {
        if (key === "my") {
          setPanelOpen(true);
          return;
        }
        if (key === "channel") {
          void navigate({ to: "/d/$channelTagId", params: { channelTagId } });
          return;
        }
        const to = tabRoutes[key];
        if (to !== undefined) void navigate({ href: to });
      }}
    />
  );
}

/** The shared header's back (spec §2): where the spec says, else the previous route, else home. */
export function useHeaderBack(): () => void {
  const location = useLocation();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return () => {
    const target = headerBackTarget(location.pathname, location.search);
    if (target.kind === "path") void router.navigate({ href: target.to });
    else if (canGoBack) router.history.back();
    else void router.navigate({ to: target.fallback });
  };
}

/**
 * The shared header: back goes where spec §2 says, else to the previous route, else home. A main
 * tab's page (`back` false) has no back button: it is a top of the app, the tab bar moves between.
 */
export function AppHeader({
  title,
  right,
  back = true,
  onBack,
}: {
  readonly title?: ReactNode;
  readonly right?: ReactNode;
  readonly back?: boolean;
  /** Where back goes instead (a screen opened with `?from=` returns there). */
  readonly onBack?: () => void;
}) {
  const goBack = useHeaderBack();
  return <PageHeader title={title} right={right} onBack={back ? (onBack ?? goBack) : undefined} />;
}

/** The header's search button (as on an author's page): opens /search. */
export function SearchButton() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <IconButton
      icon="search"
      label={t`搜索`}
      onClick={() => {
        void navigate({ to: "/search" });
      }}
    />
  );
}

/**
 * A page: optional shared header, the main landmark, optional tab bar. A page with the tab bar is
 * a main tab (/home, /trend, /game, /, /d/…): its header has no back button.
 */
export function Page({
  title,
  header = true,
  tabs = false,
  right,
  onBack,
  children,
}: {
  readonly title?: ReactNode;
  readonly header?: boolean;
  readonly tabs?: boolean;
  readonly right?: ReactNode;
  /** Where the header's back goes instead of the spec's rule (a screen opened with `?from=`). */
  readonly onBack?: () => void;
  readonly children: ReactNode;
}) {
  return (
    <div className={`h5-page${tabs ? " h5-page--tabs" : ""}`}>
      {header ? <AppHeader title={title} right={right} back={!tabs} onBack={onBack} /> : null}
      <main id="main" className="h5-main" tabIndex={-1}>
        {children}
      </main>
      {tabs ? <AppTabBar /> : null}
    </div>
  );
}
