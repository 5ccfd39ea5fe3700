import { useLingui } from "@lingui/react/macro";
import { useSetAtom } from "jotai";
import { useEffect, useId, useState } from "react";
import { useErrorText } from "../app/errors";
import { operatorAtom, useClient } from "../app/context";

type Step =
  | { readonly kind: "password" }
  | { readonly kind: "code" }
  | { readonly kind: "enrol"; readonly secret: string; readonly uri: string };

/**
 * Signing in to the console: the login and password, then the authenticator's 6-digit code. An
 * operator without an authenticator is shown a QR code (and its secret, to type) to add one, and
 * signs in with its first code.
 */
export function SignIn() {
  const { t } = useLingui();
  const client = useClient();
  const errorText = useErrorText();
  const setOperator = useSetAtom(operatorAtom);
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { login: useId(), password: useId(), code: useId(), error: useId(), title: useId() };
  const submit = () => {
    setBusy(true);
    setError(null);
    client
      .signIn({ login, password, ...(step.kind === "password" ? {} : { code }) })
      .then((answer) => {
        setBusy(false);
        if (answer.status === "signedIn") setOperator(answer.operator);
        else if (answer.status === "codeNeeded") setStep({ kind: "code" });
        else setStep({ kind: "enrol", secret: answer.secret, uri: answer.uri });
      })
      .catch((caught: unknown) => {
        setBusy(false);
        setCode("");
        setError(errorText(caught));
      });
  };
  return (
    <main className="ad-signin" aria-labelledby={ids.title}>
      <form
        className="ad-card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h1 id={ids.title}>{t`运营后台登录`}</h1>
        {step.kind === "password" ? (
          <>
            <label className="ad-field" htmlFor={ids.login}>
              <span>{t`账号`}</span>
              <input
                id={ids.login}
                autoComplete="username"
                value={login}
                onChange={(e) => {
                  setLogin(e.target.value);
                }}
                required
              />
            </label>
            <label className="ad-field" htmlFor={ids.password}>
              <span>{t`密码`}</span>
              <input
                id={ids.password}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                }}
                required
              />
            </label>
          </>
        ) : (
          <>
            {step.kind === "enrol" ? (
              <Enrolment secret={step.secret} uri={step.uri} />
            ) : (
              <p className="ad-muted">{t`请输入身份验证器上显示的 6 位验证码`}</p>
            )}
            <label className="ad-field" htmlFor={ids.code}>
              <span>{t`验证码`}</span>
              <input
                id={ids.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, ""));
                }}
                aria-describedby={error === null ? undefined : ids.error}
                required
              />
            </label>
          </>
        )}
        {error === null ? null : (
          <p id={ids.error} className="ad-error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="ad-button ad-button--primary"
          disabled={
            busy || login.trim() === "" || password === "" || (step.kind !== "password" && code.length !== 6)
          }
        >
          {busy ? t`登录中…` : step.kind === "password" ? t`下一步` : t`登录`}
        </button>
        {step.kind === "password" ? null : (
          <button
            type="button"
            className="ad-button ad-button--link"
            onClick={() => {
              setStep({ kind: "password" });
              setCode("");
              setError(null);
            }}
          >
            {t`返回修改账号`}
          </button>
        )}
      </form>
    </main>
  );
}

/** The enrolment: the secret as a QR code (the `qrcode` package) and as text. */
function Enrolment({ secret, uri }: { readonly secret: string; readonly uri: string }) {
  const { t } = useLingui();
  const [picture, setPicture] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then(({ toDataURL }) =>
      toDataURL(uri, { width: 200, margin: 1 }).then((url) => {
        if (live) setPicture(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="ad-enrol">
      <p>{t`首次登录：请用身份验证器（如 Google Authenticator、Microsoft Authenticator）扫描二维码，然后输入它显示的验证码。`}</p>
      {picture === null ? (
        <p className="ad-muted">{t`正在生成二维码…`}</p>
      ) : (
        <img src={picture} width={200} height={200} alt={t`身份验证器二维码`} />
      )}
      <p className="ad-muted">
        {t`无法扫描时，手动输入密钥：`}
        <code data-testid="totp-secret">{secret}</code>
      </p>
    </div>
  );
}
