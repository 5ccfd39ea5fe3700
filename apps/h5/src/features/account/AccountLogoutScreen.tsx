import { useLingui } from "@lingui/react/macro";
import type { ResponseOf } from "@platform/api-client";
import {
  OrderTab,
  SmsCodeType,
  formatAmount,
  maskPhone,
  validateAgreement,
  validateSmsCode,
} from "@platform/domain";
import { Button, Dialog, Skeleton, SkeletonGroup } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useId, useState } from "react";
import type { SyntheticEvent } from "react";
import { channelTagIdAtom } from "../../app/state";
import { useApi } from "../../app/useApi";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { SmsCodeField } from "../../components/SmsCodeField";
import { useErrorText } from "../../components/useErrorText";
import { logoffCheckQueryOptions, useLogoffMutation } from "./queries/account";
import { clearDeviceStorage } from "./securityState";
import { useFormTools } from "./useFormTools";
import "./security.css";

type LogoffCheck = ResponseOf<"user.logoffCheck">;

/**
 * /accountLogout: what deleting the account loses (the balances, history, purchases, favourites,
 * the identity card; the phone can register again), refused while a recharge or withdrawal is
 * unfinished (with links to the orders). The agreement ticked (spec §5), a code (LOGOFF) to one's
 * own phone and a confirmation; then this device forgets the account (all storage but the language
 * and theme, the cached data) and shows /login.
 */
export function AccountLogoutScreen() {
  const { t } = useLingui();
  const api = useApi();
  const errorText = useErrorText();
  const check = useQuery(logoffCheckQueryOptions(api));
  const title = t`注销账号`;

  if (check.isError) {
    return (
      <Page title={title}>
        <RetryState message={errorText(check.error)} onRetry={() => void check.refetch()} />
      </Page>
    );
  }
  if (check.data === undefined) {
    return (
      <Page title={title}>
        <div className="h5-account" aria-busy="true">
          <SkeletonGroup>
            <Skeleton height={200} radius={12} />
            <Skeleton height={120} radius={12} />
          </SkeletonGroup>
        </div>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <LogoffForm check={check.data} />
    </Page>
  );
}

function LogoffForm({ check }: { readonly check: LogoffCheck }) {
  const { t } = useLingui();
  const { text, toast, navigate, api } = useFormTools();
  const setChannel = useSetAtom(channelTagIdAtom);
  const agreementId = useId();
  const agreementErrorId = useId();
  const [agreed, setAgreed] = useState(false);
  const [code, setCode] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const agreementRule = validateAgreement(agreed);
  const codeRule = validateSmsCode(code);
  const masked = maskPhone(api.client.userInfo?.mobile ?? "");
  const recharges = check.unfinishedRecharges;
  const withdrawals = check.unfinishedWithdrawals;
  const blocked = !check.canLogoff;

  // Deleted, nothing cached is kept once the app has left; refused, what holds the deletion back
  // is read again (the hook).
  const logoff = useLogoffMutation({
    onSuccess: async () => {
      setConfirming(false);
      api.client.signOut();
      clearDeviceStorage();
      setChannel("0");
      toast.show(t`账号已注销`, { tone: "success" });
      await navigate({ to: "/login", replace: true });
    },
    onError: () => {
      // The api-client's toast says why (a wrong code, an order started meanwhile); the form stays.
      setConfirming(false);
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (blocked || logoff.isPending) return;
    if (agreementRule !== null || codeRule !== null) return;
    setConfirming(true);
  };

  const agreementShown = attempted && agreementRule !== null;
  return (
    <form className="h5-account" onSubmit={submit} noValidate>
      <section className="h5-account-card" aria-labelledby={`${agreementId}-lost`}>
        <h2 id={`${agreementId}-lost`} className="h5-account-card__title">
          {t`注销后，以下内容将无法找回`}
        </h2>
        <dl className="h5-account-balances" aria-label={t`将清空的余额`}>
          <div>
            <dt>{t`账户余额`}</dt>
            <dd>{formatAmount(check.gold)}</dd>
          </div>
          <div>
            <dt>{t`钱包余额`}</dt>
            <dd>{formatAmount(check.wallet)}</dd>
          </div>
          <div>
            <dt>{t`游戏余额`}</dt>
            <dd>{formatAmount(check.game)}</dd>
          </div>
        </dl>
        <ul className="h5-account-list">
          <li>{t`以上余额全部清空，不予退还。`}</li>
          <li>{t`观看历史、已购视频、收藏夹和发布的内容将被删除。`}</li>
          <li>{t`会员权益一并失效，身份卡无法再用于登录。`}</li>
          <li>{t`账号无法恢复；该手机号可以重新注册新账号。`}</li>
        </ul>
      </section>

      {blocked ? (
        <div className="h5-alert" role="alert">
          <p>{t`还有未完成的订单，订单完成后才能注销账号。`}</p>
          {recharges > 0 ? (
            <p>
              {t`未完成的充值订单：${recharges} 笔`}{" "}
              <Link to="/ordermanage" search={{ tab: OrderTab.RECHARGE_ORDER }} className="h5-account-link">
                {t`查看充值订单`}
              </Link>
            </p>
          ) : null}
          {withdrawals > 0 ? (
            <p>
              {t`未完成的提现订单：${withdrawals} 笔`}{" "}
              <Link to="/ordermanage" search={{ tab: OrderTab.WITHDRAW_ORDER }} className="h5-account-link">
                {t`查看提现订单`}
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <div className="h5-account-card">
          <label className="h5-account-choice" htmlFor={agreementId}>
            <input
              id={agreementId}
              type="checkbox"
              checked={agreed}
              aria-invalid={agreementShown || undefined}
              aria-describedby={agreementShown ? agreementErrorId : undefined}
              onChange={(event) => {
                setAgreed(event.target.checked);
              }}
            />
            <span>{t`我已阅读并同意《账号注销协议》，知晓注销的后果`}</span>
          </label>
          {agreementShown ? (
            <p id={agreementErrorId} className="h5-error" role="alert">
              {text(agreementRule)}
            </p>
          ) : null}
          <SmsCodeField
            type={SmsCodeType.LOGOFF}
            value={code}
            onChange={setCode}
            hint={t`验证码将发送到 ${masked}`}
            error={attempted && codeRule !== null ? text(codeRule) : null}
          />
        </div>
      )}

      <Button type="submit" variant="danger" block disabled={blocked} busy={logoff.isPending}>
        {t`注销账号`}
      </Button>

      <Dialog
        open={confirming}
        tone="danger"
        title={t`确定注销账号？`}
        confirmLabel={t`确认注销`}
        busy={logoff.isPending}
        onConfirm={() => {
          logoff.mutate(code.trim());
        }}
        onCancel={() => {
          setConfirming(false);
        }}
      >
        {t`注销后账号和其中的余额、记录都将被删除，且无法恢复。`}
      </Dialog>
    </form>
  );
}
