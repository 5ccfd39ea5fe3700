import { describe, expect, it } from "vitest";
import { centredSquare } from "./avatarCrop";
import { areaTooLong, birthdayProblem, nickNameProblem, todayText } from "./profileForm";

describe("the profile's rules", () => {
  it("a nickname is 1-20 characters once trimmed, a Chinese character counting one", () => {
    expect(nickNameProblem(" ")).toBe("required");
    expect(nickNameProblem("一".repeat(20))).toBeNull();
    expect(nickNameProblem(` ${"一".repeat(20)} `)).toBeNull();
    expect(nickNameProblem("一".repeat(21))).toBe("tooLong");
  });

  it("an area is at most 64 characters", () => {
    expect(areaTooLong("地".repeat(64))).toBe(false);
    expect(areaTooLong("地".repeat(65))).toBe(true);
  });

  it("a birthday is a real date, not after today", () => {
    expect(birthdayProblem("", "2025-06-01")).toBe("required");
    expect(birthdayProblem("2023-02-29", "2025-06-01")).toBe("required");
    expect(birthdayProblem("2024-02-29", "2025-06-01")).toBeNull();
    expect(birthdayProblem("2025-06-01", "2025-06-01")).toBeNull();
    expect(birthdayProblem("2025-06-02", "2025-06-01")).toBe("future");
  });

  it("today is the device's calendar day", () => {
    expect(todayText(new Date(2025, 0, 9, 23, 59))).toBe("2025-01-09");
  });

  it("an avatar is the centred square of the picture", () => {
    expect(centredSquare(1200, 800)).toEqual({ x: 200, y: 0, side: 800 });
    expect(centredSquare(600, 1000)).toEqual({ x: 0, y: 200, side: 600 });
  });
});
