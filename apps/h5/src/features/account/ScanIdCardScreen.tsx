import { useLingui } from "@lingui/react/macro";
import { InvalidIdentityCardError } from "@platform/api-client";
import { productMessages } from "@platform/i18n";
import { AlbumQrButton, Button, Icon, QrScanner, useToast } from "@platform/ui";
import type { CameraAccess, DecodeQrImageOptions } from "@platform/ui";
import { useRef, useState } from "react";
import { currentAccountId, rememberCurrentAccount } from "../../app/session/accounts";
import { useApi } from "../../app/useApi";
import { Page } from "../../components/Page";
import { useAccountChange } from "./useAccountChange";
import "./idcard.css";

export interface ScanIdCardScreenProps {
  /** How 'no QR code recognised' is told (default `window.alert`, spec §8, as the login popup). */
  readonly alert?: (message: string) => void;
  /** The camera (default `navigator.mediaDevices`; tests pass their own). */
  readonly mediaDevices?: CameraAccess | null;
  /** How album images are read (tests). */
  readonly decodeOptions?: DecodeQrImageOptions;
}

/**
 * /scanidcard: sign in with an identity card's QR code — the camera scanner (opened on arrival:
 * rear camera, 10 fps, the 300 × 300 box) or an image from the album, as the login popup's
 * identity-card mode. Signed in already, this switches account: the account left is remembered
 * first, so it stays in 'switch account'. A card that does not sign in leaves everything as it was.
 */
export function ScanIdCardScreen({ alert, mediaDevices, decodeOptions }: ScanIdCardScreenProps = {}) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const toast = useToast();
  const changeAccount = useAccountChange();
  const [scanning, setScanning] = useState(true);
  const [busy, setBusy] = useState(false);
  const working = useRef(false);
  const signedIn = currentAccountId(api.client) !== null;

  const signInWith = async (text: string) => {
    setScanning(false);
    if (working.current) return;
    working.current = true;
    setBusy(true);
    const previous = rememberCurrentAccount(api.client);
    try {
      await api.loginWithIdentityCard(text);
    } catch (error) {
      // Refusals of the server are toasted by the client; a code that is no card is said here.
      if (error instanceof InvalidIdentityCardError) {
        toast.show(t`这不是身份卡二维码`, { tone: "error" });
      }
      working.current = false;
      setBusy(false);
      return;
    }
    const account = rememberCurrentAccount(api.client);
    toast.show(i18n._(productMessages.loginSuccess), { tone: "success" });
    const left = previous !== null && previous.id !== account?.id ? previous.id : null;
    await changeAccount(left, "/");
  };

  return (
    <Page title={t`扫描身份卡`}>
      <div className="h5-idcard">
        <section className="h5-idcard__card">
          <p className="h5-idcard__lead">
            {signedIn
              ? t`扫描另一个账号的身份卡二维码，即可切换到该账号；当前账号会保留在“切换账号”列表里，随时可以切换回来。`
              : t`扫描身份卡二维码，即可登录对应的账号。`}
          </p>
          <p className="h5-idcard__note">{t`身份卡在对方账号的“我的 → 更多服务 → 身份卡”里。`}</p>
          <div className="h5-idcard__actions">
            <Button
              block
              busy={busy}
              onClick={() => {
                setScanning(true);
              }}
            >
              <Icon name="qr" />
              {t`扫描二维码`}
            </Button>
            <AlbumQrButton
              block
              disabled={busy}
              alert={alert}
              decodeOptions={decodeOptions}
              onResult={(text) => void signInWith(text)}
            />
          </div>
        </section>
      </div>
      <QrScanner
        open={scanning && !busy}
        onClose={() => {
          setScanning(false);
        }}
        onResult={(text) => void signInWith(text)}
        alert={alert}
        mediaDevices={mediaDevices}
        decodeOptions={decodeOptions}
      />
    </Page>
  );
}
