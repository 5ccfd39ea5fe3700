import { StorageKey } from "@platform/domain";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { ApiError } from "../src/errors";
import { createApiClient, isApiError, memoryStorage } from "../src/index";
import type { ApiClientOptions, ClientStorage, SessionEndReason } from "../src/index";
import { clientOptions, startServer } from "./platform-server";
import type { TestServer } from "./platform-server";

/**
 * The test server of the running test file: set by `serveThisFile` before its first test. An
 * exported `let` is a live binding, so the files that import it see the started server.
 */
export let server: TestServer;

/** Start a server for this file's tests, close it after them, and forget its requests before each. */
export function serveThisFile(): void {
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });
}

export interface Harness {
  readonly api: ReturnType<typeof createApiClient>;
  readonly storage: ClientStorage;
  readonly errors: ApiError[];
  readonly expired: SessionEndReason[];
}

export function harness(
  overrides: Partial<ApiClientOptions> = {},
  stored: Record<string, string> = {},
): Harness {
  const storage = memoryStorage(stored);
  const errors: ApiError[] = [];
  const expired: SessionEndReason[] = [];
  const api = createApiClient({
    ...clientOptions(server),
    storage,
    refreshRetryDelayMs: 1000,
    timeZone: () => "GMT+08:00",
    hooks: {
      onError: (e) => errors.push(e),
      onSessionExpired: (r) => expired.push(r),
    },
    ...overrides,
  });
  return { api, storage, errors, expired };
}

export const signedIn = {
  [StorageKey.accessToken]: "access-1",
  [StorageKey.refreshToken]: "refresh-1",
  [StorageKey.userInfo]: JSON.stringify({ id: "7", mobile: "13800000000", channelTagId: 42 }),
  [StorageKey.busPlatformId]: "bp-9",
};

export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

export function credentials(access: string, refresh: string) {
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: "bearer",
    expires_in: 3600,
    scope: "server",
    user_info: {
      id: "7",
      mobile: "13800000000",
      nickName: "n",
      avatarFileUrl: null,
      channelTagId: "42",
      memberId: "m",
      isVip: false,
    },
  };
}
