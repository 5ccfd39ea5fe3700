import { describe, expect, it } from "vitest";
import { byText, click, control, hasControl, queryText, typeInto, waitFor } from "../../test/renderApp";
import { MOBILE, fakeSecurityApi, refusal } from "./test/fakeSecurityApi";
import { field, fieldError, renderSecurity, toasts } from "./test/renderSecurity";

async function openPassword(api: unknown) {
  const app = await renderSecurity(api, "/editpassword");
  await waitFor(() => field("新密码"));
  return app;
}

describe("/editpassword", () => {
  it("changes the password with the old one, then goes back to the security settings", async () => {
    const { api } = fakeSecurityApi();
    const app = await openPassword(api);
    expect(byText("修改密码", "h1")).toBeTruthy();
    await typeInto(field("原密码"), "secret1");
    await typeInto(field("新密码"), "better22");
    await typeInto(field("确认新密码"), "better22");
    await click(control("确认修改"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/accountsecuritysettings");
    });
    expect(api.changePassword).toHaveBeenCalledWith({ oldPassword: "secret1", password: "better22" });
    expect(toasts()).toContain("密码已修改");
    // This session stays: nothing signed it out.
    expect(api.client.signOut).not.toHaveBeenCalled();
  });

  it("refuses two passwords that differ, and one outside 6-18 characters", async () => {
    const { api } = fakeSecurityApi();
    await openPassword(api);
    await typeInto(field("原密码"), "secret1");
    await typeInto(field("新密码"), "better22");
    await typeInto(field("确认新密码"), "better23");
    expect(fieldError("确认新密码")).toBe("两次输入的密码不一致");
    await click(control("确认修改"));
    expect(api.changePassword).not.toHaveBeenCalled();

    await typeInto(field("新密码"), "short");
    await typeInto(field("确认新密码"), "short");
    await click(control("确认修改"));
    expect(fieldError("新密码")).toBe("密码为 6-18 位");
    expect(fieldError("确认新密码")).toBeNull();
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it("asks for the old password", async () => {
    const { api } = fakeSecurityApi();
    await openPassword(api);
    await typeInto(field("新密码"), "better22");
    await typeInto(field("确认新密码"), "better22");
    await click(control("确认修改"));
    expect(fieldError("原密码")).toBe("请输入原密码");
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it("keeps what was typed when the server refuses the old password", async () => {
    const { api } = fakeSecurityApi();
    api.changePassword.mockRejectedValueOnce(refusal("user.changePassword", "server.wrongOldPassword"));
    const app = await openPassword(api);
    await typeInto(field("原密码"), "wrong11");
    await typeInto(field("新密码"), "better22");
    await typeInto(field("确认新密码"), "better22");
    await click(control("确认修改"));
    await waitFor(() => {
      expect(api.changePassword).toHaveBeenCalledTimes(1);
    });
    await waitFor(() => {
      expect(control("确认修改").getAttribute("aria-busy")).toBeNull();
    });
    expect(app.router.state.location.pathname).toBe("/editpassword");
    expect(field("新密码").value).toBe("better22");
  });

  it("changes a forgotten password by a PASSWORD code to the own phone", async () => {
    const { api } = fakeSecurityApi();
    await openPassword(api);
    await click(control("忘记原密码？用验证码修改"));
    expect(queryText("原密码")).toBeNull();
    await click(control("获取验证码"));
    expect(api.user.sendValidateCode).toHaveBeenCalledWith({ phoneNumbers: MOBILE, type: "PASSWORD" });
    await typeInto(field("验证码"), "1234");
    await typeInto(field("新密码"), "better22");
    await typeInto(field("确认新密码"), "better22");
    await click(control("确认修改"));
    await waitFor(() => {
      expect(api.changePassword).toHaveBeenCalledWith({ code: "1234", password: "better22" });
    });
  });

  it("sets a password by code only for an account without one", async () => {
    const { api } = fakeSecurityApi({ profile: { hasPassword: false } });
    const app = await openPassword(api);
    expect(byText("设置密码", "h1")).toBeTruthy();
    expect(queryText("原密码")).toBeNull();
    expect(hasControl("用原密码修改")).toBe(false);
    expect(byText("验证码将发送到 138****0001")).toBeTruthy();

    await typeInto(field("新密码"), "better22");
    await typeInto(field("确认新密码"), "better22");
    await click(control("设置密码"));
    expect(fieldError("验证码")).toBe("请输入 4 位验证码");
    expect(api.changePassword).not.toHaveBeenCalled();

    await click(control("获取验证码"));
    expect(api.user.sendValidateCode).toHaveBeenCalledWith({ phoneNumbers: MOBILE, type: "PASSWORD" });
    await typeInto(field("验证码"), "4321");
    await click(control("设置密码"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/accountsecuritysettings");
    });
    expect(api.changePassword).toHaveBeenCalledWith({ code: "4321", password: "better22" });
    expect(toasts()).toContain("密码已设置");
  });
});
