export { PaymentConfirmDialog } from "./PaymentConfirmDialog";
export type { PaymentConfirmDialogProps } from "./PaymentConfirmDialog";
