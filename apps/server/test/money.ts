import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { luhnBalanced } from "@platform/domain";
import type { SmsCodeType } from "@platform/domain";
import { createAccount } from "../src/modules/user/accounts";
import { BalanceType, balancesOf, grant } from "../src/modules/ledger/wallet";
import type { Db } from "../src/db/database";
import { hashPassword } from "../src/security/hashing";
import { issueSession } from "../src/modules/auth/sessions";
import { aMinuteLater, freshPhone, lastSmsCode, signIn } from "./harness";
import { callOn } from "./processes";
import type { TestPlatform } from "./harness";

/** A new person with a password and `gold` hundredths of gold (granted through the ledger), signed in. */
export async function personWithGold(platform: TestPlatform, gold = 0) {
  const { userId, mobile } = await newPerson(platform, gold);
  const { api } = await signIn(platform, { mobile, password: "demo123456" });
  return { userId, mobile, api };
}

/** A new account (password demo123456) with `gold` hundredths of gold granted through the ledger. */
async function newPerson(platform: TestPlatform, gold: number): Promise<{ userId: number; mobile: string }> {
  const db = platform.server.ctx.db;
  const mobile = freshPhone();
  const userId = await createAccount(db, {
    mobile,
    passwordHash: await hashPassword("demo123456", platform.server.ctx.config.passwordHashCost),
    channelTagId: "0",
  });
  if (gold > 0)
    await db.transaction((tx) =>
      grant(tx as unknown as Db, { userId, type: BalanceType.GOLD, amount: gold }),
    );
  return { userId, mobile };
}

let cardCounter = 0;
/**
 * A bank card number nobody else in this run has (a card is bound to one person at a time):
 * Luhn-valid, 18 digits, ending in `last4` — the sandbox bank's behaviours hang on it (0002 refuses
 * payouts, 0044 fails verification, 0051 pays 1.00 less; anything else pays).
 */
export function testCard(last4 = "0008"): string {
  cardCounter++;
  const body = `6222${String(process.pid % 100_000).padStart(5, "0")}${String(cardCounter).padStart(4, "0")}`;
  return luhnBalanced(`${body}0${last4}`, 13);
}

/** Cards the sandbox bank knows, each call a number nobody else has bound: pays, refuses payouts, fails verification. */
export const goodCard = () => testCard("0008");
export const failingCard = () => testCard("0002");
export const unverifiableCard = () => testCard("0044");

/** A person's gold, as the ledger has it. */
export async function goldOf(platform: TestPlatform, userId: number): Promise<number> {
  return (await balancesOf(platform.server.ctx.db, userId)).GOLD;
}

/**
 * `n` people with `gold` hundredths each and a session made directly (fifty sign-ins racing from
 * one address would be, rightly, refused by the abuse limits): their ids, phones and tokens.
 */
export async function peopleWithTokens(platform: TestPlatform, n: number, gold: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const { userId, mobile } = await newPerson(platform, gold);
      const credentials = await issueSession(platform.server.ctx, platform.server.ctx.db, userId);
      return { userId, mobile, token: credentials.access_token };
    }),
  );
}

/** The settings of the money rules' suites (Step 17) for each of their processes: short batches, room for many codes, small caps. */
export const rulesEnv = {
  SANDBOX_GAME_DICE: "6",
  GAME_BONUS_PERCENT: "10",
  GAME_WIN_MAX_MULTIPLE: "10",
  GAME_WIN_MAX: "100",
  WITHDRAW_RESERVED_DELAY_SECONDS: "1",
  SMS_SENDS_PER_PHONE_PER_DAY: "500",
  SMS_WRONG_CODES_PER_PHONE_PER_DAY: "500",
} as const;

/** A fresh SMS code of a kind for a phone, asked with its token (the 60 s rule waved by moving the last one back). */
export async function smsCodeFor(
  platform: TestPlatform,
  mobile: string,
  token: string,
  type: SmsCodeType,
): Promise<string> {
  await aMinuteLater(platform, mobile);
  const sent = await callOn(platform.server.origin, token, "user.sendValidateCode", {
    phoneNumbers: mobile,
    type,
  });
  expect(sent.code).toBe(200);
  return lastSmsCode(platform, mobile);
}

/** Bind a card (with its code) and withdraw to it (with another), over HTTP: the order's number. */
export async function withdrawWithNewCard(
  platform: TestPlatform,
  person: { readonly mobile: string; readonly token: string },
  cardNumber: string,
  asked: { readonly amount: number; readonly timing: "NORMAL" | "RESERVED" },
): Promise<string> {
  const { origin } = platform.server;
  const card = await callOn(origin, person.token, "trade.createPayee", {
    cardNumber,
    cardholderName: "赵六",
    bankName: "工商银行",
    code: await smsCodeFor(platform, person.mobile, person.token, "PAYEE"),
  });
  expect(card.code).toBe(200);
  const made = await callOn(
    origin,
    person.token,
    "trade.withdrawal",
    {
      ...asked,
      withdrawType: "BANK_WITHDRAW",
      code: await smsCodeFor(platform, person.mobile, person.token, "WITHDRAW"),
    },
    randomUUID(),
  );
  expect(made.code).toBe(200);
  return (made.data as { orderNum: string }).orderNum;
}
