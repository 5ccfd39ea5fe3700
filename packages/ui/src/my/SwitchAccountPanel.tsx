import { Trans, useLingui } from "@lingui/react/macro";
import { maskPhone } from "@platform/domain";
import { Icon } from "../icons/Icon";
import { Button } from "../primitives/Button";
import { IconButton } from "../primitives/IconButton";
import { SideDrawer } from "../primitives/SideDrawer";
import { Avatar } from "./Avatar";
import "./SwitchAccountPanel.css";

/** An account remembered on this device. */
export interface SwitchAccountEntry {
  readonly id: string;
  readonly nickname: string;
  readonly avatarFileUrl?: string | null;
  /** Shown masked (138****5678). */
  readonly mobile?: string | null;
  /** The account signed in now. */
  readonly current?: boolean;
}

export interface SwitchAccountPanelProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly accounts: readonly SwitchAccountEntry[];
  /** Sign in as another remembered account. */
  readonly onSwitch: (id: string) => void;
  readonly onAddAccount: () => void;
  readonly onLogout: () => void;
  /**
   * Forget a remembered account on this device (each row but the current one gets a remove
   * button); without it, no row can be removed.
   */
  readonly onRemove?: (id: string) => void;
  /** A value that changes on every route change: the panel closes when it does. */
  readonly closeKey?: unknown;
  /** The avatar fallback (the logo from local storage). */
  readonly logoUrl?: string;
}

/** The second sliding panel of 'my': the device's accounts (switch to one, remove one), add one, or log out. */
export function SwitchAccountPanel({
  open,
  onClose,
  accounts,
  onSwitch,
  onAddAccount,
  onLogout,
  onRemove,
  closeKey,
  logoUrl,
}: SwitchAccountPanelProps) {
  const { t } = useLingui();
  return (
    <SideDrawer open={open} onClose={onClose} closeKey={closeKey} title={t`切换账号`}>
      <div className="pf-switch-account">
        <ul className="pf-switch-account__list">
          {accounts.map((account) => {
            const name = account.nickname;
            return (
              <li key={account.id} className="pf-switch-account__item">
                <button
                  type="button"
                  className="pf-switch-account__row"
                  aria-current={account.current === true ? "true" : undefined}
                  disabled={account.current === true}
                  onClick={() => {
                    onSwitch(account.id);
                  }}
                >
                  <Avatar src={account.avatarFileUrl} fallbackSrc={logoUrl} size={44} />
                  <span className="pf-switch-account__who">
                    <span className="pf-switch-account__nickname">{account.nickname}</span>
                    {account.mobile ? (
                      <span className="pf-switch-account__mobile">{maskPhone(account.mobile)}</span>
                    ) : null}
                  </span>
                  {account.current === true ? (
                    <span className="pf-switch-account__current">
                      <Icon name="check" size={16} />
                      <Trans>当前账号</Trans>
                    </span>
                  ) : (
                    <Icon name="forward" size={18} />
                  )}
                </button>
                {onRemove === undefined || account.current === true ? null : (
                  <IconButton
                    icon="trash"
                    iconSize={18}
                    className="pf-switch-account__remove"
                    label={t`从此设备移除 ${name}`}
                    onClick={() => {
                      onRemove(account.id);
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
        <div className="pf-switch-account__actions">
          <Button variant="secondary" block onClick={onAddAccount}>
            <Trans>添加账号</Trans>
          </Button>
          <Button variant="danger" block onClick={onLogout}>
            <Trans>退出登录</Trans>
          </Button>
        </div>
      </div>
    </SideDrawer>
  );
}
