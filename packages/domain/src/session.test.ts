import { describe, expect, it } from "vitest";
import { channelTagIdOf, parseStoredUserInfo, smsResendRemaining } from "./session";

describe("stored user info", () => {
  it.each([
    [null, null],
    ["", null],
    ["not json", null],
    ["[1,2]", null],
    ["null", null],
    ["42", null],
    [
      '{"id":7,"mobile":"13812345678","channelTagId":"12"}',
      { id: 7, mobile: "13812345678", channelTagId: "12" },
    ],
  ])("%j → %j", (raw, info) => {
    expect(parseStoredUserInfo(raw)).toEqual(info);
  });

  it.each([
    [null, "0"],
    [{}, "0"],
    [{ channelTagId: null }, "0"],
    [{ channelTagId: "" }, "0"],
    [{ channelTagId: 12 }, "12"],
    [{ channelTagId: "7" }, "7"],
    [{ channelTagId: 0 }, "0"],
  ])("channelTagId of %j → %s", (info, id) => {
    expect(channelTagIdOf(info)).toBe(id);
  });
});

describe("smsResendRemaining (60 s)", () => {
  const sent = 1_000_000;
  it.each([
    [null, sent, 0],
    [sent, sent, 60],
    [sent, sent + 1, 60],
    [sent, sent + 999, 60],
    [sent, sent + 1000, 59],
    [sent, sent + 59_000, 1],
    [sent, sent + 59_999, 1],
    [sent, sent + 60_000, 0],
    [sent, sent + 3_600_000, 0],
  ])("sent at %s, now %s → %s s", (sentAt, now, left) => {
    expect(smsResendRemaining(sentAt, now)).toBe(left);
  });
});
