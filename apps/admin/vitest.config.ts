import { platformProject } from "@platform/vitest-config";
import { linguiVitePlugins } from "@platform/vite-config";
import react from "@vitejs/plugin-react";

export default platformProject({
  name: "admin",
  environment: "jsdom",
  include: ["src/**/*.test.{ts,tsx}"],
  plugins: [...linguiVitePlugins(), react()],
});
