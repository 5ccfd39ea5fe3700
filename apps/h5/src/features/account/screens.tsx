// The account's own screens in one chunk (Step 15): profile, security, password, phone, deletion,
// identity card, messages. Each route loads it lazily (features/account/routing) with the
// `account` catalog, so neither their code nor their words join /home's first load.
import "../../components/forms.css";
import { withCatalog } from "../../components/CatalogGate";
import { AccountLogoutScreen as AccountLogout } from "./AccountLogoutScreen";
import { BindPhoneScreen as BindPhone } from "./BindPhoneScreen";
import { EditPasswordScreen as EditPassword } from "./EditPasswordScreen";
import { EditPhoneScreen as EditPhone } from "./EditPhoneScreen";
import { EditProfileScreen as EditProfile } from "./EditProfileScreen";
import { IdCardScreen as IdCard } from "./IdCardScreen";
import { ScanIdCardScreen as ScanIdCard } from "./ScanIdCardScreen";
import { SecuritySettingsScreen as SecuritySettings } from "./SecuritySettingsScreen";
import { MessageSettingsScreen as MessageSettings } from "./MessageSettingsScreen";
import { MessagesScreen as Messages } from "./MessagesScreen";

/** Marks the account catalog (`hasCatalog(i18n, "account")` looks for this id). */
export const accountCatalogMark = /*i18n*/ { id: "account.catalog", message: "账号" };

export const MessagesScreen = withCatalog("account", Messages);
export const MessageSettingsScreen = withCatalog("account", MessageSettings);

export const EditProfileScreen = withCatalog("account", EditProfile);
export const SecuritySettingsScreen = withCatalog("account", SecuritySettings);
export const EditPasswordScreen = withCatalog("account", EditPassword);
export const EditPhoneScreen = withCatalog("account", EditPhone);
export const BindPhoneScreen = withCatalog("account", BindPhone);
export const AccountLogoutScreen = withCatalog("account", AccountLogout);

export const IdCardScreen = withCatalog("account", IdCard);
export const ScanIdCardScreen = withCatalog("account", ScanIdCard);
