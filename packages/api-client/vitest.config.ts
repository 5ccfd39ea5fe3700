import { platformProject } from "@platform/vitest-config";

export default platformProject({ name: "api-client", inline: ["jsencrypt"] });
