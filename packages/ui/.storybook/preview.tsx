import type { Decorator, Preview } from "@storybook/react-vite";
import { Language, Theme } from "@platform/domain";
import { PlatformI18nProvider } from "@platform/i18n";
import type { I18n } from "@lingui/core";
import { ToastProvider } from "../src/primitives/Toast";
import { i18nFor } from "../src/test/i18n-instance";
import "../src/styles/index.css";

const withProduct: Decorator = (Story, context) => {
  const theme = context.globals.theme === Theme.light ? Theme.light : Theme.dark;
  document.documentElement.dataset.theme = theme;
  const i18n = (context.loaded as { i18n: I18n }).i18n;
  document.documentElement.lang = i18n.locale;
  return (
    <PlatformI18nProvider i18n={i18n}>
      <ToastProvider>
        <div
          className="pf-root"
          style={{ minHeight: "100%", padding: context.parameters.layout === "fullscreen" ? 0 : 12 }}
        >
          <Story />
        </div>
      </ToastProvider>
    </PlatformI18nProvider>
  );
};

const preview: Preview = {
  globalTypes: {
    language: {
      description: "Language",
      toolbar: {
        title: "Language",
        icon: "globe",
        items: [
          { value: Language.zhCN, title: "中文 (zh-CN)" },
          { value: Language.enUS, title: "English (en-US)" },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: "Theme",
      toolbar: {
        title: "Theme",
        icon: "contrast",
        items: [
          { value: Theme.dark, title: "Dark" },
          { value: Theme.light, title: "Light" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { language: Language.zhCN, theme: Theme.dark },
  loaders: [
    async ({ globals }) => ({
      i18n: await i18nFor(globals.language === Language.enUS ? Language.enUS : Language.zhCN),
    }),
  ],
  decorators: [withProduct],
  parameters: {
    layout: "fullscreen",
    viewport: { defaultViewport: "mobile1" },
    backgrounds: { disable: true },
  },
};

export default preview;
