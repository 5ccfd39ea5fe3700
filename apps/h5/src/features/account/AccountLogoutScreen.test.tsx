import { StorageKey } from "@platform/domain";
import { afterEach, describe, expect, it } from "vitest";
import { sessionKeys } from "../../app/session/queries";
import { byText, click, control, queryText, typeInto, waitFor } from "../../test/renderApp";
import { MOBILE, fakeSecurityApi } from "./test/fakeSecurityApi";
import { field, fieldError, pageShown, renderSecurity, toasts } from "./test/renderSecurity";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const agreement = () => {
  const box = document.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (box === null) throw new Error("no agreement checkbox");
  return box;
};
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

async function openLogout(api: unknown) {
  const app = await renderSecurity(api, "/accountlogout");
  await waitFor(() => byText("注销后，以下内容将无法找回"));
  return app;
}

describe("/accountlogout", () => {
  it("lists the balances to be lost with two decimals and the consequences", async () => {
    const { api } = fakeSecurityApi();
    await openLogout(api);
    const balances = document.querySelector('dl[aria-label="将清空的余额"]')?.textContent ?? "";
    expect(balances).toContain("账户余额195.50");
    expect(balances).toContain("钱包余额50.00");
    expect(balances).toContain("游戏余额0.07");
    expect(byText("账号无法恢复；该手机号可以重新注册新账号。")).toBeTruthy();
    expect(byText("会员权益一并失效，身份卡无法再用于登录。")).toBeTruthy();
  });

  it("refuses while orders are unfinished: the reason, links to the orders, the button disabled", async () => {
    const { api } = fakeSecurityApi({
      logoffCheck: { unfinishedRecharges: 1, unfinishedWithdrawals: 2, canLogoff: false },
    });
    await openLogout(api);
    const reason = byText("还有未完成的订单，订单完成后才能注销账号。").closest('[role="alert"]');
    expect(reason?.textContent).toContain("未完成的充值订单：1 笔");
    expect(reason?.textContent).toContain("未完成的提现订单：2 笔");
    expect(control("查看充值订单").getAttribute("href")).toBe("/ordermanage?tab=RECHARGE_ORDER");
    expect(control("查看提现订单").getAttribute("href")).toBe("/ordermanage?tab=WITHDRAW_ORDER");
    const confirm = control("注销账号");
    expect(confirm.hasAttribute("disabled")).toBe(true);
    expect(queryText("验证码")).toBeNull();
    await click(confirm);
    expect(dialog()).toBeNull();
    expect(api.user.logoff).not.toHaveBeenCalled();
  });

  it("will not go on until the agreement is ticked", async () => {
    const { api } = fakeSecurityApi();
    await openLogout(api);
    await click(control("获取验证码"));
    expect(api.user.sendValidateCode).toHaveBeenCalledWith({ phoneNumbers: MOBILE, type: "LOGOFF" });
    await typeInto(field("验证码"), "5555");
    await click(control("注销账号"));
    expect(byText("请先阅读并勾选协议").getAttribute("role")).toBe("alert");
    expect(agreement().getAttribute("aria-invalid")).toBe("true");
    expect(dialog()).toBeNull();
    expect(api.user.logoff).not.toHaveBeenCalled();
  });

  it("asks for the four-digit code", async () => {
    const { api } = fakeSecurityApi();
    await openLogout(api);
    await click(agreement());
    await click(control("注销账号"));
    expect(fieldError("验证码")).toBe("请输入 4 位验证码");
    expect(dialog()).toBeNull();
  });

  it("deletes after the confirmation, then forgets the account on this device and shows /login", async () => {
    localStorage.setItem(StorageKey.language, "zhCN");
    localStorage.setItem(StorageKey.theme, "light");
    localStorage.setItem(StorageKey.accessToken, "access");
    localStorage.setItem("editvideo-draft:7:new", "{}");
    localStorage.setItem("search-history:7", "[]");
    sessionStorage.setItem("scroll:/home", "120");
    const { api } = fakeSecurityApi();
    const app = await openLogout(api);
    app.queryClient.setQueryData(sessionKeys.profile(), { nickName: "小明" });
    await click(agreement());
    await click(control("获取验证码"));
    await typeInto(field("验证码"), "5555");
    await click(control("注销账号"));
    const asked = dialog();
    expect(asked?.textContent).toContain("确定注销账号？");
    // Cancelling the confirmation deletes nothing.
    await click(control("取消", asked ?? document.body));
    expect(dialog()).toBeNull();
    expect(api.user.logoff).not.toHaveBeenCalled();

    await click(control("注销账号"));
    await click(control("确认注销", dialog() ?? document.body));
    await waitFor(() => {
      expect(pageShown()).toBe("/login");
    });
    expect(api.user.logoff).toHaveBeenCalledWith({ agreementAccepted: true, code: "5555" });
    expect(api.client.signOut).toHaveBeenCalled();
    expect(toasts()).toContain("账号已注销");
    expect(Object.keys(localStorage).sort()).toEqual([StorageKey.language, StorageKey.theme].sort());
    expect(localStorage.getItem(StorageKey.theme)).toBe("light");
    expect(sessionStorage.length).toBe(0);
    expect(app.queryClient.getQueryData(sessionKeys.profile())).toBeUndefined();
  });

  it("stays on the screen when the server refuses the code", async () => {
    const { api } = fakeSecurityApi();
    api.user.logoff.mockRejectedValueOnce(new Error("wrong code"));
    localStorage.setItem(StorageKey.accessToken, "access");
    await openLogout(api);
    await click(agreement());
    await typeInto(field("验证码"), "5555");
    await click(control("注销账号"));
    await click(control("确认注销", dialog() ?? document.body));
    await waitFor(() => {
      expect(api.user.logoff).toHaveBeenCalledTimes(1);
    });
    await waitFor(() => {
      expect(dialog()).toBeNull();
    });
    expect(pageShown()).toBeUndefined();
    expect(api.client.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(StorageKey.accessToken)).toBe("access");
  });
});
