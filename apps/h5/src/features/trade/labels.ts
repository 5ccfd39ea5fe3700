import { useLingui } from "@lingui/react/macro";
import { AccountType, formatAmount } from "@platform/domain";
import type {
  Hundredths,
  PaymentMethod,
  StatementReason,
  WithdrawTiming,
  WithdrawType,
} from "@platform/domain";
import { MoneyUnit, unitName } from "@platform/i18n";

/**
 * The words of the money enumerations, in the current language (re-read on a language switch).
 * Keyed by the values themselves, checked against the domain's types: importing the enumeration
 * objects would put them in the shared chunk every page loads.
 */
export function useTradeLabels() {
  const { t, i18n } = useLingui();
  const gold = unitName(i18n, MoneyUnit.gold);
  const payMethods: Readonly<Partial<Record<string, string>>> = {
    EE_PAY: t`EE 钱包`,
    BANK_SM: t`银行转账`,
    MERCHANT: t`商户支付`,
    GOLD: gold,
  } satisfies Record<PaymentMethod, string>;
  const withdrawTypes: Readonly<Partial<Record<string, string>>> = {
    BANK_WITHDRAW: t`提现到银行卡`,
    GOLD_WITHDRAW: t`${gold}提现到银行卡`,
    EEPAY_WITHDRAW: t`提现到 EE 钱包`,
  } satisfies Record<WithdrawType, string>;
  const timings: Readonly<Partial<Record<string, string>>> = {
    RESERVED: t`预约提现`,
    NORMAL: t`普通提现`,
  } satisfies Record<WithdrawTiming, string>;
  const balances: Readonly<Partial<Record<string, string>>> = {
    [AccountType.GOLD]: gold,
    [AccountType.WALLET]: unitName(i18n, MoneyUnit.wallet),
    GAME: unitName(i18n, MoneyUnit.game),
    GAME_BONUS: unitName(i18n, MoneyUnit.gameBonus),
  };
  const reasons: Readonly<Partial<Record<string, string>>> = {
    RECHARGE: t`充值`,
    BUY_VIDEO: t`购买视频`,
    REFUND_VIDEO: t`视频退款`,
    MEMBERSHIP: t`超级会员`,
    LIVE_TICKET: t`直播门票`,
    TRANSFER: t`余额互转`,
    WITHDRAW: t`提现`,
    WITHDRAW_RETURN: t`提现退回`,
    WITHDRAW_BONUS: t`预约提现奖励`,
    WITHDRAW_CHANGE: t`提现金额调整`,
    GRANT: t`平台发放`,
    CREATOR_SHARE: t`作品收益`,
    CREATOR_SHARE_RETURN: t`作品收益退回`,
    ADJUSTMENT: t`平台调整`,
  } satisfies Record<StatementReason, string>;
  return {
    /** A known method in the reader's language; another by the name the server gives it. */
    payMethod: (method: string, name?: string) =>
      payMethods[method] ?? (name !== undefined && name !== "" ? name : method),
    withdrawType: (type: string) => withdrawTypes[type] ?? type,
    timing: (timing: string) => timings[timing] ?? timing,
    balance: (type: string) => balances[type] ?? type,
    reason: (reason: string) => reasons[reason] ?? reason,
  };
}

/** A signed amount as people read a ledger line: "+12.00", "-3.50". */
export function signedAmount(amount: Hundredths): string {
  return amount > 0 ? `+${formatAmount(amount)}` : formatAmount(amount);
}
