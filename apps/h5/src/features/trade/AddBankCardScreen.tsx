import { useLingui } from "@lingui/react/macro";
import { SmsCodeType, validateSmsCode } from "@platform/domain";
import { Button, TextField, useMessageText, useToast } from "@platform/ui";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { SyntheticEvent } from "react";
import { Page } from "../../components/Page";
import { SmsCodeField } from "../../components/SmsCodeField";
import {
  BANK_NAME_LENGTH,
  CARDHOLDER_LENGTH,
  CARD_NUMBER_LENGTH,
  cardDigits,
  cardNumberProblem,
  nameLength,
} from "./card";
import { useAddCardMutation } from "./queries/cards";
import { afterCardAdded } from "./search";
import { TradeRefusal, tradeRefusalOf, useRefusals } from "./refusals";
import "./TradeCard.css";
import "./trade.css";

const route = getRouteApi("/addbankcard");

/**
 * /addbankcard: card number (digits, 12-19, the Luhn check here), holder, bank, and an SMS code
 * (type PAYEE) to the person's own phone; added, back to /cardManage (the header's back goes there
 * too) — or, opened with `?from=` (from /withdraw), back there, with the new card chosen.
 */
export function AddBankCardScreen() {
  const navigate = useNavigate();
  const { from } = route.useSearch();
  const { t } = useLingui();
  const text = useMessageText();
  const refusals = useRefusals();
  const toast = useToast();
  const [number, setNumber] = useState("");
  const [holder, setHolder] = useState("");
  const [bank, setBank] = useState("");
  const [code, setCode] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const numberMin = CARD_NUMBER_LENGTH.min;
  const numberMax = CARD_NUMBER_LENGTH.max;
  const holderMin = CARDHOLDER_LENGTH.min;
  const holderMax = CARDHOLDER_LENGTH.max;
  const bankMin = BANK_NAME_LENGTH.min;
  const bankMax = BANK_NAME_LENGTH.max;
  const numberIssue = cardNumberProblem(number);
  const numberProblem =
    numberIssue === "required"
      ? t`请输入银行卡号`
      : numberIssue === "format"
        ? t`银行卡号为 ${numberMin}-${numberMax} 位数字`
        : numberIssue === "checksum"
          ? t`银行卡号校验未通过，请检查是否输错了数字`
          : null;
  const holderLength = nameLength(holder);
  const holderProblem =
    holderLength < holderMin || holderLength > holderMax
      ? t`持卡人姓名为 ${holderMin}-${holderMax} 个字`
      : null;
  const bankLength = nameLength(bank);
  const bankProblem =
    bankLength < bankMin || bankLength > bankMax ? t`开户银行为 ${bankMin}-${bankMax} 个字` : null;
  const codeRule = validateSmsCode(code);

  const add = useAddCardMutation({
    onSuccess: () => {
      toast.show(t`银行卡已添加`, { tone: "success" });
    },
    onRefreshed: async (added) => {
      await navigate({ href: afterCardAdded(from, added.id), replace: true });
    },
    onError: async (error) => {
      if (tradeRefusalOf(error) === TradeRefusal.bankCardVerificationFailed)
        setRefused(await refusals.text(error));
      else refusals.toast(error);
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempted(true);
    setRefused(null);
    if (add.isPending) return;
    if (numberProblem !== null || holderProblem !== null || bankProblem !== null || codeRule !== null) return;
    add.mutate({
      cardNumber: cardDigits(number),
      cardholderName: holder.trim(),
      bankName: bank.trim(),
      code,
    });
  };

  // The number's rule shows as soon as it is long enough to judge; the others after a submit.
  const numberShown =
    attempted || cardDigits(number).length >= numberMin || /[^\d\s-]/.test(number) ? numberProblem : null;
  return (
    <Page
      title={t`添加银行卡`}
      onBack={
        from === undefined
          ? undefined
          : () => {
              void navigate({ href: from });
            }
      }
    >
      <div className="h5-trade">
        <form className="h5-trade-card h5-trade-form" onSubmit={submit} noValidate>
          <TextField
            label={t`银行卡号`}
            value={number}
            onChange={(next) => {
              setNumber(next);
              setRefused(null);
            }}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder={t`请输入银行卡号`}
            error={numberShown ?? undefined}
          />
          <TextField
            label={t`持卡人`}
            value={holder}
            onChange={(next) => {
              setHolder(next);
              setRefused(null);
            }}
            autoComplete="cc-name"
            placeholder={t`请输入持卡人姓名`}
            error={attempted && holderProblem !== null ? holderProblem : undefined}
          />
          <TextField
            label={t`开户银行`}
            value={bank}
            onChange={(next) => {
              setBank(next);
              setRefused(null);
            }}
            placeholder={t`如：中国工商银行`}
            error={attempted && bankProblem !== null ? bankProblem : undefined}
          />
          <SmsCodeField
            type={SmsCodeType.PAYEE}
            value={code}
            onChange={setCode}
            error={attempted && codeRule !== null ? text(codeRule) : null}
          />
          {refused === null ? null : (
            <p className="h5-alert" role="alert">
              {refused}
            </p>
          )}
          <Button type="submit" block busy={add.isPending}>
            {t`确认添加`}
          </Button>
        </form>
      </div>
    </Page>
  );
}
