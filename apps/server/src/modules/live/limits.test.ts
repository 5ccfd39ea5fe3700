import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { liveStreamLeases } from "../../db/schema";
import { eachDatabase, startPlatform } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { personWithGold } from "../../../test/money";
import { renewStreamPlaces, takeStreamPlace } from "./limits";

/** A chat stream's place (its lease) and the renewal every process runs beside new openings. */
eachDatabase("a process's renewal of its stream places", (target) => {
  let platform: TestPlatform;
  // The server's clock, set by the case (near the real one, which signed requests must be): the
  // race is an order of moments, not a wait.
  let at = Date.now();
  beforeAll(async () => {
    platform = await startPlatform(target, {}, { now: () => new Date(at) });
  });
  afterAll(async () => {
    await platform.close();
  });

  it("keeps a place taken after it read its open places, forgets an older one of its own", async () => {
    const ctx = platform.server.ctx;
    const { api } = await personWithGold(platform);
    const { roomId } = await api.game.liveMyRoom();
    const place = (id: string) => ({ id, address: "203.0.113.7", roomId: Number(roomId), process: "p1" });
    const leases = async () =>
      (await ctx.db.select().from(liveStreamLeases).where(eq(liveStreamLeases.process, "p1")))
        .map((row) => row.id)
        .sort();
    expect(await takeStreamPlace(ctx, place("open"))).toBe(true);
    // A place whose release failed: still this process's, no longer among its open ones.
    expect(await takeStreamPlace(ctx, place("forgotten"))).toBe(true);
    // The renewal reads its open places 5 s later; a stream opens a moment after that, before the
    // renewal's statements reach the database.
    const renewalReads = at + 5_000;
    at = renewalReads + 1;
    expect(await takeStreamPlace(ctx, place("new"))).toBe(true);
    at = renewalReads;
    await renewStreamPlaces(ctx, "p1", ["open"]);
    expect(await leases()).toEqual(["new", "open"]);
  });
});
