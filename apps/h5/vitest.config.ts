import { platformProject } from "@platform/vitest-config";
import { linguiVitePlugins } from "@platform/vite-config";
import react from "@vitejs/plugin-react";

export default platformProject({
  name: "h5",
  environment: "jsdom",
  include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
  plugins: [...linguiVitePlugins(), react()],
  setupFiles: ["./src/test/setup.ts"],
});
