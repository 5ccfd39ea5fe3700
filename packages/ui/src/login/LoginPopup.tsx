import { Trans, useLingui } from "@lingui/react/macro";
import {
  LoginMode,
  MessageKey,
  SmsCodeType,
  isPasswordTooLong,
  locale,
  validateLoginCode,
  validatePassword,
  validatePasswordLogin,
  validatePhone,
  validateSmsCode,
} from "@platform/domain";
import type { Message } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { Suspense, lazy, useId, useState } from "react";
import type { CSSProperties, ReactNode, SyntheticEvent } from "react";
import { useMessageText } from "../i18n";
import { Icon } from "../icons/Icon";
import { BottomPopup } from "../primitives/BottomPopup";
import { Button } from "../primitives/Button";
import { CountdownButton } from "../primitives/CountdownButton";
import type { CountdownSendResult } from "../primitives/CountdownButton";
import { TextField } from "../primitives/TextField";
import { useToast } from "../primitives/Toast";
import { AlbumQrButton } from "./AlbumQrButton";
import type { CameraAccess } from "./QrScanner";
import type { DecodeQrImageOptions } from "./qrDecode";
import "./LoginPopup.css";

// The camera scanner of the identity-card login, loaded when first opened (not in /login's first load).
const QrScanner = lazy(() => import("./QrScanner").then((module) => ({ default: module.QrScanner })));

export interface LoginPopupProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The mode, when the caller controls it; otherwise the popup keeps its own. */
  readonly mode?: LoginMode;
  /** The first mode when uncontrolled (default SMS-code login, spec §4). */
  readonly defaultMode?: LoginMode;
  /** A link to another mode was followed. */
  readonly onModeChange?: (mode: LoginMode) => void;
  /**
   * Sends an SMS code; true starts the 60 s countdown, `{waitSeconds}` (the server refused: too
   * soon) counts down from the server's figure. Only called with a valid phone.
   */
  readonly onSendCode: (phone: string, type: SmsCodeType) => Promise<CountdownSendResult>;
  /** Each submit is called only with valid input; a rejection keeps everything typed. */
  readonly onCodeLogin: (phone: string, code: string) => Promise<void>;
  readonly onPasswordLogin: (phone: string, password: string) => Promise<void>;
  readonly onRegister: (phone: string, code: string, password: string) => Promise<void>;
  readonly onResetPassword: (phone: string, code: string, password: string) => Promise<void>;
  /** The text of an identity-card QR code (camera scan or album image): log in with it. */
  readonly onIdCardQr: (text: string) => Promise<void> | void;
  /** A call is running (besides the popup's own submits). */
  readonly busy?: boolean;
  /** A problem to show above the submit button (e.g. the server's message). */
  readonly error?: ReactNode;
  /** How 'no QR code recognised' is told (default `window.alert`, spec §8). */
  readonly alert?: (message: string) => void;
  /** The camera API for the scanner (default `navigator.mediaDevices`). */
  readonly mediaDevices?: CameraAccess | null;
  /** How album images are read (tests). */
  readonly decodeOptions?: DecodeQrImageOptions;
  /** At the sheet's top: the language switch of a sign-in page (`LanguageSwitch`). */
  readonly languageSwitch?: ReactNode;
}

type Field = "phone" | "code" | "password";
type Problems = Partial<Record<Field, Message>>;

const phoneKeys: readonly string[] = [MessageKey.phoneRequired, MessageKey.phoneInvalid];

/** The problems of a mode's input, in the order of its fields (spec §5, domain validators). */
function problemsOf(
  mode: LoginMode,
  values: { readonly phone: string; readonly code: string; readonly password: string },
): Problems {
  const found: Problems = {};
  const add = (field: Field, problem: Message | null) => {
    if (problem !== null) found[field] = problem;
  };
  switch (mode) {
    case LoginMode.codeLogin:
      add("phone", validatePhone(values.phone));
      add("code", validateLoginCode(values.code));
      break;
    case LoginMode.login: {
      const problem = validatePasswordLogin({ phone: values.phone, password: values.password });
      if (problem !== null) add(phoneKeys.includes(problem.key) ? "phone" : "password", problem);
      break;
    }
    case LoginMode.reg:
    case LoginMode.reset:
      add("phone", validatePhone(values.phone));
      add("code", validateSmsCode(values.code));
      add("password", validatePassword(values.password));
      break;
  }
  return found;
}

function firstProblem(problems: Problems): Message | undefined {
  return problems.phone ?? problems.code ?? problems.password;
}

const smsTypeOf: Record<LoginMode, SmsCodeType> = {
  [LoginMode.codeLogin]: SmsCodeType.LOGIN,
  [LoginMode.login]: SmsCodeType.LOGIN,
  [LoginMode.reg]: SmsCodeType.REGISTER,
  [LoginMode.reset]: SmsCodeType.RESET,
};

/**
 * The login popup (spec §2, §4, §5): SMS-code login (default), password login, registration and
 * password reset, each linking to the others; the 60 s SMS countdown; identity-card login by
 * camera scan or album image. Input is validated with the domain rules before any call, problems
 * show under their fields and as a toast, and nothing typed is lost when a call fails.
 */
export function LoginPopup({
  open,
  onClose,
  mode: controlledMode,
  defaultMode = LoginMode.codeLogin,
  onModeChange,
  onSendCode,
  onCodeLogin,
  onPasswordLogin,
  onRegister,
  onResetPassword,
  onIdCardQr,
  busy = false,
  error,
  alert,
  mediaDevices,
  decodeOptions,
  languageSwitch,
}: LoginPopupProps) {
  const { t, i18n } = useLingui();
  const text = useMessageText();
  const toast = useToast();
  const ids = useId();
  const phoneId = `${ids}-phone`;

  const [ownMode, setOwnMode] = useState<LoginMode>(defaultMode);
  const mode = controlledMode ?? ownMode;
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [submitting, setSubmitting] = useState(false);
  const [scanning, setScanning] = useState(false);
  const working = busy || submitting;

  const titles: Record<LoginMode, string> = {
    [LoginMode.codeLogin]: t`手机验证码登录`,
    [LoginMode.login]: t`登录`,
    [LoginMode.reg]: t`注册账号密码`,
    [LoginMode.reset]: t`重置密码`,
  };
  const linkLabels: Record<LoginMode, string> = {
    [LoginMode.codeLogin]: t`验证码登录`,
    [LoginMode.login]: t`密码登录`,
    [LoginMode.reg]: t`注册账号`,
    [LoginMode.reset]: t`忘记密码`,
  };
  const submitLabels: Record<LoginMode, string> = {
    [LoginMode.codeLogin]: t`登录`,
    [LoginMode.login]: t`登录`,
    [LoginMode.reg]: t`注册`,
    [LoginMode.reset]: t`确认重置`,
  };

  const switchTo = (next: LoginMode) => {
    setOwnMode(next);
    setProblems({});
    setCode("");
    setPassword("");
    onModeChange?.(next);
    // The link just pressed may be gone: put focus on the phone field of the new form.
    document.getElementById(phoneId)?.focus();
  };

  const clearProblem = (field: Field) => {
    if (problems[field] !== undefined) setProblems((all) => ({ ...all, [field]: undefined }));
  };

  const sendCode = async (): Promise<CountdownSendResult> => {
    const problem = validatePhone(phone);
    if (problem !== null) {
      setProblems((all) => ({ ...all, phone: problem }));
      toast.show(text(problem), { tone: "error" });
      return false;
    }
    const sent = await onSendCode(phone.trim(), smsTypeOf[mode]);
    if (sent === true) toast.show(i18n._(productMessages.sendCodeSuccess), { tone: "success" });
    return sent;
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (working) return;
    const found = problemsOf(mode, { phone, code, password });
    setProblems(found);
    const first = firstProblem(found);
    if (first !== undefined) {
      toast.show(text(first), { tone: "error" });
      return;
    }
    const number = phone.trim();
    const smsCode = code.trim();
    setSubmitting(true);
    try {
      switch (mode) {
        case LoginMode.codeLogin:
          await onCodeLogin(number, smsCode);
          break;
        case LoginMode.login:
          await onPasswordLogin(number, password);
          break;
        case LoginMode.reg:
          await onRegister(number, smsCode, password);
          break;
        case LoginMode.reset:
          await onResetPassword(number, smsCode, password);
          break;
      }
    } catch {
      // The call failed: its message is the app's to show (or `error`); everything typed stays.
      return;
    } finally {
      setSubmitting(false);
    }
    setCode("");
    setPassword("");
    if (mode === LoginMode.reset) {
      // A new password: log in with it.
      toast.show(i18n._(productMessages.resetPasswordSuccess), { tone: "success" });
      switchTo(LoginMode.login);
      return;
    }
    toast.show(
      i18n._(mode === LoginMode.reg ? productMessages.registerSuccess : productMessages.loginSuccess),
      { tone: "success" },
    );
    onClose();
  };

  const loginWithQr = async (qrText: string) => {
    setScanning(false);
    setSubmitting(true);
    try {
      await onIdCardQr(qrText);
    } catch {
      return;
    } finally {
      setSubmitting(false);
    }
    toast.show(i18n._(productMessages.loginSuccess), { tone: "success" });
    onClose();
  };

  const usesCode = mode !== LoginMode.login;
  const usesPassword = mode !== LoginMode.codeLogin;
  const settingPassword = mode === LoginMode.reg || mode === LoginMode.reset;
  const loggingIn = mode === LoginMode.codeLogin || mode === LoginMode.login;
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  const message = (field: Field) => {
    const problem = problems[field];
    return problem === undefined ? undefined : text(problem);
  };
  const prefix = { "--pf-login-prefix": JSON.stringify(locale.mobileCountryCode) } as CSSProperties;

  return (
    <>
      <BottomPopup open={open} onClose={onClose} title={titles[mode]}>
        <form className="pf-login" noValidate onSubmit={(event) => void submit(event)}>
          {languageSwitch}
          <div className="pf-login__phone" style={prefix}>
            <TextField
              id={phoneId}
              name="phone"
              kind="tel"
              label={t`手机号`}
              placeholder={t`请输入 11 位手机号`}
              value={phone}
              onChange={(value) => {
                setPhone(value);
                clearProblem("phone");
              }}
              error={message("phone")}
            />
          </div>
          {usesCode ? (
            <TextField
              name="code"
              kind="code"
              label={t`验证码`}
              placeholder={t`请输入验证码`}
              value={code}
              onChange={(value) => {
                setCode(value);
                clearProblem("code");
              }}
              error={message("code")}
              trailing={<CountdownButton onSend={sendCode} disabled={working} />}
            />
          ) : null}
          {usesPassword ? (
            <TextField
              name="password"
              kind="password"
              label={mode === LoginMode.login ? t`密码` : mode === LoginMode.reg ? t`设置密码` : t`新密码`}
              placeholder={t`请输入密码`}
              value={password}
              onChange={(value) => {
                setPassword(value);
                // Past the longest a password may be: say the rule at once (nothing is cut).
                if (isPasswordTooLong(value)) {
                  setProblems((all) => ({ ...all, password: { key: MessageKey.passwordFormat } }));
                } else clearProblem("password");
              }}
              error={message("password")}
              hint={
                settingPassword && problems.password === undefined
                  ? text(MessageKey.passwordFormat)
                  : undefined
              }
            />
          ) : null}
          {hasError ? (
            <p className="pf-login__error" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" block busy={working}>
            {submitLabels[mode]}
          </Button>
          <nav className="pf-login__links" aria-label={t`切换登录方式`}>
            {[LoginMode.codeLogin, LoginMode.login, LoginMode.reg, LoginMode.reset]
              .filter((other) => other !== mode)
              .map((other) => (
                <button
                  key={other}
                  type="button"
                  className="pf-login__link"
                  onClick={() => {
                    switchTo(other);
                  }}
                >
                  {linkLabels[other]}
                </button>
              ))}
          </nav>
          {loggingIn ? (
            <section className="pf-login__id-card" aria-labelledby={`${ids}-id-card`}>
              <h3 id={`${ids}-id-card`} className="pf-login__id-card-title">
                <Trans>身份卡登录</Trans>
              </h3>
              <div className="pf-login__id-card-actions">
                <Button
                  variant="secondary"
                  disabled={working}
                  onClick={() => {
                    setScanning(true);
                  }}
                >
                  <Icon name="qr" />
                  <Trans>扫描身份卡二维码</Trans>
                </Button>
                <AlbumQrButton
                  onResult={(result) => void loginWithQr(result)}
                  alert={alert}
                  decodeOptions={decodeOptions}
                  disabled={working}
                />
              </div>
            </section>
          ) : null}
        </form>
      </BottomPopup>
      {open && scanning ? (
        <Suspense fallback={null}>
          <QrScanner
            open
            onClose={() => {
              setScanning(false);
            }}
            onResult={(result) => void loginWithQr(result)}
            alert={alert}
            mediaDevices={mediaDevices}
            decodeOptions={decodeOptions}
          />
        </Suspense>
      ) : null}
    </>
  );
}
