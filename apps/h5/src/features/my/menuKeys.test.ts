import type { PlatformApi } from "@platform/api-client";
import { describe, expect, it } from "vitest";
import { allowedMenuKeysOf } from "./menuKeys";

describe("allowed menu keys", () => {
  it("are the figmaKeys of every section's menu configuration, asked once per section", async () => {
    const asked: string[] = [];
    const byType: Record<string, string[]> = {
      VIDEO: ["myBuy", "myCollection"],
      ACCOUNT: ["orderManage"],
      RECOMMEND: [],
      MORE: ["settings", "idCard"],
    };
    const api = {
      system: {
        menuConfig: ({ type }: { type: string }) => {
          asked.push(type);
          return Promise.resolve(
            (byType[type] ?? []).map((figmaKey, sort) => ({ figmaKey, name: figmaKey, sort })),
          );
        },
      },
    } as unknown as Pick<PlatformApi, "system">;

    const keys = await allowedMenuKeysOf(api);
    expect(asked).toEqual(["VIDEO", "ACCOUNT", "RECOMMEND", "MORE"]);
    expect(keys).toEqual(["myBuy", "myCollection", "orderManage", "settings", "idCard"]);
  });
});
