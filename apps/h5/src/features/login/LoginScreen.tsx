import { useLingui } from "@lingui/react/macro";
import { isApiError } from "@platform/api-client";
import { StorageKey, channelTagIdOf, parseStoredUserInfo } from "@platform/domain";
import { Button, LanguageSwitch, LoginPopup } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useState } from "react";
import { useForgetCache } from "../../app/session/cache";
import { channelTagIdAtom } from "../../app/state";
import { useApi } from "../../app/useApi";
import { useLanguageSwitch } from "../settings/useLanguageSwitch";
import "./LoginScreen.css";

/**
 * /login: the login popup over the product's welcome. Each mode calls the api-client (spec §4);
 * after a sign-in the popup closes itself and the app goes to the redirect target (or /).
 */
export function LoginScreen({ redirect }: { readonly redirect: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const forgetCache = useForgetCache();
  const setChannel = useSetAtom(channelTagIdAtom);
  const api = useApi();
  const [open, setOpen] = useState(true);
  /** Signing in the account just registered. */
  const [joining, setJoining] = useState(false);
  // The first visit reads the browser's language; the sheet's switch stores a choice (as /mysettings).
  const { language, switchLanguage } = useLanguageSwitch();

  const signedIn = async () => {
    // The device's account list ('switch account') keeps this account too (its code is not part
    // of the sign-in page's first load).
    await import("../../app/session/accounts").then(
      ({ rememberCurrentAccount }) => {
        rememberCurrentAccount(api.client);
      },
      () => undefined,
    );
    setChannel(channelTagIdOf(parseStoredUserInfo(api.client.storage.get(StorageKey.userInfo))));
    forgetCache();
    await navigate({ href: redirect, replace: true });
  };

  return (
    <main id="main" className="h5-login">
      <img className="h5-login__logo" src="/logo.svg" alt="" width={72} height={72} />
      <h1 className="h5-login__title">{t`欢迎来到 Platform`}</h1>
      <p className="h5-login__lead">{t`免费视频、超级会员专享与付费内容，一个账号全部搞定。`}</p>
      {open ? null : (
        <Button
          busy={joining}
          onClick={() => {
            setOpen(true);
          }}
        >
          {t`登录 / 注册`}
        </Button>
      )}
      <LoginPopup
        languageSwitch={<LanguageSwitch value={language} onChange={(next) => void switchLanguage(next)} />}
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        onSendCode={async (phone, type) => {
          try {
            await api.sendSmsCode(phone, type);
            return true;
          } catch (error) {
            // Too soon (or a spent budget): the toast says why; the button counts down from the
            // server's own figure, so it never invites a press the server will refuse.
            const wait = isApiError(error) ? error.retryAfterSeconds : null;
            if (wait !== null) return { waitSeconds: wait };
            throw error;
          }
        }}
        onCodeLogin={async (phone, code) => {
          await api.loginWithSms({ phone, code });
          await signedIn();
        }}
        onPasswordLogin={async (phone, password) => {
          await api.loginWithPassword({ phone, password });
          await signedIn();
        }}
        onRegister={async (phone, code, password) => {
          await api.register({ phone, code, password });
          // Registered: the popup says so at once and closes (spec §4); meanwhile the app signs in
          // with what was just typed (a fresh getKey sign) rather than asking for it again. Should
          // that fail, its toast says why and the person, registered, is on the welcome page.
          setJoining(true);
          api
            .loginWithPassword({ phone, password })
            .then(signedIn)
            .catch(() => undefined)
            .finally(() => {
              setJoining(false);
            });
        }}
        onResetPassword={async (phone, code, password) => {
          await api.resetPassword({ phone, code, password });
        }}
        onIdCardQr={async (text) => {
          await api.loginWithIdentityCard(text);
          await signedIn();
        }}
      />
    </main>
  );
}
