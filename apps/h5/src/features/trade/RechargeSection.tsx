import { useLingui } from "@lingui/react/macro";
import { OrderTab, formatAmount } from "@platform/domain";
import type { Hundredths } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { Button, Skeleton, SkeletonGroup, TextField } from "@platform/ui";
import type { useMessageText } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { SyntheticEvent } from "react";
import { RetryState } from "../../components/RetryState";
import { readAmount } from "./amount";
import { ChoiceGroup } from "./ChoiceGroup";
import { TradeCard } from "./TradeCard";
import { saveRechargeChoice, savedRechargeChoice } from "./rechargeChoice";
import { windowLocation } from "./leave";
import { isLeavableUrl } from "./orders";
import { payConfigQueryOptions, useRechargeMutation } from "./queries/recharge";
import type { PayConfig } from "./queries/recharge";
import { TradeRefusal, tradeRefusalOf } from "./refusals";
import { useMoneyForm } from "./moneyForm";

/** The amount chosen, or why there is none yet. */
function amountOf(
  config: PayConfig,
  typed: string,
  chip: Hundredths | null,
  words: { readonly range: string; readonly choose: string },
  text: ReturnType<typeof useMessageText>,
): { readonly amount: Hundredths } | { readonly problem: string } {
  if (config.priceType === "NORMAL") {
    return chip !== null && config.amounts.includes(chip) ? { amount: chip } : { problem: words.choose };
  }
  const reading = readAmount(typed);
  if (!reading.ok) return { problem: text(reading.problem) };
  if (reading.amount < config.minAmount || reading.amount > config.maxAmount) return { problem: words.range };
  return { amount: reading.amount };
}

/**
 * Recharging gold: the pay methods the server offers (a sandbox one is marked), the amount (any
 * within a RANGE method's limits, or one of a NORMAL method's amounts), then the provider's pay
 * page for the whole window. An unfinished recharge refuses a new one: the refusal links the orders.
 */
export function RechargeSection() {
  const { t, i18n } = useLingui();
  const { goldName, text, errorText, labels, refusals, navigate, api } = useMoneyForm();
  const configs = useQuery(payConfigQueryOptions(api));
  // The choice made before the provider's page, back with the browser (rechargeChoice.ts).
  const [saved] = useState(savedRechargeChoice);
  const [chosen, setChosen] = useState<string | null>(saved?.payMethod ?? null);
  const [typed, setTyped] = useState(saved?.typed ?? "");
  const [chip, setChip] = useState<Hundredths | null>(saved?.chip ?? null);
  const [attempted, setAttempted] = useState(false);
  const [unfinished, setUnfinished] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const recharge = useRechargeMutation({
    onSuccess: async (order, body) => {
      saveRechargeChoice({ payMethod: body.payMethod, typed, chip });
      if (isLeavableUrl(order.payUrl)) {
        setLeaving(true);
        windowLocation.assign(order.payUrl);
        return;
      }
      await navigate({ to: "/trade", search: { orderNum: order.orderNum } });
    },
    onError: (error) => {
      if (tradeRefusalOf(error) === TradeRefusal.rechargeUnfinished) setUnfinished(true);
      else refusals.toast(error);
    },
  });

  let body;
  if (configs.data === undefined) {
    body = configs.isError ? (
      <RetryState compact message={errorText(configs.error)} onRetry={() => void configs.refetch()} />
    ) : (
      <SkeletonGroup label={t`支付方式加载中`}>
        <Skeleton height={44} radius={12} />
        <Skeleton height={44} radius={12} />
      </SkeletonGroup>
    );
  } else if (configs.data.length === 0) {
    body = <p className="h5-note">{t`暂无可用的充值方式`}</p>;
  } else {
    const config = configs.data.find((c) => c.payMethod === chosen) ?? configs.data[0];
    if (config === undefined) return null;
    const min = formatAmount(config.minAmount);
    const max = formatAmount(config.maxAmount);
    const choice = amountOf(
      config,
      typed,
      chip,
      { range: t`充值金额须在 ${min} 至 ${max} 之间`, choose: t`请选择充值金额` },
      text,
    );
    const problem = "problem" in choice ? choice.problem : null;
    const showProblem = attempted || (config.priceType === "RANGE" && typed !== "");
    const busy = recharge.isPending || leaving;

    const submit = (event: SyntheticEvent) => {
      event.preventDefault();
      setAttempted(true);
      setUnfinished(false);
      if (busy || !("amount" in choice)) return;
      recharge.mutate({ amount: choice.amount, payMethod: config.payMethod });
    };

    body = (
      <form className="h5-trade-form" onSubmit={submit} noValidate>
        <ChoiceGroup
          legend={t`支付方式`}
          name="payMethod"
          value={config.payMethod}
          choices={configs.data.map((c) => ({
            value: c.payMethod,
            label: labels.payMethod(c.payMethod, c.name),
            extra: c.sandbox ? <span className="h5-trade-sandbox">{t`沙盒`}</span> : null,
          }))}
          onChange={(method) => {
            setChosen(method);
            setChip(null);
            setAttempted(false);
          }}
        />
        {config.sandbox ? (
          <p className="h5-note" data-testid="sandbox-note">
            {t`沙盒环境：用于测试，不会产生真实扣款`}
          </p>
        ) : null}
        {config.priceType === "RANGE" ? (
          <TextField
            label={t`充值金额`}
            value={typed}
            onChange={setTyped}
            inputMode="decimal"
            placeholder={t`请输入金额`}
            hint={t`单笔 ${min} - ${max}`}
            error={showProblem && problem !== null ? problem : undefined}
          />
        ) : (
          <ChoiceGroup
            legend={t`充值金额`}
            name="amount"
            chips
            value={chip}
            choices={config.amounts.map((amount) => ({ value: amount, label: formatAmount(amount) }))}
            onChange={setChip}
          >
            {showProblem && problem !== null ? (
              <p className="h5-error" role="alert">
                {problem}
              </p>
            ) : null}
          </ChoiceGroup>
        )}
        {unfinished ? (
          <div className="h5-alert" role="alert">
            <p>{i18n._(productMessages.rechargeUnfinishedOrders)}</p>
            <Link
              to="/ordermanage"
              search={{ tab: OrderTab.RECHARGE_ORDER }}
              className="pf-button pf-button--secondary pf-button--sm"
            >
              {i18n._(productMessages.viewUnfinishedOrders)}
            </Link>
          </div>
        ) : null}
        <Button type="submit" block busy={busy}>
          {t`立即充值`}
        </Button>
      </form>
    );
  }

  return <TradeCard title={t`充值${goldName}`}>{body}</TradeCard>;
}
