import { describe, expect, it } from "vitest";
import { chunkGroups } from "./chunks";

describe("the chunk groups", () => {
  it("each take only the modules they name, before rolldown's own cut", () => {
    for (const group of chunkGroups) {
      if (group.name === "lib" || group.name === "route-data") continue;
      expect(group.includeDependenciesRecursively, group.name).toBe(false);
    }
    expect(new Set(chunkGroups.map((group) => group.name)).size).toBe(chunkGroups.length);
  });

  it("put each module the budgeted routes share in exactly one group", () => {
    const modules = [
      "/r/packages/ui/src/primitives/IconButton.tsx",
      "/r/packages/ui/src/primitives/BottomPopup.tsx",
      "/r/packages/ui/src/primitives/PageHeader.tsx",
      "/r/apps/h5/src/components/Page.tsx",
      "/r/apps/h5/src/components/PagedList.tsx",
      "/r/apps/h5/src/components/CatalogGate.tsx",
      "/r/packages/domain/src/server-messages.ts",
      "/r/packages/ui/src/login/AlbumQrButton.tsx",
      "/r/apps/h5/src/app/session/accounts.ts",
      "/r/apps/h5/src/app/session/queries.ts",
    ];
    const groupsOf = (id: string) => chunkGroups.filter((group) => group.test.test(id)).map((g) => g.name);
    expect(Object.fromEntries(modules.map((id) => [id.slice(3), groupsOf(id)]))).toEqual({
      "packages/ui/src/primitives/IconButton.tsx": [],
      "packages/ui/src/primitives/BottomPopup.tsx": ["validation"],
      "packages/ui/src/primitives/PageHeader.tsx": ["lists"],
      "apps/h5/src/components/Page.tsx": ["lists"],
      "apps/h5/src/components/PagedList.tsx": ["lists"],
      "apps/h5/src/components/CatalogGate.tsx": ["screens"],
      "packages/domain/src/server-messages.ts": ["screens"],
      "packages/ui/src/login/AlbumQrButton.tsx": ["fields"],
      "apps/h5/src/app/session/accounts.ts": ["screens"],
      "apps/h5/src/app/session/queries.ts": ["session"],
    });
  });
});
