import type { CallOptions } from "./client-options";

export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
  /** 0 to 1. */
  readonly fraction: number;
}

export interface UploadOptions extends CallOptions {
  /** PICTURE for images (backgrounds, covers), VIDEO for posts. */
  readonly uploadFileType: "PICTURE" | "VIDEO";
  readonly onProgress?: (progress: UploadProgress) => void;
}

export interface UploadedFile {
  readonly key: string;
  readonly bucketEnum: string;
}

/** A file to upload: a Blob (File in browsers) with a name. */
export interface UploadFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly blob: Blob;
}

export function uploadFileOf(file: Blob & { readonly name?: string }): UploadFile {
  return {
    name: file.name ?? "file",
    type: file.type || "application/octet-stream",
    size: file.size,
    blob: file,
  };
}
