import { ApiError, memoryStorage } from "@platform/api-client";
import type { Profile, RequestOf, ResponseOf, UploadOptions } from "@platform/api-client";
import { StorageKey, parseStoredUserInfo } from "@platform/domain";
import { vi } from "vitest";
import { fakeProfile } from "../../../test/fakes";

/** The signed-in person's phone in the fakes. */
export const MOBILE = "13800000001";

/** The person of the fakes (test/fakes' `fakeProfile`). */
export const profileOf = fakeProfile;

export type LogoffCheck = ResponseOf<"user.logoffCheck">;

/** A refusal of the server, with its key. */
export function refusal(endpoint: string, msgKey: string, msg = "refused"): ApiError {
  return new ApiError({ kind: "business", endpoint, code: 400, msg, msgKey });
}

/**
 * The calls of the account's security screens over one in-memory person (phone 13800000001,
 * with a password unless told): the session in a memory storage the test can read.
 */
export function fakeSecurityApi(
  options: { readonly profile?: Partial<Profile>; readonly logoffCheck?: Partial<LogoffCheck> } = {},
) {
  const state = { profile: profileOf(options.profile) };
  const storage = memoryStorage({
    [StorageKey.accessToken]: "access",
    [StorageKey.refreshToken]: "refresh",
    [StorageKey.userInfo]: JSON.stringify({ id: "7", mobile: MOBILE, channelTagId: "3" }),
    [StorageKey.language]: "zhCN",
  });
  const client = {
    storage,
    get userInfo() {
      return parseStoredUserInfo(storage.get(StorageKey.userInfo));
    },
    signOut: vi.fn(() => {
      storage.remove(StorageKey.accessToken);
      storage.remove(StorageKey.refreshToken);
      storage.remove(StorageKey.userInfo);
    }),
  };
  const api = {
    client,
    user: {
      queryInfo: vi.fn(() => Promise.resolve({ ...state.profile })),
      modifyInfo: vi.fn((change: RequestOf<"user.modifyInfo">) => {
        state.profile = { ...state.profile, ...change };
        return Promise.resolve(null);
      }),
      modifyBirthday: vi.fn(({ birthday }: RequestOf<"user.modifyBirthday">) => {
        state.profile = { ...state.profile, birthday };
        return Promise.resolve(null);
      }),
      modifyAvatar: vi.fn((request: RequestOf<"user.modifyAvatar">, _options?: { quiet?: boolean }) => {
        const avatarFileUrl = `https://files.example/${request.avatarBucket}/${request.avatarFilename}`;
        state.profile = { ...state.profile, avatarFileUrl };
        return Promise.resolve({ avatarFileUrl });
      }),
      sendValidateCode: vi.fn((_request: RequestOf<"user.sendValidateCode">) => Promise.resolve(null)),
      verifyPhone: vi.fn((_request: RequestOf<"user.verifyPhone">) =>
        Promise.resolve({ ticket: "1700000600000.sig", expiresInSeconds: 600 }),
      ),
      changePhone: vi.fn((request: RequestOf<"user.changePhone">) => {
        state.profile = { ...state.profile, mobile: request.mobile };
        return Promise.resolve(null);
      }),
      logoffCheck: vi.fn(() =>
        Promise.resolve<LogoffCheck>({
          gold: 19_550,
          wallet: 5_000,
          game: 7,
          unfinishedRecharges: 0,
          unfinishedWithdrawals: 0,
          canLogoff: true,
          ...options.logoffCheck,
        }),
      ),
      logoff: vi.fn((_request: RequestOf<"user.logoff">) => Promise.resolve(null)),
      signOutOthers: vi.fn(() => Promise.resolve(null)),
    },
    changePassword: vi.fn((_input: { password: string } & ({ oldPassword: string } | { code: string })) => {
      state.profile = { ...state.profile, hasPassword: true };
      return Promise.resolve();
    }),
    uploadFile: vi.fn((file: File, options: UploadOptions) => {
      options.onProgress?.({ loaded: file.size / 2, total: file.size, fraction: 0.5 });
      return Promise.resolve({ key: "pictures/avatar-1.jpg", bucketEnum: "PUBLIC" });
    }),
  };
  return { api, state, storage };
}
