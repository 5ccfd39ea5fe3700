import { ApiError } from "@platform/api-client";
import { Language, MessageKey, ServerMessageKey } from "@platform/domain";
import { activateLanguage, createI18n } from "@platform/i18n";
import { describe, expect, it } from "vitest";
import { errorText, errorTextLoaded } from "./error-text";

async function english() {
  const i18n = createI18n();
  await activateLanguage(i18n, Language.enUS, { store: null, document: null });
  return i18n;
}

const refusal = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ kind: "business", endpoint: "auth.tokenUserPwd", code: 400, status: 200, ...init });

describe("errorText", () => {
  it("words a known key from the catalog, whatever language the server's msg is in", async () => {
    const i18n = await english();
    const error = refusal({ msg: "手机号或密码错误", msgKey: ServerMessageKey.wrongCredentials });
    // The server's sentences are a chunk of their own: before it came, the server's msg.
    expect(errorText(i18n, error)).toBe("手机号或密码错误");
    expect(await errorTextLoaded(i18n, error)).toBe("Wrong phone number or password");
    expect(errorText(i18n, error)).toBe("Wrong phone number or password");
    const soon = refusal({
      msg: "请 47 秒后再试",
      msgKey: ServerMessageKey.smsTooSoon,
      msgValues: { seconds: 47 },
    });
    expect(errorText(i18n, soon)).toBe("Codes are sent at most once a minute: try again in 47 s");
    const domain = refusal({ msg: "请输入正确的手机号", msgKey: MessageKey.phoneInvalid });
    expect(errorText(i18n, domain)).toBe("Please enter the correct mobile phone number");
  });

  it("shows the server's msg for a key it does not know, else the kind's sentence", async () => {
    const i18n = await english();
    expect(errorText(i18n, refusal({ msg: "Something new", msgKey: "server.fromTheFuture" }))).toBe(
      "Something new",
    );
    expect(errorText(i18n, refusal({ msg: "Plain" }))).toBe("Plain");
    const offline = new ApiError({ kind: "network", endpoint: "substance.getVideoList" });
    expect(errorText(i18n, offline)).toBe(i18n._(MessageKey.errorNetwork));
    expect(errorText(i18n, new Error("boom"))).toBe(i18n._(MessageKey.errorSystem));
  });
});
