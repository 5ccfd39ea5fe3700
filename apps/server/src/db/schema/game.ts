/** The game lobby (Step 16, decision 0021): its games and banners, and each person's bonus condition. */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { userRef } from "./accounts";

/** A game of the lobby, run by a provider (`sandbox` while SANDBOX is on). */
export const games = pgTable("games", {
  /** The provider's code of the game (what the launch URL names). */
  code: text("code").primaryKey(),
  provider: text("provider").notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  category: text("category").notNull(),
  categoryEn: text("category_en").notNull(),
  iconUrl: text("icon_url"),
  sort: integer("sort").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
});

/** The lobby's banners (spec §3's jump pictures: GOLD opens the trade page, LINK an address). */
export const gameBanners = pgTable("game_banners", {
  id: id(),
  imageUrl: text("image_url").notNull(),
  jumpType: text("jump_type").notNull(),
  jumpAdress: text("jump_adress").notNull(),
  sort: integer("sort").notNull().default(0),
});

/**
 * The bets a person still has to place before their game bonus unlocks and the game balance can go
 * back to gold (spec §9's condition, decision 0021). No row, or 0: nothing is required.
 */
export const gameWagering = pgTable(
  "game_wagering",
  {
    userId: userRef().primaryKey(),
    remaining: bigint("remaining", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("game_wagering_remaining", sql`${t.remaining} >= 0`)],
);
