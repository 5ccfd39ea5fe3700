// The money screens in one chunk: their six routes load it lazily (features/trade/routing), so
// neither their code nor their words (the money catalog) join the first load of /home.
import "../../components/forms.css";
import { withCatalog } from "../../components/CatalogGate";
import { AddBankCardScreen as AddBankCard } from "./AddBankCardScreen";
import { CardManageScreen as CardManage } from "./CardManageScreen";
import { OrderDetailScreen as OrderDetail } from "./OrderDetailScreen";
import { OrderManageScreen as OrderManage } from "./OrderManageScreen";
import { TradeScreen as Trade } from "./TradeScreen";
import { WithdrawScreen as Withdraw } from "./WithdrawScreen";

/** Marks the money catalog (`hasCatalog(i18n, "money")` looks for this id). */
export const moneyCatalogMark = /*i18n*/ { id: "money.catalog", message: "钱包" };

export const AddBankCardScreen = withCatalog("money", AddBankCard);
export const CardManageScreen = withCatalog("money", CardManage);
export const OrderDetailScreen = withCatalog("money", OrderDetail);
export const OrderManageScreen = withCatalog("money", OrderManage);
export const TradeScreen = withCatalog("money", Trade);
export const WithdrawScreen = withCatalog("money", Withdraw);
