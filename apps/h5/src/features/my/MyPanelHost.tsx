import { useLingui } from "@lingui/react/macro";
import { StorageKey } from "@platform/domain";
import { MyPanel } from "@platform/ui";
import type { MyPanelSwitchAccount, MyPanelTarget, SwitchAccountEntry } from "@platform/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useRouter } from "@tanstack/react-router";
import { useAtom, useSetAtom } from "jotai";
import { channelTagIdAtom, myPanelOpenAtom } from "../../app/state";
import { panelHrefOf } from "./panelRoutes";
import { useMyPanelData } from "./useMyPanelData";

const DEFAULT_LOGO = "/logo.svg";

function textField(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * The 'my' side panel of every page (spec §2): opened by the tab bar's 'my' tab, its data loaded
 * each time it opens, closed by any route change (the path is its close key).
 */
export function MyPanelHost() {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(myPanelOpenAtom);
  const setChannel = useSetAtom(channelTagIdAtom);
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const queryClient = useQueryClient();
  const api = router.options.context.api;
  const data = useMyPanelData(api, open);

  const close = () => {
    setOpen(false);
  };

  const navigateTo = (target: MyPanelTarget) => {
    // Closed here too: a destination that is the current page changes no route.
    setOpen(false);
    const href = panelHrefOf(target, router.state.location.href);
    void router.navigate({ href });
  };

  /** Forget this device's session (the language and theme stay) and go to the login page. */
  const signOut = async () => {
    setOpen(false);
    api.client.signOut();
    setChannel("0");
    await router.navigate({ to: "/login", replace: true });
    queryClient.clear();
  };

  const stored = api.client.userInfo;
  const accounts: SwitchAccountEntry[] =
    stored === null
      ? []
      : [
          {
            id: String(stored.id ?? ""),
            nickname: data.profile?.nickName ?? textField(stored.nickName) ?? "",
            avatarFileUrl: data.profile?.avatarFileUrl ?? textField(stored.avatarFileUrl),
            mobile: data.profile?.mobile ?? textField(stored.mobile),
            current: true,
          },
        ];
  const switchAccount: MyPanelSwitchAccount = {
    accounts,
    // Only the signed-in account is remembered, and it cannot be switched to.
    onSwitch: () => undefined,
    onAddAccount: () => void signOut(),
    onLogout: () => void signOut(),
  };

  return (
    <MyPanel
      open={open}
      onClose={close}
      closeKey={pathname}
      loading={data.loading}
      error={data.failed ? t`加载失败，请稍后重试` : undefined}
      onRetry={data.retry}
      user={data.profile}
      balances={data.balances}
      props={data.props}
      allowedMenuKeys={data.allowedMenuKeys}
      unreadMessages={data.unreadMessages}
      logoUrl={api.client.storage.get(StorageKey.logo) ?? DEFAULT_LOGO}
      onNavigate={navigateTo}
      switchAccount={switchAccount}
    />
  );
}
