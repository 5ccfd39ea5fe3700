import { useLingui } from "@lingui/react/macro";
import { AccountType, formatAmount, walletBalanceOf } from "@platform/domain";
import type { WalletEntry } from "@platform/domain";
import { Button, TextField, useMessageText, useToast } from "@platform/ui";
import { useState } from "react";
import type { SyntheticEvent } from "react";
import { readAmount } from "./amount";
import { TradeCard } from "./TradeCard";
import { useTradeLabels } from "./labels";
import { useTransferMutation } from "./queries/money";
import { TradeRefusal, tradeRefusalOf, useRefusals } from "./refusals";

type Direction = "walletToGold" | "goldToWallet";
const sides: Readonly<Record<Direction, { readonly from: AccountType; readonly to: AccountType }>> = {
  walletToGold: { from: AccountType.WALLET, to: AccountType.GOLD },
  goldToWallet: { from: AccountType.GOLD, to: AccountType.WALLET },
};

/** Moving money between the wallet and the gold balance; the balances shown follow the answer. */
export function TransferSection({ balances }: { readonly balances: readonly WalletEntry[] | undefined }) {
  const { t } = useLingui();
  const text = useMessageText();
  const toast = useToast();
  const labels = useTradeLabels();
  const refusals = useRefusals();
  const [direction, setDirection] = useState<Direction>("walletToGold");
  const [typed, setTyped] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const { from, to } = sides[direction];
  const available = walletBalanceOf(balances, from);
  const availableText = formatAmount(available);
  const fromName = labels.balance(from);

  const reading = readAmount(typed);
  let problem: string | null = null;
  if (!reading.ok) problem = text(reading.problem);
  else if (balances !== undefined && reading.amount > available) problem = t`超出${fromName}可转出余额`;

  // The balances shown follow the answer; a balance too low is read again (the hook).
  const transfer = useTransferMutation({
    onSuccess: () => {
      setTyped("");
      setAttempted(false);
      toast.show(t`转账成功`, { tone: "success" });
    },
    onError: async (error) => {
      if (tradeRefusalOf(error) === TradeRefusal.balanceTooLow) setRefused(await refusals.text(error));
      else refusals.toast(error);
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempted(true);
    setRefused(null);
    if (transfer.isPending || !reading.ok || problem !== null) return;
    transfer.mutate({ fromType: from, toType: to, amount: reading.amount });
  };

  const shown = refused ?? (attempted || typed !== "" ? problem : null);
  const walletName = labels.balance(AccountType.WALLET);
  const goldName = labels.balance(AccountType.GOLD);
  return (
    <TradeCard title={t`余额互转`}>
      <form className="h5-trade-form" onSubmit={submit} noValidate>
        <fieldset className="h5-fieldset">
          <legend className="h5-trade-label">{t`转账方向`}</legend>
          {(Object.keys(sides) as Direction[]).map((key) => (
            <label key={key} className="h5-trade-choice">
              <input
                type="radio"
                name="transferDirection"
                value={key}
                checked={key === direction}
                onChange={() => {
                  setDirection(key);
                  setRefused(null);
                }}
              />
              <span>
                {key === "walletToGold" ? t`${walletName} → ${goldName}` : t`${goldName} → ${walletName}`}
              </span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={t`转账金额`}
          value={typed}
          onChange={(next) => {
            setTyped(next);
            setRefused(null);
          }}
          inputMode="decimal"
          placeholder={t`请输入金额`}
          hint={t`可转出 ${availableText}`}
          error={shown ?? undefined}
        />
        <Button type="submit" variant="secondary" block busy={transfer.isPending}>
          {t`确认转账`}
        </Button>
      </form>
    </TradeCard>
  );
}
