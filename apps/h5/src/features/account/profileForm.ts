// The rules of the profile's fields, as the contract has them (user.modifyInfo, modifyBirthday):
// pure, so the screens and their tests share them.

/** A nickname: 1-20 characters once trimmed (the contract's ZNickName). */
export const NICKNAME_MAX = 20;
/** An area: at most 64 characters (the contract's modifyInfo.area). */
export const AREA_MAX = 64;

/** Characters as people count them (one Chinese character is one), as the contract does. */
export function lengthOf(text: string): number {
  return Array.from(text).length;
}

export type NickNameProblem = "required" | "tooLong" | null;

export function nickNameProblem(input: string): NickNameProblem {
  const name = input.trim();
  if (name === "") return "required";
  return lengthOf(name) > NICKNAME_MAX ? "tooLong" : null;
}

export function areaTooLong(input: string): boolean {
  return lengthOf(input.trim()) > AREA_MAX;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Today in the device's calendar, as `<input type=date>` writes it (YYYY-MM-DD). */
export function todayText(now: Date = new Date()): string {
  return `${String(now.getFullYear())}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

export type BirthdayProblem = "required" | "future" | null;

/** A birthday: a real date (YYYY-MM-DD), not after today. */
export function birthdayProblem(input: string, today: string = todayText()): BirthdayProblem {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  if (m === null) return "required";
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== input) return "required";
  // Both are YYYY-MM-DD: text order is date order.
  return input > today ? "future" : null;
}
