import { describe, expect, it } from "vitest";
import {
  commentActions,
  commentFocusOutcome,
  filterMenu,
  membershipControls,
  menuSections,
  profileControls,
  shareMethod,
  showsFollowButton,
} from "./permissions";

describe("comment action sheet", () => {
  it.each([
    [7, 7, ["copy", "delete", "cancel"]],
    ["7", 7, ["copy", "delete", "cancel"]], // ids may arrive as text
    [7, 8, ["copy", "report", "cancel"]],
    [7, null, ["copy", "report", "cancel"]],
  ])("comment by %j seen by %j → %j", (author, viewer, actions) => {
    expect(commentActions({ commentUserId: author }, viewer)).toEqual(actions);
  });
});

describe("own row and profile", () => {
  it.each([
    [1, 1, false],
    [1, 2, true],
    [1, undefined, true],
  ])("follow button on %j's row for %j → %s", (row, viewer, shows) => {
    expect(showsFollowButton(row, viewer)).toBe(shows);
  });

  it.each([
    [5, 5, { changeBackground: true, report: false }],
    [5, 6, { changeBackground: false, report: true }],
    [5, null, { changeBackground: false, report: true }],
  ])("profile of %j seen by %j → %j", (owner, viewer, controls) => {
    expect(profileControls(owner, viewer)).toEqual(controls);
  });
});

describe("comment privilege", () => {
  it.each([
    [{ isCommentEnabled: true }, "compose"],
    [{ isCommentEnabled: false }, "membershipDialog"],
    [{ isCommentEnabled: null }, "membershipDialog"],
    [{}, "membershipDialog"],
    [null, "membershipDialog"],
  ])("%j → %s", (benefits, outcome) => {
    expect(commentFocusOutcome(benefits)).toBe(outcome);
  });
});

describe("membership controls", () => {
  it.each([
    [
      { isVip: false, isPermanent: false },
      { goToSuperVip: true, shortcut: "open" },
    ],
    [
      { isVip: true, isPermanent: false },
      { goToSuperVip: false, shortcut: "renew" },
    ],
    [
      { isVip: true, isPermanent: true },
      { goToSuperVip: false, shortcut: null },
    ],
  ])("%j → %j", (user, controls) => {
    expect(membershipControls(user)).toEqual(controls);
  });
});

describe("filterMenu", () => {
  const menu = [
    { figmaKey: "video", children: [{ figmaKey: "myBuy" }, { figmaKey: "myCollection" }] },
    { figmaKey: "history" },
    {
      figmaKey: "finance",
      children: [{ figmaKey: "orderManage" }, { figmaKey: "recharge" }, { figmaKey: "withdraw" }],
    },
    { figmaKey: "more", children: [{ figmaKey: "settings" }] },
  ];

  it("keeps allowed children, drops emptied sections and unallowed leaves", () => {
    expect(filterMenu(menu, ["myBuy", "recharge", "withdraw", "settings"])).toEqual([
      { figmaKey: "video", children: [{ figmaKey: "myBuy" }] },
      { figmaKey: "finance", children: [{ figmaKey: "recharge" }, { figmaKey: "withdraw" }] },
      { figmaKey: "more", children: [{ figmaKey: "settings" }] },
    ]);
  });

  it("keeps an allowed leaf section", () => {
    expect(filterMenu(menu, ["history"])).toEqual([{ figmaKey: "history" }]);
  });

  it("nothing allowed, nothing shown", () => {
    expect(filterMenu(menu, [])).toEqual([]);
  });

  it("asks for the four sections", () => {
    expect(menuSections).toEqual(["VIDEO", "ACCOUNT", "RECOMMEND", "MORE"]);
  });
});

describe("shareMethod", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)", true, "native"],
    ["Mozilla/5.0 (Linux; Android 14)", false, "copy"], // no Web Share in this browser
    ["Mozilla/5.0 (X11; Linux x86_64)", true, "copy"],
  ])("%s, native share %s → %s", (ua, has, method) => {
    expect(shareMethod(ua, has)).toBe(method);
  });
});
