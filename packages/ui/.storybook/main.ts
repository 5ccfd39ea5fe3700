import type { StorybookConfig } from "@storybook/react-vite";
import { linguiVitePlugins } from "@platform/vite-config";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../src/**/*.stories.tsx"],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
  viteFinal(vite) {
    return {
      ...vite,
      // Macros first: the React plugin Storybook adds comes after.
      plugins: [...linguiVitePlugins(), ...(vite.plugins ?? [])],
      resolve: {
        ...vite.resolve,
        conditions: ["@platform/source", "module", "browser", "development|production"],
      },
    };
  },
};

export default config;
