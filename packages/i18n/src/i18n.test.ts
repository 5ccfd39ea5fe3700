import { Language, MessageKey, ServerMessageKey, allMessageKeys, message } from "@platform/domain";
import { describe, expect, it } from "vitest";
import {
  activateLanguage,
  createI18n,
  hasCatalog,
  loadCatalog,
  loadServerMessages,
  translateMessage,
} from "./activate";
import { domainMessages } from "./domain-messages";
import { serverMessages, serverSentences } from "./server-messages";
import { saveLanguage, storedLanguage } from "./locale";
import type { LanguageStore } from "./locale";
import { domainMoneyMessages } from "./domain-money-messages";
import { messages as enUS } from "./locales/en-US/messages";
import { messages as enUSMoney } from "./locales/en-US/money";
import { messages as enUSServer } from "./locales/en-US/server";
import { messages as zhCN } from "./locales/zh-CN/messages";
import { messages as zhCNMoney } from "./locales/zh-CN/money";
import { messages as zhCNServer } from "./locales/zh-CN/server";

function memoryStore(initial: Record<string, string> = {}): LanguageStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe("catalogs", () => {
  it("have every domain message key, under its own id, in both languages", () => {
    for (const key of allMessageKeys) {
      expect(domainMessages[key].id).toBe(key);
      expect(zhCN[key] ?? zhCNMoney[key], `zh-CN ${key}`).toBeDefined();
      expect(enUS[key] ?? enUSMoney[key], `en-US ${key}`).toBeDefined();
    }
  });

  it("keep the money screens' domain keys in the money catalog, out of every page's first load", () => {
    const money = Object.keys(domainMoneyMessages);
    expect(money.length).toBeGreaterThan(20);
    for (const key of money) {
      expect(zhCNMoney[key], `zh-CN money ${key}`).toBeDefined();
      expect(enUSMoney[key], `en-US money ${key}`).toBeDefined();
      expect(zhCN[key], `zh-CN main ${key}`).toBeUndefined();
    }
  });
});

describe("server refusal keys", () => {
  it("are the domain's names under `server.`, each with one sentence written once", () => {
    expect(ServerMessageKey.smsTooSoon).toBe("server.smsTooSoon");
    const ids = serverSentences.map((sentence) => sentence.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.values(ServerMessageKey).sort());
  });

  it("each has a sentence under its own id in both languages, in the server catalog only", () => {
    for (const key of Object.values(ServerMessageKey)) {
      expect(serverMessages[key].id).toBe(key);
      expect(zhCNServer[key], `zh-CN ${key}`).toBeDefined();
      expect(enUSServer[key], `en-US ${key}`).toBeDefined();
      // Not in the catalog every page loads first.
      expect(zhCN[key], `zh-CN main ${key}`).toBeUndefined();
    }
  });

  it("are loaded on demand, per language, with their values filled", async () => {
    const i18n = createI18n();
    await activateLanguage(i18n, Language.enUS, { store: null, document: null });
    expect(Object.hasOwn(i18n.messages, ServerMessageKey.wrongCredentials)).toBe(false);
    await loadServerMessages(i18n);
    expect(i18n._(ServerMessageKey.wrongCredentials)).toBe("Wrong phone number or password");
    expect(i18n._(ServerMessageKey.smsTooSoon, { seconds: 47 })).toBe(
      "Codes are sent at most once a minute: try again in 47 s",
    );
    // The product's own sentences are still there.
    expect(translateMessage(i18n, message(MessageKey.phoneRequired))).toBe("Phone number needed");
    await activateLanguage(i18n, Language.zhCN, { store: null, document: null });
    await loadServerMessages(i18n);
    expect(i18n._(ServerMessageKey.smsTooSoon, { seconds: 47 })).toBe("验证码发送过于频繁，请 47 秒后再试");
  });
});

describe("late catalogs of screens", () => {
  it("add a screen group's words (posting's: the creation catalog) to the active language, once", async () => {
    const i18n = createI18n();
    await activateLanguage(i18n, Language.enUS, { store: null, document: null });
    expect(hasCatalog(i18n, "creation")).toBe(false);
    expect(Object.hasOwn(zhCN, "creation.catalog")).toBe(false);
    await loadCatalog(i18n, "creation");
    expect(hasCatalog(i18n, "creation")).toBe(true);
    expect(i18n._("creation.catalog")).toBe("Creation");
    await activateLanguage(i18n, Language.zhCN, { store: null, document: null });
    expect(hasCatalog(i18n, "creation")).toBe(false);
    await loadCatalog(i18n, "creation");
    expect(i18n._("creation.catalog")).toBe("创作");
  });

  // Last: loading a catalog adds to the language's compiled messages, which every instance shares.
  it("each is found by its mark once loaded, in both languages (the game lobby's too)", async () => {
    const { lateCatalogs } = await import("./late-catalogs");
    const names = Object.keys(lateCatalogs) as (keyof typeof lateCatalogs)[];
    expect(names).toContain("game");
    for (const language of [Language.zhCN, Language.enUS]) {
      const i18n = createI18n();
      await activateLanguage(i18n, language, { store: null, document: null });
      for (const name of names) {
        await loadCatalog(i18n, name);
        expect(hasCatalog(i18n, name), name).toBe(true);
      }
    }
  });
});

describe("activateLanguage", () => {
  it("loads a language, translates domain messages, keeps the choice and <html lang>", async () => {
    const i18n = createI18n();
    const store = memoryStore();
    const doc = { documentElement: { lang: "" } } as unknown as Document;
    await activateLanguage(i18n, Language.zhCN, { store, document: doc });
    expect(translateMessage(i18n, message(MessageKey.phoneRequired))).toBe("请输入手机号");
    expect(doc.documentElement.lang).toBe("zh-CN");
    await activateLanguage(i18n, Language.enUS, { store, document: doc });
    expect(translateMessage(i18n, message(MessageKey.phoneRequired))).toBe("Phone number needed");
    expect(store.data.language).toBe("enUS");
    expect(doc.documentElement.lang).toBe("en-US");
  });

  it("fills values and plurals", async () => {
    const i18n = createI18n();
    await activateLanguage(i18n, Language.enUS, { store: null, document: null });
    expect(translateMessage(i18n, message(MessageKey.minutesAgo, { count: 1 }))).toBe("1 minute ago");
    expect(translateMessage(i18n, message(MessageKey.minutesAgo, { count: 5 }))).toBe("5 minutes ago");
    expect(translateMessage(i18n, message(MessageKey.withdrawBelowMinimum, { minimum: 100 }))).toBe(
      "The minimum single withdrawal is 100 Gold",
    );
    await activateLanguage(i18n, Language.zhCN, { store: null, document: null });
    expect(translateMessage(i18n, message(MessageKey.vipRemainingDays, { count: 3 }))).toBe("剩余 3 天");
  });
});

describe("the stored language", () => {
  it("is zhCN when the browser names no language and for unknown values, else what was saved", () => {
    expect(storedLanguage(memoryStore(), [])).toBe(Language.zhCN);
    expect(storedLanguage(memoryStore({ language: "fr" }), [])).toBe(Language.zhCN);
    const store = memoryStore();
    saveLanguage(Language.enUS, store);
    expect(storedLanguage(store, ["zh-CN"])).toBe(Language.enUS);
    expect(storedLanguage(null, [])).toBe(Language.zhCN);
  });

  it("follows the browser's first language until a choice is stored (zh-* Chinese, else English)", () => {
    expect(storedLanguage(memoryStore(), ["en-US", "zh-CN"])).toBe(Language.enUS);
    expect(storedLanguage(memoryStore(), ["fr-FR"])).toBe(Language.enUS);
    expect(storedLanguage(memoryStore(), ["zh-TW", "en"])).toBe(Language.zhCN);
    expect(storedLanguage(memoryStore(), ["zh"])).toBe(Language.zhCN);
    expect(storedLanguage(memoryStore({ language: "fr" }), ["de"])).toBe(Language.enUS);
    // A choice made in /mysettings (or on the sign-in sheet) wins over the browser.
    expect(storedLanguage(memoryStore({ language: "zhCN" }), ["en-US"])).toBe(Language.zhCN);
    expect(storedLanguage(memoryStore({ language: "enUS" }), ["zh-CN"])).toBe(Language.enUS);
  });

  it("survives a storage that throws", () => {
    const broken: LanguageStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(() => {
      saveLanguage(Language.enUS, broken);
    }).not.toThrow();
  });
});

describe("product messages", () => {
  it("are in both catalogs under their ids, with values filled", async () => {
    const { productMessages } = await import("./product-messages");
    for (const descriptor of Object.values(productMessages)) {
      expect(zhCN[descriptor.id], `zh-CN ${descriptor.id}`).toBeDefined();
      expect(enUS[descriptor.id], `en-US ${descriptor.id}`).toBeDefined();
    }
    const i18n = createI18n();
    await activateLanguage(i18n, Language.enUS, { store: null, document: null });
    expect(i18n._(productMessages.loginSuccess)).toBe("Logged in");
    expect(i18n._({ ...productMessages.requestFailedWithStatus, values: { status: 502 } })).toBe(
      "Request failed with status code 502",
    );
  });
});
