import { Trans, useLingui } from "@lingui/react/macro";
import { filterMenu, formatAmount, membershipControls, vipTagOf } from "@platform/domain";
import { useMemo, useState } from "react";
import type { ReactNode } from "react";
import { Icon } from "../icons/Icon";
import type { IconName } from "../icons/Icon";
import { useMessageText } from "../i18n";
import { Accordion } from "../primitives/Accordion";
import { Button } from "../primitives/Button";
import { CopyButton } from "../primitives/CopyButton";
import { Dialog } from "../primitives/Dialog";
import { SideDrawer } from "../primitives/SideDrawer";
import { Avatar } from "./Avatar";
import { CreationRow, MessagesEntry } from "./PanelRows";
import type { MyPanelActivityProps, MyPanelBalances, MyPanelUser } from "./panelTypes";
import { myPanelMenu } from "./menu";
import type { MyPanelMenuKey, MyPanelMenuSection, MyPanelSectionKey, MyPanelTarget } from "./menu";
import { SwitchAccountPanel } from "./SwitchAccountPanel";
import type { SwitchAccountPanelProps } from "./SwitchAccountPanel";
import "./MyPanel.css";

export type { MyPanelActivityProps, MyPanelBalances, MyPanelUser } from "./panelTypes";

/** What the second panel needs: the accounts on this device and what to do with them. */
export type MyPanelSwitchAccount = Omit<SwitchAccountPanelProps, "open" | "onClose">;

export type MyPanelHelp = "wallet" | "gameToken";

export interface MyPanelProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** A value that changes on every route change: the panel closes when it does. */
  readonly closeKey?: unknown;
  /** The panel's data is loading (it loads each time it opens): the placeholder shows. */
  readonly loading: boolean;
  /** Loading failed: this message and a retry button show instead of the content. */
  readonly error?: ReactNode;
  readonly onRetry?: () => void;
  readonly user?: MyPanelUser;
  readonly balances?: MyPanelBalances;
  readonly props?: MyPanelActivityProps;
  /** The menu keys the server allows this user (menu children are filtered by them). */
  readonly allowedMenuKeys: Iterable<string>;
  readonly unreadMessages: number;
  /** The logo from local storage: the avatar's fallback. */
  readonly logoUrl?: string;
  /** Go somewhere: the app maps the destination to its route. */
  readonly onNavigate: (target: MyPanelTarget) => void;
  /** Offer 'switch account' (a second sliding panel) with these accounts and callbacks. */
  readonly switchAccount?: MyPanelSwitchAccount;
  /** Open with the switch-account panel showing (deep links, stories). */
  readonly defaultSwitchAccountOpen?: boolean;
  /** Open with a help dialog showing (stories). */
  readonly defaultHelp?: MyPanelHelp | null;
}

/**
 * The 'my' side panel (spec §2): first a row to post a video and to open one's works, then
 * membership, balances, shortcuts and the account menu.
 */
export function MyPanel({
  open,
  onClose,
  closeKey,
  loading,
  error,
  onRetry,
  user,
  balances,
  props,
  allowedMenuKeys,
  unreadMessages,
  logoUrl,
  onNavigate,
  switchAccount,
  defaultSwitchAccountOpen = false,
  defaultHelp = null,
}: MyPanelProps) {
  const { t } = useLingui();
  const text = useMessageText();
  const [help, setHelp] = useState<MyPanelHelp | null>(defaultHelp);
  const [switchOpen, setSwitchOpen] = useState(defaultSwitchAccountOpen);
  // Closed from outside (a switch, 'add account', a route change), the panel next opens on itself,
  // not on the switch-account panel or a help dialog left open when it closed.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setSwitchOpen(false);
      setHelp(null);
    }
  }
  const menu = useMemo(() => filterMenu(myPanelMenu, allowedMenuKeys), [allowedMenuKeys]);

  const sectionTitles: Record<MyPanelSectionKey, string> = {
    video: t`视频`,
    finance: t`财务`,
    recommend: t`推荐服务`,
    more: t`更多服务`,
  };
  const itemLabels: Record<MyPanelMenuKey, string> = {
    myBuy: t`我的购买`,
    myCollection: t`我的收藏`,
    orderManage: t`订单管理`,
    recharge: t`充值`,
    withdraw: t`提现`,
    cardManage: t`银行卡管理`,
    buySuperVip: t`购买超级会员`,
    settings: t`设置`,
    idCard: t`身份卡`,
  };

  const sectionOf = (section: MyPanelMenuSection) => ({
    key: section.figmaKey,
    title: sectionTitles[section.figmaKey],
    icon: section.icon,
    children: (
      <ul className="pf-my-panel__menu-items">
        {section.children.map((item) => (
          <li key={item.figmaKey}>
            <button
              type="button"
              className="pf-bare-button pf-my-panel__menu-item"
              onClick={() => {
                onNavigate(item.target);
              }}
            >
              <span>{itemLabels[item.figmaKey]}</span>
              <Icon name="forward" size={18} />
            </button>
          </li>
        ))}
      </ul>
    ),
  });
  const video = menu.filter((s) => s.figmaKey === "video").map(sectionOf);
  const rest = menu.filter((s) => s.figmaKey !== "video").map(sectionOf);
  const sections: {
    key: string;
    title: string;
    icon?: IconName;
    children?: ReactNode;
    onSelect?: () => void;
  }[] = [
    ...video,
    {
      key: "history",
      title: t`历史记录`,
      icon: "clock",
      onSelect: () => {
        onNavigate("myHistory");
      },
    },
    ...rest,
  ];
  if (switchAccount !== undefined) {
    sections.push({
      key: "switchAccount",
      title: t`切换账号`,
      icon: "user",
      onSelect: () => {
        setSwitchOpen(true);
      },
    });
  }

  const close = () => {
    setSwitchOpen(false);
    setHelp(null);
    onClose();
  };

  const copyLabel = (memberId: string) => t`复制会员ID ${memberId}`;
  const controls = user === undefined ? null : membershipControls(user);

  const helpButton = (which: MyPanelHelp, label: string) => (
    <button
      type="button"
      className="pf-my-panel__help"
      aria-label={label}
      onClick={() => {
        setHelp(which);
      }}
    >
      <Icon name="help" size={16} />
    </button>
  );

  // The first row, whatever else loads or fails: posting and one's videos are always one tap away.
  const creation = <CreationRow onNavigate={onNavigate} />;

  const content =
    error != null ? (
      <div className="pf-my-panel__error" role="alert">
        <p>{error}</p>
        {onRetry === undefined ? null : (
          <Button variant="secondary" onClick={onRetry}>
            <Trans>重试</Trans>
          </Button>
        )}
      </div>
    ) : (
      <div className="pf-my-panel">
        {user === undefined ? null : (
          <section className="pf-my-panel__profile">
            <Avatar src={user.avatarFileUrl} fallbackSrc={logoUrl} size={64} />
            <div className="pf-my-panel__who">
              <div className="pf-my-panel__name-row">
                <span className="pf-my-panel__nickname">{user.nickName}</span>
                <span
                  className={`pf-my-panel__vip-tag${user.isVip || user.isPermanent ? " pf-my-panel__vip-tag--vip" : ""}`}
                >
                  <Icon name="crown" size={14} />
                  {text(vipTagOf(user))}
                </span>
              </div>
              <div className="pf-my-panel__member-id">
                <span>
                  <Trans>会员ID</Trans>
                </span>
                <CopyButton text={user.memberId} label={copyLabel(user.memberId)}>
                  {user.memberId}
                </CopyButton>
              </div>
            </div>
            <MessagesEntry
              count={unreadMessages}
              onOpen={() => {
                onNavigate("messages");
              }}
            />
          </section>
        )}
        {user === undefined ? (
          <MessagesEntry
            count={unreadMessages}
            onOpen={() => {
              onNavigate("messages");
            }}
          />
        ) : null}
        {controls?.goToSuperVip === true ? (
          <Button
            variant="gold"
            block
            className="pf-my-panel__go-vip"
            onClick={() => {
              onNavigate("superVip");
            }}
          >
            <Icon name="crown" size={18} />
            <Trans>前往超级会员</Trans>
          </Button>
        ) : null}

        {balances === undefined ? null : (
          <dl className="pf-my-panel__cards" aria-label={t`余额`}>
            <div className="pf-my-panel__card">
              <dt>
                <Trans>账户余额</Trans>
              </dt>
              <dd>{formatAmount(balances.gold)}</dd>
            </div>
            <div className="pf-my-panel__card">
              <dt>
                <Trans>钱包余额</Trans>
                {helpButton("wallet", t`钱包说明`)}
              </dt>
              <dd>{formatAmount(balances.wallet)}</dd>
            </div>
            <div className="pf-my-panel__card">
              <dt>
                <Trans>游戏余额</Trans>
              </dt>
              <dd>{formatAmount(balances.game)}</dd>
            </div>
          </dl>
        )}
        {props === undefined ? null : (
          <dl className="pf-my-panel__cards pf-my-panel__cards--props" aria-label={t`活动道具`}>
            <div className="pf-my-panel__card">
              <dt>
                <Trans>积分</Trans>
              </dt>
              <dd>{props.integral}</dd>
            </div>
            <div className="pf-my-panel__card">
              <dt>
                <Trans>游戏币</Trans>
                {helpButton("gameToken", t`游戏币说明`)}
              </dt>
              <dd>{props.gameToken}</dd>
            </div>
            <div className="pf-my-panel__card">
              <dt>
                <Trans>观影卡</Trans>
              </dt>
              <dd>{props.videoCard}</dd>
            </div>
          </dl>
        )}

        <div className="pf-my-panel__shortcuts">
          <Button
            variant="secondary"
            onClick={() => {
              onNavigate("recharge");
            }}
          >
            <Icon name="wallet" size={18} />
            <Trans>充值账户</Trans>
          </Button>
          {controls?.shortcut === "renew" ? (
            <Button
              variant="secondary"
              onClick={() => {
                onNavigate("renew");
              }}
            >
              <Icon name="crown" size={18} />
              <Trans>续费会员</Trans>
            </Button>
          ) : null}
          {controls?.shortcut === "open" ? (
            <Button
              variant="secondary"
              onClick={() => {
                onNavigate("openVip");
              }}
            >
              <Icon name="crown" size={18} />
              <Trans>开通超级会员</Trans>
            </Button>
          ) : null}
        </div>

        <nav className="pf-my-panel__menu" aria-label={t`我的服务`}>
          <Accordion sections={sections} />
        </nav>
      </div>
    );

  return (
    <>
      <SideDrawer open={open} onClose={close} closeKey={closeKey} loading={loading} title={t`我的`}>
        {creation}
        {content}
      </SideDrawer>
      <Dialog
        open={help !== null}
        title={help === "gameToken" ? t`游戏币` : t`钱包`}
        confirmLabel={t`知道了`}
        onConfirm={() => {
          setHelp(null);
        }}
      >
        {help === "gameToken" ? (
          <Trans>
            游戏币是参加平台活动获得的道具，可在游戏中使用；不能充值、提现或转让，活动结束后可能失效。
          </Trans>
        ) : (
          <Trans>
            钱包余额是您在平台的可用资金，可用于充值账户和购买超级会员，也可以申请提现到银行卡或电子钱包。金额以元为单位，保留两位小数。
          </Trans>
        )}
      </Dialog>
      {switchAccount === undefined ? null : (
        <SwitchAccountPanel
          {...switchAccount}
          open={open && switchOpen}
          onClose={() => {
            setSwitchOpen(false);
          }}
          closeKey={closeKey}
          logoUrl={switchAccount.logoUrl ?? logoUrl}
        />
      )}
    </>
  );
}
