/** The game lobby (Step 16, decision 0021): its games and banners, and each person's bonus condition. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
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

/**
 * Every bet a provider placed through the seamless wallet, by the provider's own transaction id: a
 * replay finds it (and must name the same player and amount), its outcome settles it once (`won`,
 * 0 for a loss), and the bets still waiting for an outcome are those not settled. Its debit is
 * the GAME_BET journal `<provider>:<transactionId>`; a win's credit the GAME_WIN journal
 * `<provider>:settle:<transactionId>` (reconcile checks both ways).
 */
export const gameBets = pgTable(
  "game_bets",
  {
    provider: text("provider").notNull(),
    transactionId: text("transaction_id").notNull(),
    userId: userRef(),
    gameCode: text("game_code").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** The part of the stake taken from the game bonus (the rest from the game balance). */
    fromBonus: bigint("from_bonus", { mode: "number" }).notNull().default(0),
    won: bigint("won", { mode: "number" }),
    /**
     * A win the provider claimed above the limits (GAME_WIN_MAX_MULTIPLE × the bet, GAME_WIN_MAX):
     * refused, and kept here until an operator pays or refuses it (decision 0023).
     */
    heldWin: bigint("held_win", { mode: "number" }),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** Settled by the sweep without an outcome: its stake went back (GAME_VOID). */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.transactionId] }),
    index("game_bets_waiting")
      .on(t.userId)
      .where(sql`${t.settledAt} IS NULL`),
    check("game_bets_amount", sql`${t.amount} > 0`),
    check("game_bets_won", sql`${t.won} IS NULL OR ${t.won} >= 0`),
    check("game_bets_from_bonus", sql`${t.fromBonus} >= 0 AND ${t.fromBonus} <= ${t.amount}`),
    index("game_bets_open_since")
      .on(t.placedAt)
      .where(sql`${t.settledAt} IS NULL`),
  ],
);

/**
 * Launch tokens the provider has traded for a player (decision 0021): a token starts one game
 * session, once; a second `session` call with it is refused.
 */
export const gameLaunches = pgTable("game_launches", {
  nonce: text("nonce").primaryKey(),
  userId: userRef(),
  gameCode: text("game_code").notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
});
