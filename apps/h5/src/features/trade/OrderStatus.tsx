import { useLingui } from "@lingui/react";
import { loadServerMessages } from "@platform/i18n";
import { useMessageText } from "@platform/ui";
import { useEffect, useState } from "react";
import { statusViewOf } from "./orders";
import type { Order } from "./queries/orders";

/** An order's status in the spec's words, coloured by its tone (pending, success, failed, cancelled). */
export function OrderStatus({ order }: { readonly order: Order }) {
  const text = useMessageText();
  const view = statusViewOf(order);
  return (
    <span className={`h5-trade-status h5-trade-status--${view.tone}`} data-status={order.status}>
      {text(view.label)}
    </span>
  );
}

/**
 * A reason the server recorded (a failure, a cancellation): the app's own sentence when it is one
 * of the server's message keys (its catalog fetched first), else the text as it was written.
 */
export function ReasonText({ reason }: { readonly reason: string }) {
  const { i18n } = useLingui();
  const isKey = /^server\.\w+$/.test(reason);
  const known = isKey && Object.hasOwn(i18n.messages, reason);
  const [failed, setFailed] = useState(false);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!isKey || Object.hasOwn(i18n.messages, reason)) return;
    let live = true;
    loadServerMessages(i18n)
      .then(() => {
        if (live) setLoaded(true);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [i18n, isKey, reason]);
  if (known) return <>{i18n._(reason)}</>;
  return <>{isKey && !failed ? "" : reason}</>;
}
