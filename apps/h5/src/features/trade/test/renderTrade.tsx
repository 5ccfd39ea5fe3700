import { Language } from "@platform/domain";
import { validateOrderTabSearch } from "../../../app/route-search";
import { byText, click, control, renderApp, typeInto, waitFor } from "../../../test/renderApp";
import {
  AddBankCardScreen,
  CardManageScreen,
  OrderDetailScreen,
  OrderManageScreen,
  TradeScreen,
  WithdrawScreen,
} from "../screens";
import { validateOrderDetailSearch, validateTradeSearch, validateWithdrawSearch } from "../search";

/**
 * The money routes as the app has them (their search validation, and their words from the money
 * catalog, loaded for the language as the app does), with the app's providers,
 * over a stand-in `api`; any other path shows its href in `[data-testid=page]`.
 */
export function renderTrade(api: unknown, path: string, language: Language = Language.zhCN) {
  return renderApp({
    api,
    path,
    language,
    pages: {
      "/trade": { component: TradeScreen, validateSearch: validateTradeSearch },
      "/withdraw": { component: WithdrawScreen, validateSearch: validateWithdrawSearch },
      "/ordermanage": { component: OrderManageScreen, validateSearch: validateOrderTabSearch },
      "/orderdetails": { component: OrderDetailScreen, validateSearch: validateOrderDetailSearch },
      "/cardmanage": CardManageScreen,
      "/addbankcard": AddBankCardScreen,
    },
  });
}

/** The input a label names (a TextField's box). */
export function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  const element = byText(label, "label");
  const input = document.getElementById(element.getAttribute("for") ?? "");
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement))
    throw new Error(`no box labelled "${label}"`);
  return input;
}

/** The error under a box (its aria-describedby's alert), or null. */
export function fieldError(label: string): string | null {
  const input = field(label);
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
  const alert = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.getAttribute("role") === "alert");
  return alert?.textContent ?? null;
}

export const pageShown = () => document.querySelector("[data-testid=page]")?.textContent;
export const testId = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;

/**
 * Fills the add-card form with a card of `number` (holder 李四 at 中国银行) and a code asked for
 * and typed; the money screens' words arrive with their catalog (lazily, the first time in a file).
 */
export async function fillCard(number: string) {
  await typeInto(await waitFor(() => field("银行卡号")), number);
  await typeInto(field("持卡人"), "李四");
  await typeInto(field("开户银行"), "中国银行");
  await click(control("获取验证码"));
  await waitFor(() => byText("验证码已发送"));
  await typeInto(field("验证码"), "4321");
}
