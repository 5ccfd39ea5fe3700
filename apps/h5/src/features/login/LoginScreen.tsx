import { useLingui } from "@lingui/react/macro";
import { StorageKey, channelTagIdOf, parseStoredUserInfo } from "@platform/domain";
import { Button, LoginPopup } from "@platform/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useState } from "react";
import { channelTagIdAtom } from "../../app/state";
import "./LoginScreen.css";

/**
 * /login: the login popup over the product's welcome. Each mode calls the api-client (spec §4);
 * after a sign-in the popup closes itself and the app goes to the redirect target (or /).
 */
export function LoginScreen({ redirect }: { readonly redirect: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setChannel = useSetAtom(channelTagIdAtom);
  const api = router.options.context.api;
  const [open, setOpen] = useState(true);

  const signedIn = async () => {
    setChannel(channelTagIdOf(parseStoredUserInfo(api.client.storage.get(StorageKey.userInfo))));
    queryClient.clear();
    await navigate({ href: redirect, replace: true });
  };

  return (
    <main id="main" className="h5-login">
      <img className="h5-login__logo" src="/logo.svg" alt="" width={72} height={72} />
      <h1 className="h5-login__title">{t`欢迎来到 Platform`}</h1>
      <p className="h5-login__lead">{t`免费视频、超级会员专享与付费内容，一个账号全部搞定。`}</p>
      {open ? null : (
        <Button
          onClick={() => {
            setOpen(true);
          }}
        >
          {t`登录 / 注册`}
        </Button>
      )}
      <LoginPopup
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        onSendCode={async (phone, type) => {
          await api.sendSmsCode(phone, type);
          return true;
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
