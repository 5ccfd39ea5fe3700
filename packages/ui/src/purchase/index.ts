export { BuyVideoPopup } from "./BuyVideoPopup";
export type { BuyVideoPopupProps } from "./BuyVideoPopup";
export { MembershipDialog } from "./MembershipDialog";
export type { MembershipDialogProps } from "./MembershipDialog";
