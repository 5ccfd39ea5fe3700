import type { ToastApi, ToastOptions } from "@platform/ui";

let current: ToastApi | null = null;

/** The root component hands its toast API over, so code outside React can show toasts. */
export function connectToasts(api: ToastApi | null): void {
  current = api;
}

export function toast(text: string, options?: ToastOptions): void {
  current?.show(text, options);
}
