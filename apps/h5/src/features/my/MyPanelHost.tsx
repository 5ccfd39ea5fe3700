import { useLingui } from "@lingui/react/macro";
import { StorageKey } from "@platform/domain";
import { MyPanel, useToast } from "@platform/ui";
import type { MyPanelSwitchAccount, MyPanelTarget, SwitchAccountEntry } from "@platform/ui";
import { useLocation, useRouter } from "@tanstack/react-router";
import { useAtom, useSetAtom } from "jotai";
import { useEffect, useReducer, useRef } from "react";
import { useForgetCache } from "../../app/session/cache";
import { ownIdOf } from "../../app/session/own";
import { channelTagIdAtom, myPanelOpenAtom } from "../../app/state";
import { CatalogGate } from "../../components/CatalogGate";
import { useErrorText } from "../../components/useErrorText";
import {
  currentAccountId,
  logOutAccount,
  removeAccount,
  rememberCurrentAccount,
  rememberedAccounts,
  signOutKeepingAccount,
  switchAccount,
} from "../../app/session/accounts";
import type { RefreshAccount } from "../../app/session/accounts";
import { panelHrefOf } from "./panelRoutes";
import { probeRefresh } from "./refreshProbe";
import { useAccountChange } from "../account/useAccountChange";
import { useMyPanelData } from "./useMyPanelData";
import { useApi } from "../../app/useApi";

const DEFAULT_LOGO = "/logo.svg";

/** Marks the panel's catalog (`hasCatalog(i18n, "panel")` looks for this id). */
export const panelCatalogMark = /*i18n*/ { id: "panel.catalog", message: "我的" };

function textField(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * The 'my' side panel of every page (spec §2): opened by the tab bar's 'my' tab, its data loaded
 * each time it opens, closed by any route change (the path is its close key). Its 'switch account'
 * panel lists the accounts signed in on this device (app/session/accounts): switch to one, remove
 * one, add one (sign in another), log out. `refreshAccount` checks a remembered account before
 * switching to it (default: `auth.tokenRefresh` on a client of its own; tests pass a fake).
 */
export function MyPanelHost({ refreshAccount }: { readonly refreshAccount?: RefreshAccount } = {}) {
  const { t } = useLingui();
  const toast = useToast();
  const errorText = useErrorText();
  const [open, setOpen] = useAtom(myPanelOpenAtom);
  const setChannel = useSetAtom(channelTagIdAtom);
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const forgetCache = useForgetCache();
  const api = useApi();
  // Signed out (a public page: /d/…, /starlive) the panel asks nothing of the server, which would
  // only refuse: its entries lead to sign-in first, and back to where they point.
  const signedIn = api.client.userInfo != null;
  const data = useMyPanelData(api, open && signedIn);
  const changeAccount = useAccountChange();
  /** The remembered list changed (a removal, a refused switch): read it again. */
  const [, listChanged] = useReducer((n: number) => n + 1, 0);
  const switching = useRef(false);

  // The signed-in account is remembered with its profile's latest looks (and current tokens) each
  // time the panel loads it: sessions from before the list existed join it too.
  const profile = data.profile;
  useEffect(() => {
    // A late answer for an account just left does not lend its looks to the new one.
    if (profile === undefined) return;
    if (profile.userId !== currentAccountId(api.client)) return;
    rememberCurrentAccount(api.client, {
      nickname: profile.nickName,
      avatarFileUrl: profile.avatarFileUrl,
      mobile: profile.mobile,
    });
  }, [profile, api.client]);

  const close = () => {
    setOpen(false);
  };

  const navigateTo = (target: MyPanelTarget) => {
    // Closed here too: a destination that is the current page changes no route.
    setOpen(false);
    const href = panelHrefOf(target, router.state.location.href, ownIdOf(api));
    void router.navigate({ href });
  };

  /** Leave the session here (the language and theme stay) and go to the login page. */
  const signOut = async (keepAccount: boolean) => {
    setOpen(false);
    if (keepAccount) signOutKeepingAccount(api.client);
    else logOutAccount(api.client);
    setChannel("0");
    await router.navigate({ to: "/login", replace: true });
    forgetCache();
  };

  const switchTo = async (id: string) => {
    if (switching.current) return;
    switching.current = true;
    try {
      const outcome = await switchAccount(api.client, id, refreshAccount ?? probeRefresh(api.client.storage));
      if (outcome.kind === "refused") {
        const name = outcome.account.nickname;
        toast.show(t`“${name}”已退出登录，请重新登录后再切换`, { tone: "error" });
        listChanged();
        return;
      }
      if (outcome.kind !== "switched") return;
      setOpen(false);
      await changeAccount(outcome.previous?.id ?? null, "/home");
      const name = outcome.account.nickname;
      toast.show(t`已切换到“${name}”`, { tone: "success" });
    } catch (error) {
      // No answer (network, server failure): nothing changed; the refresh was quiet, so say it here.
      toast.show(errorText(error), { tone: "error" });
    } finally {
      switching.current = false;
    }
  };

  const stored = api.client.userInfo;
  const currentId = currentAccountId(api.client);
  const current: SwitchAccountEntry[] =
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
  const others: SwitchAccountEntry[] = rememberedAccounts(api.client.storage)
    .filter((account) => account.id !== currentId)
    .map(({ id, nickname, avatarFileUrl, mobile }) => ({ id, nickname, avatarFileUrl, mobile }));
  const switchAccountPanel: MyPanelSwitchAccount = {
    accounts: [...current, ...others],
    onSwitch: (id) => void switchTo(id),
    onRemove: (id) => {
      removeAccount(api.client, id);
      listChanged();
    },
    onAddAccount: () => void signOut(true),
    onLogout: () => void signOut(false),
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
      switchAccount={switchAccountPanel}
    />
  );
}

/**
 * The panel once its catalog is there — again after a language switch (nothing shows meanwhile: the
 * panel opens a moment later). The gate lives in this lazy chunk, not in every page's first load.
 */
export function MyPanelHostWithCatalog(props: Parameters<typeof MyPanelHost>[0]) {
  return (
    <CatalogGate name="panel" fallback={null}>
      <MyPanelHost {...props} />
    </CatalogGate>
  );
}
