import { ServerMessageKey } from "@platform/domain";
import { translate } from "../http/messages";
import type { ServerLanguage } from "../http/messages";

/** The sandbox pages' language: the browser's (Accept-Language), as a provider's site would. */
export function pageLanguage(acceptLanguage: unknown): ServerLanguage {
  return typeof acceptLanguage === "string" && /^\s*en\b/i.test(acceptLanguage) ? "en_US" : "zh_CN";
}

/** Text put into HTML (a page of a sandbox party), every character that could end it escaped. */
export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

export function yuan(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** The sandbox parties' pages' one stylesheet (a file of this server's: the CSP allows no inline style). */
export const SANDBOX_STYLESHEET_PATH = "/sandbox/sandbox.css";

/** Readable on a phone, light and plain — another party's pages, not the app's. */
export const sandboxStylesheet = `body{margin:0;background:#f4f5f7;color:#1d2129;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:8px 0 12px}
[role=note]{padding:8px 12px;border-radius:8px;background:#fff4d6;color:#7a5200;font-size:14px}
[role=alert]{padding:8px 12px;border-radius:8px;background:#fde8e8;color:#a61b1b}
[role=status]{font-size:17px}
form{display:flex;flex-direction:column;gap:12px;margin:12px 0}
label{display:flex;flex-direction:column;gap:4px;font-size:14px;color:#4e5969}
input:not([type=hidden]){min-height:44px;padding:0 12px;border:1px solid #c9cdd4;border-radius:8px;font:inherit;color:inherit}
button{min-height:44px;padding:0 16px;border:0;border-radius:22px;background:#e4572e;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:2px solid #2f6bff;outline-offset:2px}
a{color:#2f6bff}
`;

/**
 * A plain HTML page (no script, no inline style: the server's CSP holds here too), under a note
 * that it is a sandbox (by default, that no real money moves).
 */
export function page(
  language: ServerLanguage,
  title: string,
  body: string,
  notice: string = translate(language, ServerMessageKey.sandboxNotice),
  head = "",
): string {
  const lang = language === "en_US" ? "en-US" : "zh-CN";
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}<title>${escape(title)}</title><link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}"></head><body><main><h1>${escape(title)}</h1><p role="note"><strong>${escape(notice)}</strong></p>${body}</main></body></html>`;
}

export interface CheckoutView {
  readonly language: ServerLanguage;
  readonly provider: string;
  readonly orderNum: string;
  readonly amount: number;
  readonly action: string;
  /** The e-wallet balance of the payer (EEPay), shown above the buttons. */
  readonly walletBalance: number | null;
  readonly error: string | null;
}

export function checkoutPage(view: CheckoutView): string {
  const t = (key: ServerMessageKey, values: Record<string, string> = {}) =>
    escape(translate(view.language, key, values));
  const action = escape(view.action);
  const wallet =
    view.walletBalance === null
      ? ""
      : `<p>${t(ServerMessageKey.sandboxWalletBalance, { amount: yuan(view.walletBalance) })}</p>`;
  const error = view.error ? `<p role="alert">${escape(view.error)}</p>` : "";
  return page(
    view.language,
    translate(view.language, ServerMessageKey.sandboxPayTitle, { provider: view.provider }),
    `<p>${t(ServerMessageKey.sandboxPayOrder, { orderNum: view.orderNum })}</p>
<p>${t(ServerMessageKey.sandboxPayAmount, { amount: yuan(view.amount) })}</p>${wallet}${error}
<form method="post" action="${action}"><input type="hidden" name="do" value="pay"><button type="submit">${t(ServerMessageKey.sandboxPayNow)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="do" value="other"><label>${t(ServerMessageKey.sandboxPayOther)} <input name="amount" inputmode="decimal" required pattern="\\d{1,9}(\\.\\d{1,2})?"></label> <button type="submit">${t(ServerMessageKey.sandboxPayOther)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="do" value="fail"><button type="submit">${t(ServerMessageKey.sandboxPayFail)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="do" value="abandon"><button type="submit">${t(ServerMessageKey.sandboxPayAbandon)}</button></form>`,
  );
}

export function walletPage(
  language: ServerLanguage,
  account: string,
  balance: number,
  action: string,
): string {
  const t = (key: ServerMessageKey, values: Record<string, string> = {}) =>
    escape(translate(language, key, values));
  return page(
    language,
    translate(language, ServerMessageKey.sandboxWalletTitle),
    `<p>${t(ServerMessageKey.sandboxWalletAccount, { account })}</p>
<p>${t(ServerMessageKey.sandboxWalletBalance, { amount: yuan(balance) })}</p>
<form method="post" action="${escape(action)}"><button type="submit">${t(ServerMessageKey.sandboxWalletTopUp)}</button></form>`,
  );
}

/** The words of a payment's status on the provider's own pages (never the raw PROCESSING). */
const paymentStatusKeys: Readonly<Record<string, ServerMessageKey>> = {
  PROCESSING: ServerMessageKey.sandboxPaymentProcessing,
  PAID: ServerMessageKey.sandboxPaymentPaid,
  FAILED: ServerMessageKey.sandboxPaymentFailed,
  REFUNDED: ServerMessageKey.sandboxPaymentRefunded,
};

/** Seconds the 'already paid' page shows before it goes back to the merchant by itself. */
export const RETURN_AFTER_SECONDS = 2;

/**
 * A checkout reached again once its payment is no longer pending (the browser's Back from the
 * app's result page): its status in words, and it goes back to the merchant's return page by
 * itself (a meta refresh: the CSP allows no script) and by a link.
 */
export function donePage(language: ServerLanguage, title: string, status: string, returnUrl: string): string {
  const key = paymentStatusKeys[status];
  const words = key === undefined ? status : translate(language, key);
  const url = escape(returnUrl);
  return page(
    language,
    title,
    `<p role="status">${escape(translate(language, ServerMessageKey.sandboxPayDone, { status: words }))}</p><p><a href="${url}">${escape(translate(language, ServerMessageKey.sandboxPayBack))}</a></p>`,
    undefined,
    `<meta http-equiv="refresh" content="${String(RETURN_AFTER_SECONDS)};url=${url}">`,
  );
}
