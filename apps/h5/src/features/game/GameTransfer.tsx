import { useLingui } from "@lingui/react/macro";
import { GAME_WAGER_MULTIPLE, exchangeBonus, formatAmount, wageringAfterExchange } from "@platform/domain";
import type { TransferBalance } from "@platform/domain";
import { Button, PaymentConfirmDialog, TextField, useMessageText } from "@platform/ui";
import { useState } from "react";
import type { SyntheticEvent } from "react";
import { ChoiceGroup } from "../trade/ChoiceGroup";
import { TradeCard } from "../trade/TradeCard";
import { readAmount } from "../trade/amount";
import type { GameBalance } from "./queries";
import { useGameTransfer } from "./useGameTransfer";
import { MoneyUnit, unitName } from "@platform/i18n";

/** Gold into the game (with its bonus), or the game balance back to gold (once no bets are due). */
type Way = "in" | "out";
const ways: Readonly<Record<Way, readonly [from: TransferBalance, to: TransferBalance]>> = {
  in: ["GOLD", "GAME"],
  out: ["GAME", "GOLD"],
};

/**
 * Moving money between gold and the game balance. Into the game it says the bonus the amount adds
 * and the bets that will then be required, and asks for a confirmation first (the shared payment
 * sheet: the amount, the gold before and after, and the betting condition in numbers); out of it,
 * while bets are still required, it says how much instead of sending (and shows the server's
 * refusal should one come all the same).
 */
export function GameTransfer({ balance }: { readonly balance: GameBalance }) {
  const { t, i18n } = useLingui();
  const goldName = unitName(i18n, MoneyUnit.gold);
  const text = useMessageText();
  const [way, setWay] = useState<Way>("in");
  const [amountText, setAmountText] = useState("");
  const [tried, setTried] = useState(false);
  const [serverSaid, setServerSaid] = useState<string | null>(null);
  // Gold into the game waits for the confirmation sheet: the amount it would move, or null.
  const [confirming, setConfirming] = useState<number | null>(null);
  const send = useGameTransfer({
    done: () => {
      setAmountText("");
      setTried(false);
      setConfirming(null);
    },
    refused: (text) => {
      setConfirming(null);
      setServerSaid(text);
    },
  });

  const [fromType, toType] = ways[way];
  const blocked = way === "out" && balance.wagerRemaining > 0;
  // While bets are due nothing can go back to gold: the field says 0.00, not the game balance.
  const source = blocked ? 0 : way === "in" ? balance.gold : balance.game;
  const availableText = formatAmount(source);
  const due = formatAmount(balance.wagerRemaining);
  const reading = readAmount(amountText);
  const problem = blocked
    ? t`还需投注 ${due} 才能把游戏余额转回${goldName}`
    : !reading.ok
      ? text(reading.problem)
      : reading.amount > source
        ? t`超出可转出余额 ${availableText}`
        : null;
  const visibleProblem = serverSaid ?? (blocked || tried || amountText !== "" ? problem : null);

  const percent = balance.bonusPercent;
  let preview: string | null = null;
  if (way === "in" && reading.ok && problem === null) {
    const bonus = exchangeBonus(reading.amount, percent);
    const bonusText = formatAmount(bonus);
    const required = formatAmount(
      wageringAfterExchange(reading.amount, balance.game, balance.wagerRemaining),
    );
    if (bonus > 0)
      preview = t`将赠送 ${bonusText} 奖金；转入后需投注满 ${required} 才能解锁奖金并转回${goldName}`;
  }

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    setServerSaid(null);
    setTried(true);
    if (problem !== null || !reading.ok || send.isPending) return;
    if (way === "in") setConfirming(reading.amount);
    else send.mutate({ fromType, toType, amount: reading.amount });
  };

  const gameName = t`游戏余额`;
  const multiple = GAME_WAGER_MULTIPLE;
  return (
    <TradeCard title={t`${goldName}与游戏余额互转`}>
      <form className="h5-game-form" onSubmit={onSubmit} noValidate>
        <ChoiceGroup
          legend={t`转账方向`}
          name="gameTransferWay"
          choices={(["in", "out"] as const).map((option) => ({
            value: option,
            label: option === "in" ? t`${goldName} → ${gameName}` : t`${gameName} → ${goldName}`,
          }))}
          value={way}
          onChange={(option) => {
            setWay(option);
            setServerSaid(null);
          }}
        />
        {way === "in" && percent > 0 ? (
          <p className="h5-note">
            {t`${goldName}转入游戏赠送 ${percent}% 奖金；投注满转入金额的 ${multiple} 倍加转入前的游戏余额后，奖金解锁，游戏余额才能转回${goldName}。`}
          </p>
        ) : null}
        <TextField
          label={t`转账金额`}
          value={amountText}
          onChange={(next) => {
            setAmountText(next);
            setServerSaid(null);
          }}
          inputMode="decimal"
          placeholder={t`请输入金额`}
          hint={t`可转出 ${availableText}`}
          error={visibleProblem ?? undefined}
        />
        <p className="h5-note" aria-live="polite" data-testid="game-transfer-preview">
          {preview}
        </p>
        <div className="h5-actions">
          <Button type="submit" variant="secondary" block busy={send.isPending}>
            {t`确认转账`}
          </Button>
        </div>
      </form>
      {confirming === null ? null : (
        <ConfirmExchange
          amount={confirming}
          balance={balance}
          busy={send.isPending}
          onConfirm={() => {
            send.mutate({ fromType, toType, amount: confirming });
          }}
          onCancel={() => {
            setConfirming(null);
          }}
        />
      )}
    </TradeCard>
  );
}

/**
 * Gold into the game, confirmed before anything moves: the amount, the gold now and after, and —
 * when the exchange adds a bonus — the bets the game balance then needs before it can go back to
 * gold (spec §9: 10 × the exchange plus the game balance held before, or on top of what is still
 * required), in numbers.
 */
function ConfirmExchange({
  amount,
  balance,
  busy,
  onConfirm,
  onCancel,
}: {
  readonly amount: number;
  readonly balance: GameBalance;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useLingui();
  const amountText = formatAmount(amount);
  const bonus = exchangeBonus(amount, balance.bonusPercent);
  const bonusText = formatAmount(bonus);
  const multiple = GAME_WAGER_MULTIPLE;
  const tenTimes = formatAmount(GAME_WAGER_MULTIPLE * amount);
  const required = formatAmount(wageringAfterExchange(amount, balance.game, balance.wagerRemaining));
  const before = formatAmount(balance.game);
  const still = formatAmount(balance.wagerRemaining);
  let condition: string | undefined;
  if (bonus > 0)
    condition =
      balance.wagerRemaining > 0
        ? t`转入后需再投注满 ${required}（还需的 ${still} 加转入金额的 ${multiple} 倍 ${tenTimes}），奖金才解锁，游戏余额才能转回金币。`
        : t`转入后需投注满 ${required}（转入金额的 ${multiple} 倍 ${tenTimes} 加转入前的游戏余额 ${before}），奖金才解锁，游戏余额才能转回金币。`;
  return (
    <PaymentConfirmDialog
      open
      title={t`确认转入游戏`}
      summary={
        bonus > 0
          ? t`把 ${amountText} 金币转入游戏余额，赠送 ${bonusText} 奖金。`
          : t`把 ${amountText} 金币转入游戏余额。`
      }
      amount={amount}
      balance={balance.gold}
      condition={condition}
      confirmLabel={t`确认转入`}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
