export { BuyVideoPopup } from "./BuyVideoPopup";
export type { BuyVideoPopupProps } from "./BuyVideoPopup";
export { MembershipDialog } from "./MembershipDialog";
export type { MembershipDialogProps } from "./MembershipDialog";
export { TrialEndedPopup } from "./TrialEndedPopup";
export type { TrialEndedPopupProps } from "./TrialEndedPopup";
