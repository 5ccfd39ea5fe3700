import { Language, StorageKey } from "@platform/domain";
import { act } from "react";
import { describe, expect, it } from "vitest";
import { byText, click, control, queryText, typeInto, waitFor } from "../../test/renderApp";
import { phoneTicketAtom } from "./securityState";
import { MOBILE, fakeSecurityApi, refusal } from "./test/fakeSecurityApi";
import { field, fieldError, renderSecurity, toasts } from "./test/renderSecurity";

const NEW_MOBILE = "13912345678";

/** A row of the security settings by its whole text (label and value). */
function row(text: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>("a")].find((a) => a.textContent.trim() === text);
  if (found === undefined) throw new Error(`no row "${text}"`);
  return found;
}

/** Open /bindphone from another page, as the app would after /editphone. */
async function goTo(app: { router: { navigate: (to: { to: "/bindphone" }) => Promise<void> } }) {
  await act(async () => {
    await app.router.navigate({ to: "/bindphone" });
  });
}

/** /bindphone with a ticket that is still good, the new number and its code typed, sent. */
async function bindWithLiveTicket(api: unknown, phone: string) {
  const app = await renderSecurity(api, "/accountsecuritysettings");
  app.store.set(phoneTicketAtom, { ticket: "t", expiresAt: Date.now() + 60_000 });
  await goTo(app);
  await waitFor(() => field("新手机号"));
  await typeInto(field("新手机号"), phone);
  await typeInto(field("验证码"), "2222");
  await click(control("确认绑定"));
  return app;
}

describe("/accountsecuritysettings", () => {
  it("shows the phone masked, the password to change, and deletion, each leading to its screen", async () => {
    const { api } = fakeSecurityApi();
    const app = await renderSecurity(api, "/accountsecuritysettings");
    await waitFor(() => byText("138****0001"));
    expect(document.body.textContent).not.toContain(MOBILE);
    expect(row("手机号138****0001").getAttribute("href")).toBe("/editphone");
    expect(row("登录密码修改").getAttribute("href")).toBe("/editpassword");
    expect(row("注销账号").getAttribute("href")).toBe("/accountlogout");
    await click(row("手机号138****0001"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/editphone");
    });
  });

  it("speaks English when the reader does", async () => {
    const { api } = fakeSecurityApi();
    await renderSecurity(api, "/accountsecuritysettings", Language.enUS);
    await waitFor(() => byText("Account security", "h1"));
    // The phone row shows once the profile has come (the heading may come first).
    await waitFor(() => row("Phone number138****0001"));
  });

  it("signs out of all other devices after a confirmation, and says so", async () => {
    const { api } = fakeSecurityApi();
    await renderSecurity(api, "/accountsecuritysettings");
    await waitFor(() => byText("退出其他设备的登录"));
    await click(control("退出其他设备的登录"));
    // Nothing happens before the confirmation.
    expect(api.user.signOutOthers).not.toHaveBeenCalled();
    await waitFor(() => byText("退出其他设备的登录？"));
    await click(control("全部退出"));
    await waitFor(() => {
      expect(toasts()).toContain("已退出其他设备的登录，身份卡已更新");
    });
    expect(api.user.signOutOthers).toHaveBeenCalledTimes(1);
  });

  it("offers to set a password when the account has none", async () => {
    const { api } = fakeSecurityApi({ profile: { hasPassword: false } });
    await renderSecurity(api, "/accountsecuritysettings");
    await waitFor(() => byText("未设置，去设置"));
  });
});

describe("/editphone then /bindphone", () => {
  it("verifies the old phone for a ticket, then binds the new number with its own code", async () => {
    const { api, storage } = fakeSecurityApi();
    const app = await renderSecurity(api, "/editphone");
    await waitFor(() => field("验证码"));
    expect(byText("验证码将发送到 138****0001")).toBeTruthy();
    await click(control("获取验证码"));
    expect(api.user.sendValidateCode).toHaveBeenCalledWith({ phoneNumbers: MOBILE, type: "PHONE_OLD" });
    await typeInto(field("验证码"), "1111");
    await click(control("下一步"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/bindphone");
    });
    expect(api.user.verifyPhone).toHaveBeenCalledWith({ code: "1111" });
    expect(app.store.get(phoneTicketAtom)?.ticket).toBe("1700000600000.sig");

    await waitFor(() => field("新手机号"));
    // The code goes to the new number, once it is one.
    await click(control("获取验证码"));
    expect(fieldError("新手机号")).toBe("请输入手机号");
    expect(toasts()).toContain("请输入手机号");
    await typeInto(field("新手机号"), "12345");
    await click(control("获取验证码"));
    expect(fieldError("新手机号")).toBe("请输入正确的手机号");
    expect(api.user.sendValidateCode).toHaveBeenCalledTimes(1);

    await typeInto(field("新手机号"), NEW_MOBILE);
    await click(control("获取验证码"));
    expect(api.user.sendValidateCode).toHaveBeenLastCalledWith({
      phoneNumbers: NEW_MOBILE,
      type: "PHONE_NEW",
    });
    await typeInto(field("验证码"), "2222");
    await click(control("确认绑定"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/accountsecuritysettings");
    });
    expect(api.user.changePhone).toHaveBeenCalledWith({
      ticket: "1700000600000.sig",
      mobile: NEW_MOBILE,
      code: "2222",
    });
    expect(toasts()).toContain("手机号已更换");
    // The stored user has the new number (the next codes go there); the ticket is spent.
    expect(JSON.parse(storage.get(StorageKey.userInfo) ?? "{}")).toMatchObject({
      id: "7",
      mobile: NEW_MOBILE,
    });
    expect(app.store.get(phoneTicketAtom)).toBeNull();
    await waitFor(() => byText("139****5678"));
  });

  it("refuses the current number as the new one", async () => {
    const { api } = fakeSecurityApi();
    await bindWithLiveTicket(api, MOBILE);
    expect(fieldError("新手机号")).toBe("新手机号不能与当前手机号相同");
    expect(api.user.changePhone).not.toHaveBeenCalled();
  });

  it("without a ticket explains and links to /editphone", async () => {
    const { api } = fakeSecurityApi();
    const app = await renderSecurity(api, "/bindphone");
    await waitFor(() => byText("请先验证当前手机号，再绑定新手机号。"));
    expect(queryText("新手机号")).toBeNull();
    await click(control("验证当前手机号"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/editphone");
    });
  });

  it("with an expired ticket says so", async () => {
    const { api } = fakeSecurityApi();
    const app = await renderSecurity(api, "/accountsecuritysettings");
    app.store.set(phoneTicketAtom, { ticket: "t", expiresAt: Date.now() - 1 });
    await goTo(app);
    await waitFor(() => byText("当前手机号的验证已过期，请重新验证。"));
    expect(control("验证当前手机号").getAttribute("href")).toBe("/editphone");
  });

  it("turns to 'expired' when the server says the ticket is too old", async () => {
    const { api } = fakeSecurityApi();
    api.user.changePhone.mockRejectedValueOnce(refusal("user.changePhone", "server.phoneTicketExpired"));
    await bindWithLiveTicket(api, NEW_MOBILE);
    await waitFor(() => byText("当前手机号的验证已过期，请重新验证。"));
    expect(JSON.parse(api.client.storage.get(StorageKey.userInfo) ?? "{}")).toMatchObject({ mobile: MOBILE });
  });
});
