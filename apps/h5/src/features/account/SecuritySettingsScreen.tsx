import { useLingui } from "@lingui/react/macro";
import { maskPhone } from "@platform/domain";
import { Dialog, Icon, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { freshProfileQueryOptions } from "../../app/session/queries";
import { Page } from "../../components/Page";
import { profileGate } from "./profileGate";
import { useErrorText } from "../../components/useErrorText";
import "./security.css";
import { useApi } from "../../app/useApi";
import { useSignOutOthersMutation } from "./queries/account";

/**
 * /accountSecuritySettings: the phone (masked: first 3, ****, last 4) → /editphone, the password
 * ('change', or 'set' for an account without one) → /editpassword, 'sign out of all other devices'
 * (after a confirmation: every other session ends, and the identity card is made anew), and
 * deleting the account.
 */
export function SecuritySettingsScreen() {
  const { t } = useLingui();
  const api = useApi();
  const errorText = useErrorText();
  const profile = useQuery(freshProfileQueryOptions(api));
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const signOutOthers = useSignOutOthersMutation({
    onSuccess: () => {
      setConfirming(false);
      toast.show(t`已退出其他设备的登录，身份卡已更新`, { tone: "success" });
    },
    // The api-client's toast says why; the dialog closes so the page can be used again.
    onError: () => {
      setConfirming(false);
    },
  });
  const title = t`账号与安全`;

  const gate = profileGate(profile, title, errorText, 156);
  if (gate.data === undefined) return gate.view;
  const { mobile, hasPassword } = gate.data;
  return (
    <Page title={title}>
      <div className="h5-account">
        <nav aria-label={title}>
          <ul className="h5-account-rows">
            <li>
              <Link to="/editphone" className="h5-account-row">
                <span className="h5-account-row__label">{t`手机号`}</span>
                <span className="h5-account-row__value">{maskPhone(mobile)}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
            <li>
              <Link to="/editpassword" className="h5-account-row">
                <span className="h5-account-row__label">{t`登录密码`}</span>
                <span className="h5-account-row__value">{hasPassword ? t`修改` : t`未设置，去设置`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="h5-account-row"
                onClick={() => {
                  setConfirming(true);
                }}
              >
                <span className="h5-account-row__label">{t`退出其他设备的登录`}</span>
                <Icon name="forward" size={18} />
              </button>
            </li>
            <li>
              <Link to="/accountlogout" className="h5-account-row h5-account-row--danger">
                <span className="h5-account-row__label">{t`注销账号`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <Dialog
        open={confirming}
        title={t`退出其他设备的登录？`}
        confirmLabel={t`全部退出`}
        busy={signOutOthers.isPending}
        onConfirm={() => {
          signOutOthers.mutate();
        }}
        onCancel={() => {
          setConfirming(false);
        }}
      >
        {t`除这台设备外，所有登录了该账号的设备都将退出登录；旧的身份卡二维码将不能再用于登录。`}
      </Dialog>
    </Page>
  );
}
