import { fakeProfile } from "../../../test/fakes";

/** The signed-in person of the 'my' panel's suites: Ying (7), a member with 30 days left. */
export const panelProfile = fakeProfile({
  nickName: "小影 Ying",
  birthday: null,
  area: null,
  memberId: "80000007",
  username: "u13800000001",
  channelTagId: "0",
  introduction: null,
  isVip: true,
  remainDays: 30,
});
