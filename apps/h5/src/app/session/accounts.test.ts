import { ApiClient, memoryStorage } from "@platform/api-client";
import type { Credentials } from "@platform/api-client";
import { Language, StorageKey } from "@platform/domain";
import { describe, expect, it, vi } from "vitest";
import {
  REMEMBERED_ACCOUNTS_KEY,
  currentAccountId,
  forgetAccount,
  logOutAccount,
  rememberCurrentAccount,
  rememberedAccounts,
  signOutKeepingAccount,
  switchAccount,
} from "./accounts";
import type { RefreshAccount } from "./accounts";
import { fakeCredentials } from "../../test/fakes";

function userInfo(id: string, nickName: string, mobile: string) {
  return {
    id,
    mobile,
    nickName,
    avatarFileUrl: null,
    channelTagId: id === "8" ? "3" : "0",
    memberId: `m${id}`,
    isVip: false,
  };
}

function credentials(id: string, nickName: string, mobile: string, tokens: string): Credentials {
  return fakeCredentials(tokens, userInfo(id, nickName, mobile));
}

/** A real client (its own saveCredentials / signOut) on memory storage, signed in as Ying (7). */
function signedInClient() {
  const client = new ApiClient({
    clientId: "h5",
    clientSecret: "s",
    reqKey: "k",
    storage: memoryStorage({ [StorageKey.language]: Language.enUS }),
  });
  client.saveCredentials(credentials("7", "Ying", "13800000007", "7a"));
  return client;
}

/** Sign in as Owl (8) on the same device, as the login screen does, after 'add account'. */
function addOwl(client: ApiClient) {
  signOutKeepingAccount(client);
  client.saveCredentials(credentials("8", "Owl", "13800000008", "8a"));
  rememberCurrentAccount(client);
}

describe("remembered accounts", () => {
  it("remembers the signed-in account with its tokens and user info, most recent first", () => {
    const client = signedInClient();
    expect(rememberedAccounts(client.storage)).toEqual([]);
    rememberCurrentAccount(client);
    expect(rememberedAccounts(client.storage)).toEqual([
      {
        id: "7",
        nickname: "Ying",
        avatarFileUrl: null,
        mobile: "13800000007",
        accessToken: "access-7a",
        refreshToken: "refresh-7a",
        userInfo: userInfo("7", "Ying", "13800000007"),
      },
    ]);
    addOwl(client);
    expect(rememberedAccounts(client.storage).map((a) => a.id)).toEqual(["8", "7"]);
    expect(currentAccountId(client)).toBe("8");
  });

  it("updates an entry: rotated tokens and the profile's looks, without duplicates", () => {
    const client = signedInClient();
    rememberCurrentAccount(client);
    // The client refreshed (tokens rotate) and the profile says a new nickname and avatar.
    client.saveCredentials(credentials("7", "Ying", "13800000007", "7b"));
    rememberCurrentAccount(client, { nickname: "Ying 2", avatarFileUrl: "/a.png" });
    const [entry] = rememberedAccounts(client.storage);
    expect(rememberedAccounts(client.storage)).toHaveLength(1);
    expect(entry).toMatchObject({ nickname: "Ying 2", avatarFileUrl: "/a.png", refreshToken: "refresh-7b" });
    // Later rememberings without looks keep them.
    rememberCurrentAccount(client);
    expect(rememberedAccounts(client.storage)[0]).toMatchObject({
      nickname: "Ying 2",
      avatarFileUrl: "/a.png",
    });
  });

  it("remembers nobody without a session, and reads junk as no list", () => {
    const client = new ApiClient({
      clientId: "h5",
      clientSecret: "s",
      reqKey: "k",
      storage: memoryStorage(),
    });
    expect(rememberCurrentAccount(client)).toBeNull();
    client.storage.set(REMEMBERED_ACCOUNTS_KEY, "{not json");
    expect(rememberedAccounts(client.storage)).toEqual([]);
    client.storage.set(REMEMBERED_ACCOUNTS_KEY, JSON.stringify([{ id: "1" }, 3, null]));
    expect(rememberedAccounts(client.storage)).toEqual([]);
  });

  it("removes an entry; 'log out' drops the current one and ends the session, 'add account' keeps it", () => {
    const client = signedInClient();
    addOwl(client);
    forgetAccount(client.storage, "7");
    expect(rememberedAccounts(client.storage).map((a) => a.id)).toEqual(["8"]);
    logOutAccount(client);
    expect(rememberedAccounts(client.storage)).toEqual([]);
    expect(client.storage.get(REMEMBERED_ACCOUNTS_KEY)).toBeNull();
    expect(client.accessToken).toBeNull();
    expect(client.storage.get(StorageKey.refreshToken)).toBeNull();
    expect(client.storage.get(StorageKey.language)).toBe(Language.enUS);

    const again = signedInClient();
    expect(signOutKeepingAccount(again)?.id).toBe("7");
    expect(again.accessToken).toBeNull();
    expect(rememberedAccounts(again.storage).map((a) => a.refreshToken)).toEqual(["refresh-7a"]);
  });
});

describe("switchAccount", () => {
  it("saves the current account's latest tokens, refreshes the chosen one and makes it the session", async () => {
    const client = signedInClient();
    addOwl(client);
    // Owl's tokens rotated while signed in: the entry is behind the session.
    client.saveCredentials(credentials("8", "Owl", "13800000008", "8b"));
    const refresh = vi.fn<RefreshAccount>(() =>
      Promise.resolve({ kind: "ok", credentials: credentials("7", "Ying", "13800000007", "7c") }),
    );

    const outcome = await switchAccount(client, "7", refresh);

    expect(refresh).toHaveBeenCalledWith("refresh-7a");
    expect(outcome).toMatchObject({ kind: "switched", account: { id: "7" }, previous: { id: "8" } });
    expect(client.accessToken).toBe("access-7c");
    expect(client.storage.get(StorageKey.refreshToken)).toBe("refresh-7c");
    expect(currentAccountId(client)).toBe("7");
    const entries = rememberedAccounts(client.storage);
    expect(entries.map((a) => [a.id, a.refreshToken])).toEqual([
      ["7", "refresh-7c"],
      ["8", "refresh-8b"],
    ]);
  });

  it("a refused refresh drops the chosen account and leaves the session as it was", async () => {
    const client = signedInClient();
    addOwl(client);
    const outcome = await switchAccount(client, "7", () => Promise.resolve({ kind: "refused" }));
    expect(outcome).toMatchObject({ kind: "refused", account: { id: "7", nickname: "Ying" } });
    expect(currentAccountId(client)).toBe("8");
    expect(client.accessToken).toBe("access-8a");
    expect(rememberedAccounts(client.storage).map((a) => a.id)).toEqual(["8"]);
  });

  it("a refresh without an answer rejects and changes nothing; the current or an unknown account is no switch", async () => {
    const client = signedInClient();
    addOwl(client);
    await expect(switchAccount(client, "7", () => Promise.reject(new Error("offline")))).rejects.toThrow(
      "offline",
    );
    expect(currentAccountId(client)).toBe("8");
    expect(rememberedAccounts(client.storage).map((a) => a.id)).toEqual(["8", "7"]);

    const refresh = vi.fn<RefreshAccount>();
    expect(await switchAccount(client, "8", refresh)).toEqual({ kind: "none" });
    expect(await switchAccount(client, "99", refresh)).toEqual({ kind: "none" });
    expect(refresh).not.toHaveBeenCalled();
  });
});
