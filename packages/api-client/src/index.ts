/**
 * `@platform/api-client`: every call of the product, typed, with its transport rules. No React,
 * no global state: create a client with storage and hooks, and call it.
 */
import { ApiClient } from "./client";
import type { ApiClientOptions } from "./client-options";
import { groupedApi } from "./grouped-api";
import type { GroupedApi } from "./grouped-api";
import { sessionFlows } from "./flows";
import type { SessionFlows } from "./flows";
import { mediaUrl } from "./media";
import { trackEvent } from "./tracking";
import type { TrackInput } from "./tracking";
import { uploadFileOf } from "./upload-types";
import type { UploadedFile, UploadFile, UploadOptions } from "./upload-types";
import type { ResumableOptions, ResumableUpload } from "./resumable";

export type PlatformApi = GroupedApi &
  SessionFlows & {
    /** The transport: `call(name, request)`, the session, storage. */
    readonly client: ApiClient;
    /** A stream or media URL with `token` and `bus_platform_id` added (spec §7). */
    mediaUrl(url: string): string;
    /** uploadSignUrl, then PUT the file with progress (abort with `signal`). */
    uploadFile(
      file: UploadFile | (Blob & { readonly name?: string }),
      options: UploadOptions,
    ): Promise<UploadedFile>;
    /**
     * A video upload in parts that survives a dropped connection or a reload (`options.key`);
     * `start()` it (decision 0018). Its code loads on first use.
     */
    resumableUpload(
      file: UploadFile | (Blob & { readonly name?: string }),
      options?: ResumableOptions,
    ): Promise<ResumableUpload>;
    /** reportNew with the stored user and channel, `data` as a JSON string. */
    track(input: TrackInput): Promise<void>;
  };

export function createApiClient(options: ApiClientOptions): PlatformApi {
  const client = new ApiClient(options);
  return {
    ...groupedApi(client),
    ...sessionFlows(client),
    client,
    mediaUrl: (url) => mediaUrl(url, client.storage),
    // Loaded on first use: only the screens that post videos or change a background need it.
    uploadFile: async (file, uploadOptions) => {
      const { uploadFile } = await import("./upload");
      return uploadFile(client, "blob" in file ? file : uploadFileOf(file), uploadOptions);
    },
    resumableUpload: async (file, resumableOptions) => {
      const { ResumableUpload } = await import("./resumable");
      return new ResumableUpload(client, "blob" in file ? file : uploadFileOf(file), resumableOptions);
    },
    track: (input) => trackEvent(client, input),
  };
}

export { ApiClient } from "./client";
export type { ApiClientHooks, ApiClientOptions, CallOptions, SessionEndReason } from "./client-options";
export type { EndpointFunction, EndpointGroup, GroupApi, GroupedApi } from "./grouped-api";
export { ApiError, isApiError } from "./errors";
export type { ApiErrorInit, ApiErrorKind } from "./errors";
export { endpoints } from "./endpoints";
export type { CallKind, EndpointDef, EndpointName, HttpMethod } from "./endpoints";
export { memoryStorage, webStorage } from "./storage";
export type { ClientStorage } from "./storage";
export { basicAuthorization, encryptPassword, encryptReq, MAX_PASSWORD_BYTES } from "./crypto";
export { InvalidIdentityCardError } from "./flows";
export type { SessionFlows } from "./flows";
export { mediaUrl } from "./media";
export { PAGE_DATA_ELEMENT_ID, readPageData } from "./contract/page-data";
export type { PageAnswer } from "./contract/page-data";
export {
  PAGE_DATA_PATHS,
  PAGE_SESSION_COOKIE,
  encodePageSession,
  pageSessionCookies,
  pageSessionOfClient,
} from "./contract/page-session";
export type { PageSession } from "./contract/page-session";
export { uploadFileOf } from "./upload-types";
export type { UploadedFile, UploadFile, UploadOptions, UploadProgress } from "./upload-types";
export type { TrackInput } from "./tracking";
export type { ResumableOptions, ResumableState, ResumableUpload } from "./resumable";
export type * from "./types";
