import { useLingui } from "@lingui/react/macro";
import { maskPhone } from "@platform/domain";
import { Icon } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { Page } from "../../components/Page";
import { profileGate } from "./profileGate";
import { useErrorText } from "../../components/useErrorText";
import { accountProfileQueryOptions } from "./profileQueries";
import "./security.css";

/**
 * /accountSecuritySettings: the phone (masked: first 3, ****, last 4) → /editphone, the password
 * ('change', or 'set' for an account without one) → /editpassword, and deleting the account.
 */
export function SecuritySettingsScreen() {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const errorText = useErrorText();
  const profile = useQuery(accountProfileQueryOptions(api));
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
              <Link to="/accountlogout" className="h5-account-row h5-account-row--danger">
                <span className="h5-account-row__label">{t`注销账号`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </Page>
  );
}
