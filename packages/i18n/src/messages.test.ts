import { MessageKey, ServerMessageKey } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { hasMessage, messageText } from "./messages";

/** `@platform/i18n/messages`: the catalogs' sentences for a process without React (the server). */
describe("messageText (React-free catalogs)", () => {
  const keys = [...Object.values(ServerMessageKey), ...Object.values(MessageKey)];

  it.each(["zh-CN", "en-US"] as const)("has a sentence for every server and domain key in %s", (locale) => {
    const missing = keys.filter((key) => !hasMessage(key) || messageText(locale, key) === key);
    expect(missing).toEqual([]);
  });

  it("words a key in each language, its values filled", () => {
    expect(messageText("zh-CN", ServerMessageKey.smsTooSoon, { seconds: 42 })).toBe(
      "验证码发送过于频繁，请 42 秒后再试",
    );
    expect(messageText("en-US", ServerMessageKey.smsTooSoon, { seconds: 42 })).toBe(
      "Codes are sent at most once a minute: try again in 42 s",
    );
    // The domain's rule and the server's refusal read the same sentence, placeholders included.
    expect(messageText("zh-CN", MessageKey.folderNameFormat, { min: 2, max: 16 })).toBe(
      "收藏夹名称为 2-16 位中文或英文字母",
    );
  });

  it("gives an unknown id back as it is", () => {
    expect(hasMessage("server.noSuchKey")).toBe(false);
    expect(messageText("en-US", "server.noSuchKey")).toBe("server.noSuchKey");
  });
});
