import { useLingui } from "@lingui/react/macro";
import { StorageKey, rootRedirect } from "@platform/domain";
import { Link, createFileRoute, redirect } from "@tanstack/react-router";
import { Page } from "../components/Page";

/** The navigation map: straight to /home unless the stored navigation switch is a non-zero number. */
export const Route = createFileRoute("/")({
  beforeLoad: ({ context }) => {
    const to = rootRedirect(context.api.client.storage.get(StorageKey.navigationSwitch));
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack's redirect is thrown
    if (to !== null) throw redirect({ to, replace: true });
  },
  component: NavigationMap,
});

function NavigationMap() {
  const { t } = useLingui();
  const links = [
    { to: "/home", label: t`首页` },
    { to: "/starlive", label: t`直播` },
    { to: "/game", label: t`游戏` },
    { to: "/trade", label: t`交易` },
    { to: "/search", label: t`搜索` },
    { to: "/membervip", label: t`超级会员` },
  ] as const;
  return (
    <Page title={t`导航`} header={false} tabs>
      <h1 className="h5-nav-map__title">{t`导航`}</h1>
      <ul className="h5-nav-map">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="h5-nav-map__link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
