import { z } from "zod";
import { parseAmountInput } from "@platform/domain";

/** The environment as `loadConfig` reads it. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * One environment variable: the schema that reads it (from its text, or undefined when unset) and
 * what the README's settings table says of it (`pnpm -F @platform/server settings-table`).
 */
export interface Setting<T> {
  readonly name: string;
  readonly schema: z.ZodType<T, string | undefined>;
  /** The default as the table shows it (markdown): a value, or how it is found. */
  readonly default: string;
  /** What it means, in one line (markdown). */
  readonly description: string;
}

export function setting<T>(
  name: string,
  schema: z.ZodType<T, string | undefined>,
  doc: { readonly default: string; readonly description: string },
): Setting<T> {
  return { name, schema, ...doc };
}

/** Settings the table shows together, under one concern. */
export interface SettingGroup {
  readonly title: string;
  readonly settings: readonly Setting<unknown>[];
}

export function group(title: string, settings: Readonly<Record<string, Setting<unknown>>>): SettingGroup {
  return { title, settings: Object.values(settings) };
}

/** A setting's value; a value its schema refuses stops the start with a sentence naming the variable. */
export type Read = <T>(setting: Setting<T>) => T;

export function reader(env: Env): Read {
  return <T>(entry: Setting<T>): T => {
    const result = entry.schema.safeParse(env[entry.name]);
    if (result.success) return result.data;
    const message = result.error.issues[0]?.message ?? "is not valid";
    throw new Error(`${entry.name}${message.startsWith(":") ? "" : " "}${message}`);
  };
}

/** Parsers of a set variable's text; `orElse` and `orNull` give them their value when unset. */
type Parser<T> = z.ZodType<T, string>;

/** "" counts as unset, as the settings always have (`env.X || fallback`). */
const given = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

export function orElse<T>(parser: Parser<T>, fallback: T): z.ZodType<T, string | undefined> {
  return given.pipe(parser.optional()).transform((value) => (value === undefined ? fallback : value));
}

/** Unset is null: the caller decides (a default found from other settings, or none). */
export function orNull<T>(parser: Parser<T>): z.ZodType<T | null, string | undefined> {
  return given.pipe(parser.optional()).transform((value) => (value === undefined ? null : value));
}

export const text: Parser<string> = z.string();

/** A whole number from `min` (up to `max`): `refusal` and `tooBig` replace the sentences. */
export function whole(
  min = 1,
  bounds: { readonly max?: number; readonly refusal?: string; readonly tooBig?: string } = {},
): Parser<number> {
  const refusal = bounds.refusal ?? `must be a whole number of at least ${String(min)}`;
  const number = z.number({ error: refusal }).int({ error: refusal }).min(min, { error: refusal });
  const bounded =
    bounds.max === undefined ? number : number.max(bounds.max, { error: bounds.tooBig ?? refusal });
  return z.string().transform(Number).pipe(bounded);
}

/** A whole percent, 0 to 100. */
export const percent: Parser<number> = whole(0, {
  max: 100,
  tooBig: "must be a whole percent from 0 to 100",
});

/** On for 1, true, yes or on (any case); anything else is off. */
export const flag: Parser<boolean> = z
  .string()
  .transform((value) => ["1", "true", "yes", "on"].includes(value.toLowerCase()));

export function oneOf<const T extends readonly [string, ...string[]]>(values: T): Parser<T[number]> {
  return z.enum(values, { error: `must be ${values.join(" or ")}` });
}

/** Yuan as typed ("12", "0.01"), in hundredths by @platform/domain's exact parser: never a float. */
function yuanWith(refusal: string): Parser<number> {
  return z
    .string()
    .transform(parseAmountInput)
    .pipe(z.number({ error: refusal }).positive({ error: refusal }));
}

export const yuan: Parser<number> = yuanWith("must be an amount in yuan above 0");

/** Entries separated by commas or spaces (none when blank), each read by `entry`. */
export function listOf<T>(entry: Parser<T>, separators = /[,\s]+/): Parser<T[]> {
  return z
    .string()
    .transform((value) => value.split(separators).filter((part) => part !== ""))
    .pipe(z.array(entry));
}

/** Text that matches `test`; otherwise `: "<value>" …refusal` (a list names the entry it refuses). */
export function matching(test: (value: string) => boolean, refusal: string): Parser<string> {
  return z.string().refine(test, { error: (issue) => `: "${String(issue.input)}" ${refusal}` });
}

/** Amounts in yuan, comma-separated (at least one). */
const yuansRefusal = "must be amounts in yuan, comma-separated (e.g. 10,50,100)";
export const yuans: Parser<number[]> = listOf(yuanWith(yuansRefusal)).pipe(
  z.array(z.number()).min(1, { error: yuansRefusal }),
);

/** An address without its trailing slashes. */
export const withoutTrailingSlash: Parser<string> = z
  .string()
  .transform((value) => value.replace(/\/+$/, ""));
