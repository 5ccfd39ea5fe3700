import { WatchLevel, isOneOf } from "@platform/domain";

/**
 * The video editor's draft in localStorage (one per person and per video, `new` for a new post):
 * the form as typed, the cover picture already sent, and the upload of the video's file with the
 * file's name, size and date — so that after a reload the form is refilled and choosing the same
 * file again goes on with that upload (its key) instead of starting over.
 */
export interface DraftFields {
  readonly videoTitle: string;
  readonly introduction: string;
  readonly tags: readonly string[];
  readonly allowDownload: boolean;
  readonly watchLevel: WatchLevel;
  /** The price as typed, in yuan ("12.50"). */
  readonly price: string;
  /** The preview of SVIP and CHARGE videos (milliseconds). */
  readonly freeTimeMs: number;
}

/** What tells a chosen file is the same one again. */
export interface FileIdentity {
  readonly name: string;
  readonly size: number;
  readonly lastModified: number;
}

export interface DraftUpload extends FileIdentity {
  readonly key: string;
  /** Whole on the server: saving needs no file any more. */
  readonly done: boolean;
}

export interface DraftCover {
  readonly key: string;
  readonly name: string;
  /** The upload's bucket, to show the picture again after a reload (older drafts lack it). */
  readonly bucket?: string;
}

export interface Draft {
  /** Null: nothing typed (only an upload or a cover is kept). */
  readonly fields: DraftFields | null;
  readonly upload: DraftUpload | null;
  readonly cover: DraftCover | null;
}

/** The draft of a new post (a video's draft is under its id). */
export const NEW_POST = "new";

const empty: Draft = { fields: null, upload: null, cover: null };

function storeKey(owner: string, slot: string): string {
  return `editvideo-draft:${owner}:${slot}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage can be blocked (private modes): no drafts then.
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const isText = (value: unknown): value is string => typeof value === "string";
const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function fieldsOf(value: unknown): DraftFields | null {
  if (!isRecord(value)) return null;
  const { videoTitle, introduction, tags, allowDownload, watchLevel, price, freeTimeMs } = value;
  if (!isText(videoTitle) || !isText(introduction) || !isText(price)) return null;
  if (!Array.isArray(tags) || !tags.every(isText)) return null;
  if (typeof allowDownload !== "boolean" || !isCount(freeTimeMs)) return null;
  if (!isOneOf(Object.values(WatchLevel), watchLevel)) return null;
  return { videoTitle, introduction, tags, allowDownload, watchLevel, price, freeTimeMs };
}

function uploadOf(value: unknown): DraftUpload | null {
  if (!isRecord(value)) return null;
  const { key, name, size, lastModified, done } = value;
  if (!isText(key) || key === "" || !isText(name) || !isCount(size) || !isCount(lastModified)) return null;
  return { key, name, size, lastModified, done: done === true };
}

function coverOf(value: unknown): DraftCover | null {
  if (!isRecord(value) || !isText(value.key) || value.key === "" || !isText(value.name)) return null;
  const bucket = isText(value.bucket) && /^[A-Z_]{1,32}$/.test(value.bucket) ? value.bucket : null;
  return bucket === null
    ? { key: value.key, name: value.name }
    : { key: value.key, name: value.name, bucket };
}

/** The stored draft, or null (none, or not one this version wrote). */
export function readDraft(owner: string, slot: string): Draft | null {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(storeKey(owner, slot)) ?? "null");
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const draft = {
    fields: fieldsOf(value.fields),
    upload: uploadOf(value.upload),
    cover: coverOf(value.cover),
  };
  return isEmpty(draft) ? null : draft;
}

function isEmpty(draft: Draft): boolean {
  return draft.fields === null && draft.upload === null && draft.cover === null;
}

/** Change a draft (read, changed, written back; an empty one is removed). */
export function updateDraft(owner: string, slot: string, change: (draft: Draft) => Draft): void {
  const next = change(readDraft(owner, slot) ?? empty);
  try {
    if (isEmpty(next)) storage()?.removeItem(storeKey(owner, slot));
    else storage()?.setItem(storeKey(owner, slot), JSON.stringify(next));
  } catch {
    // A full storage keeps no draft: the form still works.
  }
}

export function clearDraft(owner: string, slot: string): void {
  updateDraft(owner, slot, () => empty);
}

export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

export function identityOf(file: File): FileIdentity {
  return { name: file.name, size: file.size, lastModified: file.lastModified };
}
