import { render } from "@testing-library/react";
import type { RenderResult } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Language } from "@platform/domain";
import { PlatformI18nProvider } from "@platform/i18n";
import { i18nFor } from "./i18n-instance";
import type { I18n } from "@lingui/core";
import type { ReactElement, ReactNode } from "react";
import { ToastProvider } from "../primitives/Toast";

export type Rendered = RenderResult & {
  readonly user: ReturnType<typeof userEvent.setup>;
  readonly i18n: I18n;
};

/**
 * Renders a component the way the app does (translations and toasts above it) in a language
 * (zh-CN by default). `user` types and clicks like a person; pass `advanceTimers` when the test
 * uses fake timers. The providers wrap the tree, so `rerender(…)` keeps them.
 */
export async function renderUi(
  ui: ReactElement,
  options: { language?: Language; advanceTimers?: (ms: number) => unknown } = {},
): Promise<Rendered> {
  const i18n = await i18nFor(options.language ?? Language.zhCN);
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const wrapper = ({ children }: { readonly children: ReactNode }) => (
    <PlatformI18nProvider i18n={i18n}>
      <ToastProvider>{children}</ToastProvider>
    </PlatformI18nProvider>
  );
  const result = render(ui, { wrapper });
  return { ...result, user, i18n };
}

export { Language, i18nFor };
