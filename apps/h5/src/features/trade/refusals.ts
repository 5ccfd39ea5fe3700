import { useLingui } from "@lingui/react";
import { isApiError } from "@platform/api-client";
import { ServerMessageKey } from "@platform/domain";
import { useToast } from "@platform/ui";
import { useMemo, useRef } from "react";
import { errorTextLoaded } from "../../app/error-text";

/** The server's refusals these screens answer in place rather than with a toast. */
export const TradeRefusal = {
  rechargeUnfinished: ServerMessageKey.rechargeUnfinished,
  bankCardVerificationFailed: ServerMessageKey.bankCardVerificationFailed,
  balanceTooLow: ServerMessageKey.balanceTooLow,
} as const;
export type TradeRefusal = (typeof TradeRefusal)[keyof typeof TradeRefusal];

/** Which of the special refusals a failed call is, if any. */
export function tradeRefusalOf(error: unknown): TradeRefusal | null {
  if (!isApiError(error)) return null;
  const key = error.msgKey;
  return Object.values(TradeRefusal).find((refusal) => refusal === key) ?? null;
}

/**
 * The sentence of a failed call in the reader's language (the server's catalog fetched first when
 * it is a server refusal), and a toast of it, as the api-client's own hook would show it: the money
 * calls are made `quiet`, so a refusal shown in place is not toasted as well.
 */
export function useRefusals() {
  const { i18n } = useLingui();
  const toast = useToast();
  return useMemo(
    () => ({
      text: (error: unknown) => errorTextLoaded(i18n, error),
      toast: (error: unknown) => {
        if (isApiError(error) && !error.shouldNotify) return;
        void errorTextLoaded(i18n, error).then((text) => {
          toast.show(text, { tone: "error" });
        });
      },
    }),
    [i18n, toast],
  );
}

/**
 * Whether a failed call may have done its work all the same (no answer came): a retry of the same
 * request must then carry the same Idempotency-Key, so the server does it at most once.
 */
function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.kind === "network" ||
    error.kind === "timeout" ||
    (error.kind === "http" && (error.status ?? 0) >= 500)
  );
}

/**
 * One Idempotency-Key per intent: the same request sent again after a call whose outcome is unknown
 * reuses its key; an answer (success or refusal) or a changed request starts a new intent.
 */
export function useIntentKey() {
  const intent = useRef<{ readonly body: string; readonly key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body: unknown): string {
        const text = JSON.stringify(body);
        if (intent.current?.body !== text) intent.current = { body: text, key: crypto.randomUUID() };
        return intent.current.key;
      },
      settle(error?: unknown): void {
        if (error === undefined || !outcomeUnknown(error)) intent.current = null;
      },
    }),
    [],
  );
}
