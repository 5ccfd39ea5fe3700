import "./styles/index.css";

export { useMessageText } from "./i18n";
export { Icon, iconNames } from "./icons/Icon";
export type { IconName, IconProps } from "./icons/Icon";

// Primitives
export { BottomPopup } from "./primitives/BottomPopup";
export type { BottomPopupProps } from "./primitives/BottomPopup";
export { Button } from "./primitives/Button";
export type { ButtonProps, ButtonVariant } from "./primitives/Button";
export { Dialog, TipDialog } from "./primitives/Dialog";
export type { DialogProps, TipDialogProps } from "./primitives/Dialog";
export { EmptyState } from "./primitives/EmptyState";
export type { EmptyStateProps } from "./primitives/EmptyState";
export { Layer } from "./primitives/Layer";
export { ToastProvider, Toaster, useToast } from "./primitives/Toast";
export type { ToastApi, ToastItem, ToastOptions, ToastTone } from "./primitives/Toast";
export { useModal } from "./primitives/useModal";

// Feature areas (each folder's index.ts lists its components)
export * from "./video";
export * from "./player";
export * from "./purchase";
export * from "./comments";
export * from "./login";
export * from "./my";
export * from "./profile";
