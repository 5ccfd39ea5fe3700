// Membership and the library's screens in one chunk: their routes load it lazily
// (features/library/routing), so neither their code nor their words join /home's first load.
import { withCatalog } from "../../components/CatalogGate";
import { AddMyCollectionScreen as AddMyCollection } from "./AddMyCollectionScreen";
import { CollectionScreen as Collection } from "./CollectionScreen";
import { MemberVipScreen as MemberVip } from "./MemberVipScreen";
import { MyBuyScreen as MyBuy } from "./MyBuyScreen";
import { MyCollectionScreen as MyCollection } from "./MyCollectionScreen";
import { MyHistoryScreen as MyHistory } from "./MyHistoryScreen";

/** Marks the library catalog (`hasCatalog(i18n, "library")` looks for this id). */
export const libraryCatalogMark = /*i18n*/ { id: "library.catalog", message: "我的" };

export const MemberVipScreen = withCatalog("library", MemberVip);
export const MyBuyScreen = withCatalog("library", MyBuy);
export const MyHistoryScreen = withCatalog("library", MyHistory);
export const MyCollectionScreen = withCatalog("library", MyCollection);
export const CollectionScreen = withCatalog("library", Collection);
export const AddMyCollectionScreen = withCatalog("library", AddMyCollection);
