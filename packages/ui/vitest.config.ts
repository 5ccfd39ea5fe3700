import { platformProject } from "@platform/vitest-config";
import { linguiVitePlugins } from "@platform/vite-config";
import react from "@vitejs/plugin-react";

export default platformProject({
  name: "ui",
  environment: "jsdom",
  plugins: [...linguiVitePlugins(), react()],
  setupFiles: ["./src/test/setup.ts"],
  testTimeout: 15_000,
});
