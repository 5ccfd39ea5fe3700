// The money screens in one chunk: their six routes load it lazily (features/trade/routing), so
// neither their code nor their words (the money catalog) join the first load of /home.
import type { ReactNode } from "react";
import { CatalogGate } from "../../components/CatalogGate";
import { AddBankCardScreen as AddBankCard } from "./AddBankCardScreen";
import { CardManageScreen as CardManage } from "./CardManageScreen";
import { OrderDetailScreen as OrderDetail } from "./OrderDetailScreen";
import { OrderManageScreen as OrderManage } from "./OrderManageScreen";
import { TradeScreen as Trade } from "./TradeScreen";
import { WithdrawScreen as Withdraw } from "./WithdrawScreen";

/** Marks the money catalog (`hasCatalog(i18n, "money")` looks for this id). */
export const moneyCatalogMark = /*i18n*/ { id: "money.catalog", message: "钱包" };

/** A screen shown once the money catalog of the active language is there. */
function withMoneyWords(Screen: () => ReactNode): () => ReactNode {
  const Gated = () => (
    <CatalogGate name="money">
      <Screen />
    </CatalogGate>
  );
  return Gated;
}

export const AddBankCardScreen = withMoneyWords(AddBankCard);
export const CardManageScreen = withMoneyWords(CardManage);
export const OrderDetailScreen = withMoneyWords(OrderDetail);
export const OrderManageScreen = withMoneyWords(OrderManage);
export const TradeScreen = withMoneyWords(Trade);
export const WithdrawScreen = withMoneyWords(Withdraw);
