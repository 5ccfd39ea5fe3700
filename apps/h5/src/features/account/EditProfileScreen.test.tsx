import { ApiError } from "@platform/api-client";
import { describe, expect, it } from "vitest";
import { byText, click, control, queryText, typeInto, waitFor } from "../../test/renderApp";
import { todayText } from "./profileForm";
import { fakeSecurityApi } from "./test/fakeSecurityApi";
import { field, fieldError, openProfile, renderSecurity, toasts } from "./test/renderSecurity";

describe("/editprofile", () => {
  it("saves the nickname on its own (trimmed), with a success toast", async () => {
    const { api } = fakeSecurityApi();
    await openProfile(api);
    expect(field("昵称").value).toBe("小明");
    expect(control("保存昵称").hasAttribute("disabled")).toBe(true);
    await typeInto(field("昵称"), "  大明 ");
    await click(control("保存昵称"));
    await waitFor(() => {
      expect(toasts()).toContain("昵称已保存");
    });
    expect(api.user.modifyInfo).toHaveBeenCalledTimes(1);
    expect(api.user.modifyInfo).toHaveBeenCalledWith({ nickName: "大明" });
    // Saved: the button has nothing left to save.
    await waitFor(() => {
      expect(control("保存昵称").hasAttribute("disabled")).toBe(true);
    });
  });

  it("refuses an empty nickname and one over 20 characters without calling", async () => {
    const { api } = fakeSecurityApi();
    await openProfile(api);
    await typeInto(field("昵称"), "   ");
    await click(control("保存昵称"));
    expect(fieldError("昵称")).toBe("请输入昵称");
    await typeInto(field("昵称"), "一二三四五六七八九十一二三四五六七八九十一");
    expect(fieldError("昵称")).toBe("昵称最多 20 个字");
    await click(control("保存昵称"));
    expect(api.user.modifyInfo).not.toHaveBeenCalled();
  });

  it("saves the gender, the area and the introduction each with its own body", async () => {
    const { api } = fakeSecurityApi();
    await openProfile(api);
    await click(byText("女", "span").closest("label") as HTMLElement);
    await click(control("保存性别"));
    await waitFor(() => {
      expect(toasts()).toContain("性别已保存");
    });
    expect(api.user.modifyInfo).toHaveBeenLastCalledWith({ gender: "FEMALE" });

    await typeInto(field("地区"), "浙江 杭州");
    await click(control("保存地区"));
    await waitFor(() => {
      expect(toasts()).toContain("地区已保存");
    });
    expect(api.user.modifyInfo).toHaveBeenLastCalledWith({ area: "浙江 杭州" });

    await typeInto(field("简介"), "喜欢拍视频");
    expect(byText("5/800 字")).toBeTruthy();
    await click(control("保存简介"));
    await waitFor(() => {
      expect(toasts()).toContain("简介已保存");
    });
    expect(api.user.modifyInfo).toHaveBeenLastCalledWith({ introduction: "喜欢拍视频" });
    expect(api.user.modifyInfo).toHaveBeenCalledTimes(3);
  });

  it("refuses an area over 64 and an introduction over 800 characters", async () => {
    const { api } = fakeSecurityApi();
    await openProfile(api);
    await typeInto(field("地区"), "地".repeat(65));
    expect(fieldError("地区")).toBe("地区最多 64 个字");
    await click(control("保存地区"));
    await typeInto(field("简介"), "字".repeat(801));
    expect(fieldError("简介")).toBe("简介最多 800 个字");
    await click(control("保存简介"));
    expect(api.user.modifyInfo).not.toHaveBeenCalled();
  });

  it("refuses a birthday after today and saves a past one with modifyBirthday", async () => {
    const { api } = fakeSecurityApi();
    await openProfile(api);
    const birthday = field("生日");
    expect(birthday.getAttribute("max")).toBe(todayText());
    expect(birthday.value).toBe("1990-05-01");
    await typeInto(birthday, "2999-01-01");
    expect(fieldError("生日")).toBe("生日不能晚于今天");
    await click(control("保存生日"));
    expect(api.user.modifyBirthday).not.toHaveBeenCalled();

    await typeInto(birthday, "2000-02-29");
    expect(fieldError("生日")).toBeNull();
    await click(control("保存生日"));
    await waitFor(() => {
      expect(toasts()).toContain("生日已保存");
    });
    expect(api.user.modifyBirthday).toHaveBeenCalledWith({ birthday: "2000-02-29" });
  });

  it("shows a failed load with a retry that loads the profile", async () => {
    const { api } = fakeSecurityApi();
    api.user.queryInfo.mockRejectedValueOnce(new ApiError({ kind: "network", endpoint: "user.queryInfo" }));
    await renderSecurity(api, "/editprofile");
    await waitFor(() => control("重试"));
    expect(queryText("昵称")).toBeNull();
    await click(control("重试"));
    await waitFor(() => field("昵称"));
  });
});
