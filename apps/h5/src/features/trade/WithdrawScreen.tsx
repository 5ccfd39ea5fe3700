import { useLingui } from "@lingui/react/macro";
import {
  OrderTab,
  SmsCodeType,
  WithdrawType,
  formatAmount,
  parseAmountInput,
  reservedWithdrawBonus,
  validateBankCardChosen,
  validateSmsCode,
  validateWithdrawAmount,
} from "@platform/domain";
import type { Hundredths, WithdrawTiming } from "@platform/domain";
import { Button, Skeleton, SkeletonGroup, TextField } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link, getRouteApi, useLocation } from "@tanstack/react-router";
import { useId, useState } from "react";
import type { SyntheticEvent } from "react";
import { useApi } from "../../app/useApi";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { SmsCodeField } from "../../components/SmsCodeField";
import { useErrorText } from "../../components/useErrorText";
import { ChoiceGroup } from "./ChoiceGroup";
import { cardsQueryOptions } from "./queries/cards";
import { withdrawOrderQueryOptions } from "./queries/orders";
import {
  eepayBalanceQueryOptions,
  useWithdrawMutation,
  withdrawConfigQueryOptions,
  withdrawalDetailQueryOptions,
} from "./queries/withdraw";
import type { WithdrawConfig, WithdrawRequest, WithdrawalDetail } from "./queries/withdraw";
import { TradeRefusal, tradeRefusalOf } from "./refusals";
import { useMoneyForm } from "./moneyForm";
import { CardPicker } from "./CardPicker";
import { CardSummary } from "./CardSummary";
import "./TradeCard.css";
import "./trade.css";

const route = getRouteApi("/withdraw");

/** Normal first: the reserved timing is the one with conditions (its bonus). */
const timingChoices: readonly WithdrawTiming[] = ["NORMAL", "RESERVED"];

/**
 * /withdraw (?retryOf=<orderNum>: 'withdraw again' after a failure): the amount (the minimum single
 * withdrawal, not more than can be withdrawn, two decimals at most), where it goes (the current bank
 * card, another one, or an EE wallet account), reserved or normal timing (the reserved bonus shown),
 * the SMS code, then the new order's detail.
 */
export function WithdrawScreen() {
  const { t } = useLingui();
  const { retryOf, card } = route.useSearch();
  const errorText = useErrorText();
  const api = useApi();
  const detail = useQuery(withdrawalDetailQueryOptions(api));
  const config = useQuery(withdrawConfigQueryOptions(api));
  const failed = [detail, config].find((q) => q.isError && q.data === undefined);

  let body;
  if (failed !== undefined) {
    body = (
      <RetryState
        message={errorText(failed.error)}
        onRetry={() => {
          if (detail.isError) void detail.refetch();
          if (config.isError) void config.refetch();
        }}
      />
    );
  } else if (detail.data === undefined || config.data === undefined) {
    body = (
      <SkeletonGroup label={t`提现信息加载中`} className="h5-trade-card">
        <Skeleton height={48} radius={12} />
        <Skeleton lines={4} height={16} />
      </SkeletonGroup>
    );
  } else {
    body = <WithdrawForm detail={detail.data} config={config.data} retryOf={retryOf} chosenCard={card} />;
  }
  return (
    <Page title={retryOf === undefined ? t`提现` : t`重新提现`}>
      <div className="h5-trade">{body}</div>
    </Page>
  );
}

function WithdrawForm({
  detail,
  config,
  retryOf,
  chosenCard,
}: {
  readonly detail: WithdrawalDetail;
  readonly config: WithdrawConfig;
  readonly retryOf?: string;
  /** The card to choose first (a card just added), else the primary one. */
  readonly chosenCard?: string;
}) {
  const { t } = useLingui();
  const { goldName, text, errorText, labels, refusals, navigate, api } = useMoneyForm();
  const headingId = useId();
  const offered = config.withdrawTypes;
  const [type, setType] = useState<WithdrawType | null>(offered[0] ?? null);
  const [typed, setTyped] = useState("");
  const [timing, setTiming] = useState<WithdrawTiming>("NORMAL");
  // A card just added from here (/addbankcard?from=) comes back chosen.
  const [cardId, setCardId] = useState<string | null>(chosenCard ?? null);
  const addCardSearch = { from: useLocation({ select: (l) => l.href }) };
  const [code, setCode] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [amountRefused, setAmountRefused] = useState<string | null>(null);
  const [cardRefused, setCardRefused] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [prefilled, setPrefilled] = useState(retryOf === undefined);

  const toBank = type === WithdrawType.BANK_WITHDRAW || type === WithdrawType.GOLD_WITHDRAW;
  const cards = useQuery({ ...cardsQueryOptions(api), enabled: toBank });
  // E-wallet payouts go only to the person's own linked EE account (decision 0023).
  const eeWallet = useQuery({
    ...eepayBalanceQueryOptions(api),
    enabled: type === WithdrawType.EEPAY_WITHDRAW,
  });
  const account = eeWallet.data?.account ?? null;
  const retried = useQuery({
    ...withdrawOrderQueryOptions(api, retryOf ?? ""),
    enabled: retryOf !== undefined,
  });

  // 'Withdraw again' starts from the failed order: its amount and how it was paid out — unless the
  // person has already typed or chosen something (the order's answer came late): theirs is kept.
  if (!prefilled && retried.data !== undefined) {
    setPrefilled(true);
    const untouched = typed === "" && timing === "NORMAL" && type === (offered[0] ?? null);
    if (untouched) {
      setTyped(formatAmount(retried.data.applicationAmount));
      if (offered.includes(retried.data.withdrawType)) setType(retried.data.withdrawType);
      setTiming(retried.data.timing);
    }
  }

  const cardList = cards.data ?? [];
  const card =
    cardList.find((c) => c.id === cardId) ?? cardList.find((c) => c.isPrimary) ?? cardList[0] ?? null;

  const minimum = Math.max(detail.minAmount, config.minAmount);
  const minimumText = formatAmount(minimum);
  const withdrawableText = formatAmount(detail.withdrawable);
  const maximumText = formatAmount(config.maxAmount);
  const amount: Hundredths | null = parseAmountInput(typed);
  const amountRule = validateWithdrawAmount({
    input: typed,
    minimumHundredths: minimum,
    balanceHundredths: detail.withdrawable,
  });
  let amountProblem: string | null = amountRule === null ? null : text(amountRule);
  if (amountProblem === null && amount !== null && config.maxAmount > 0 && amount > config.maxAmount)
    amountProblem = t`单笔最多提现 ${maximumText}`;
  const cardProblem = toBank && cards.data !== undefined ? validateBankCardChosen(cardList.length) : null;
  const accountProblem =
    type === WithdrawType.EEPAY_WITHDRAW && eeWallet.data !== undefined && account === null
      ? t`请先开通 EE 钱包：EE 钱包提现只能到您本人的 EE 钱包`
      : null;
  const accountReady = type !== WithdrawType.EEPAY_WITHDRAW || account !== null;
  const codeRule = validateSmsCode(code);
  const percent = config.reservedBonusPercent;
  const hours = config.reservedBonusHours;
  const bonus =
    amount === null ? 0 : reservedWithdrawBonus(amount, { percent, withinHours: hours, hoursTaken: 0 });
  const bonusText = formatAmount(bonus);
  const reviewMin = config.eWalletReviewMinutes.min;
  const reviewMax = config.eWalletReviewMinutes.max;
  const retryLimit = config.retriesPerDay;

  /** What is sent: null until the form is complete. */
  const request = (): WithdrawRequest | null => {
    if (amount === null || type === null) return null;
    const common = { amount, timing, code, ...(retryOf === undefined ? {} : { retryOf }) };
    if (type === WithdrawType.EEPAY_WITHDRAW)
      return account === null ? null : { to: "eepay", body: { ...common, eepayAccount: account } };
    const body = { ...common, withdrawType: type, ...(card === null ? {} : { payeeId: card.id }) };
    return { to: "bank", body };
  };

  // The order is stored and the money read again first; a balance too low is read again (the hook).
  const submitWithdraw = useWithdrawMutation({
    onSuccess: async (order) => {
      await navigate({
        to: "/orderdetails",
        search: { page: OrderTab.WITHDRAW_ORDER, orderNum: order.orderNum },
      });
    },
    onError: async (error) => {
      const refusal = tradeRefusalOf(error);
      if (refusal === TradeRefusal.balanceTooLow) {
        setAmountRefused(await refusals.text(error));
      } else if (refusal === TradeRefusal.bankCardVerificationFailed) {
        setCardRefused(await refusals.text(error));
      } else refusals.toast(error);
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempted(true);
    setAmountRefused(null);
    setCardRefused(null);
    const ready =
      type !== null &&
      amountProblem === null &&
      (!toBank || (card !== null && cardProblem === null)) &&
      accountProblem === null &&
      accountReady &&
      codeRule === null;
    const sent = request();
    if (!ready || sent === null || submitWithdraw.isPending) return;
    submitWithdraw.mutate(sent);
  };

  if (offered.length === 0) {
    return <p className="h5-note">{t`暂不支持提现`}</p>;
  }

  const shownAmountProblem = amountRefused ?? (attempted || typed !== "" ? amountProblem : null);
  const goldText = formatAmount(detail.goldBalance);
  return (
    <>
      <form className="h5-trade-card h5-trade-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <h2 id={headingId} className="h5-trade-card__title">
          {retryOf === undefined ? t`申请提现` : t`重新提现`}
        </h2>
        {retryOf === undefined ? null : (
          <p className="h5-note">{t`重新提现失败的订单 ${retryOf}（每天最多重新转账 ${retryLimit} 次）`}</p>
        )}
        <dl className="h5-figures h5-trade-balances">
          <div className="h5-figures__item">
            <dt>{t`${goldName}余额`}</dt>
            <dd data-testid="withdraw-gold">{goldText}</dd>
          </div>
          <div className="h5-figures__item">
            <dt>{t`可提现`}</dt>
            <dd data-testid="withdraw-withdrawable">{withdrawableText}</dd>
          </div>
        </dl>

        {offered.length > 1 ? (
          <ChoiceGroup
            legend={t`提现方式`}
            name="withdrawType"
            value={type}
            choices={offered.map((option) => ({ value: option, label: labels.withdrawType(option) }))}
            onChange={(option) => {
              setType(option);
              setCardRefused(null);
            }}
          />
        ) : (
          <p className="h5-trade-label">{labels.withdrawType(offered[0] ?? "")}</p>
        )}

        {toBank ? (
          <div className="h5-trade-destination" role="group" aria-label={t`收款银行卡`}>
            {cards.data === undefined ? (
              cards.isError ? (
                <RetryState compact message={errorText(cards.error)} onRetry={() => void cards.refetch()} />
              ) : (
                <SkeletonGroup label={t`银行卡加载中`}>
                  <Skeleton height={44} radius={12} />
                </SkeletonGroup>
              )
            ) : card === null ? (
              <div className="h5-alert" role={attempted ? "alert" : undefined}>
                <p>{cardProblem === null ? null : text(cardProblem)}</p>
                <Link
                  to="/addbankcard"
                  search={addCardSearch}
                  className="pf-button pf-button--primary pf-button--sm"
                >
                  {t`添加银行卡`}
                </Link>
              </div>
            ) : (
              <div className="h5-trade-card-choice">
                <span className="h5-trade-label">{t`收款银行卡`}</span>
                <CardSummary card={card} />
                <Button
                  variant="text"
                  size="sm"
                  onClick={() => {
                    setPicking(true);
                  }}
                >
                  {t`更换银行卡`}
                </Button>
              </div>
            )}
            {cardRefused === null ? null : (
              <p className="h5-error" role="alert">
                {cardRefused}
              </p>
            )}
          </div>
        ) : (
          <div className="h5-trade-destination" role="group" aria-label={t`收款 EE 钱包`}>
            {eeWallet.data === undefined ? (
              eeWallet.isError ? (
                <RetryState
                  compact
                  message={errorText(eeWallet.error)}
                  onRetry={() => void eeWallet.refetch()}
                />
              ) : (
                <SkeletonGroup label={t`EE 钱包加载中`}>
                  <Skeleton height={44} radius={12} />
                </SkeletonGroup>
              )
            ) : account === null ? (
              <div className="h5-alert" role={attempted ? "alert" : undefined}>
                <p>{accountProblem}</p>
                <Link to="/trade" className="pf-button pf-button--primary pf-button--sm">
                  {t`去开通 EE 钱包`}
                </Link>
              </div>
            ) : (
              <dl className="h5-figures">
                <div className="h5-figures__item">
                  <dt>{t`收款 EE 钱包账号`}</dt>
                  <dd data-testid="withdraw-ee-account">{account}</dd>
                </div>
              </dl>
            )}
            <p className="h5-note">{t`EE 钱包提现需审核，预计 ${reviewMin}-${reviewMax} 分钟到账`}</p>
          </div>
        )}

        <TextField
          label={t`提现金额`}
          value={typed}
          onChange={(next) => {
            setTyped(next);
            setAmountRefused(null);
          }}
          inputMode="decimal"
          placeholder={t`请输入金额`}
          hint={t`可提现 ${withdrawableText}，单笔最低 ${minimumText}`}
          error={shownAmountProblem ?? undefined}
        />

        <ChoiceGroup
          legend={t`到账时效`}
          name="timing"
          value={timing}
          choices={timingChoices.map((option) => ({
            value: option,
            label: labels.timing(option),
            extra:
              option === "RESERVED" ? (
                <span className="h5-note">
                  {t`随下一批次发出，${hours} 小时内到账可额外获得 ${percent}% 奖励；催单会改为普通提现立即发出，不再获得奖励`}
                </span>
              ) : null,
          }))}
          onChange={setTiming}
        />
        {timing === "RESERVED" && amountProblem === null && amount !== null ? (
          <p className="h5-note" data-testid="withdraw-bonus">
            {t`预计奖励 ${bonusText}`}
          </p>
        ) : null}

        <SmsCodeField
          type={SmsCodeType.WITHDRAW}
          value={code}
          onChange={setCode}
          error={attempted && codeRule !== null ? text(codeRule) : null}
        />

        <Button type="submit" block busy={submitWithdraw.isPending}>
          {t`确认提现`}
        </Button>
      </form>

      <CardPicker
        open={picking}
        cards={cardList}
        chosen={card}
        addCardSearch={addCardSearch}
        onClose={() => {
          setPicking(false);
        }}
        onChoose={(id) => {
          setCardId(id);
          setCardRefused(null);
          setPicking(false);
        }}
      />
    </>
  );
}
