import { platformProject } from "@platform/vitest-config";
import { unitFiles } from "./test/tiers";

// The server's pure logic, in the unit tier (`pnpm test:unit`): no server, no database.
export default platformProject({ name: "server-unit", include: unitFiles, testTimeout: 15_000 });
