import type { PlatformApi, ResumableState, ResumableUpload, UploadFile } from "@platform/api-client";
import { useSyncExternalStore } from "react";
import { identityOf, sameFile, updateDraft } from "./draft";
import type { DraftUpload, FileIdentity } from "./draft";

/**
 * The uploads of video files going on in this tab, one per person and draft slot (`new`, or the id
 * of the video the file is for). They live outside the screens: after a save the editor goes to
 * the creation centre while the file goes on arriving (the server keeps the video at 'uploading'
 * until it does), and coming back to the editor shows the same upload. Each writes its key, and
 * whether it is whole, into its slot's draft, so a reload can go on from the server's parts.
 */
export interface LiveUpload {
  readonly owner: string;
  readonly slot: string;
  readonly file: FileIdentity;
  readonly phase: ResumableState;
  readonly loaded: number;
  readonly total: number;
  readonly key: string | null;
  /** Why it failed (an ApiError), when it did. */
  readonly error: unknown;
  /** Its video is saved: the server waits for the file (the slot is the video's id). */
  readonly saved: boolean;
}

type UploadApi = Pick<PlatformApi, "resumableUpload">;

interface Entry {
  state: LiveUpload;
  readonly api: UploadApi;
  readonly blob: UploadFile;
  upload: ResumableUpload | null;
  /** Waiting for the key (a save made while the upload is still being signed). */
  readonly waiting: ((key: string | null) => void)[];
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const finished = new Set<(upload: LiveUpload) => void>();
let snapshot: ReadonlyMap<string, LiveUpload> = new Map();

const entryKey = (owner: string, slot: string) => `${owner}:${slot}`;

function publish(): void {
  snapshot = new Map([...entries].map(([key, entry]) => [key, entry.state]));
  for (const listener of listeners) listener();
}

function change(entry: Entry, state: Partial<LiveUpload>): void {
  // A superseded upload (another file chosen, or cancelled) reports nothing any more.
  if (entries.get(entryKey(entry.state.owner, entry.state.slot)) !== entry) return;
  entry.state = { ...entry.state, ...state };
  publish();
}

/** The slot's draft remembers the upload (its key, and whether it is whole), or forgets it. */
function record(entry: Entry, upload: { readonly key: string; readonly done: boolean } | null): void {
  const { owner, slot, file } = entry.state;
  updateDraft(owner, slot, (draft) => ({
    ...draft,
    upload: upload === null ? null : { ...file, ...upload },
  }));
}

function settleWaiting(entry: Entry, key: string | null): void {
  for (const resolve of entry.waiting.splice(0)) resolve(key);
}

/** Send the entry's file: from `key`'s parts when given (a resumed upload), else from the start. */
async function send(entry: Entry, key: string | null): Promise<void> {
  const resuming = key !== null;
  try {
    const upload = await entry.api.resumableUpload(entry.blob, {
      key,
      onKey: (newKey) => {
        change(entry, { key: newKey });
        record(entry, { key: newKey, done: false });
        settleWaiting(entry, newKey);
      },
      onProgress: ({ loaded, total }) => {
        change(entry, { loaded, total });
      },
      onState: (phase, error) => {
        if (
          phase === "failed" &&
          resuming &&
          entries.get(entryKey(entry.state.owner, entry.state.slot)) === entry
        ) {
          // The stored upload cannot go on (expired, given up, another file): start this one afresh.
          record(entry, null);
          change(entry, { key: null, loaded: 0 });
          void send(entry, null);
          return;
        }
        change(entry, { phase, error: error ?? null });
        if (phase === "failed" || phase === "cancelled") settleWaiting(entry, null);
        if (phase === "done") {
          record(entry, entry.state.saved ? null : { key: entry.state.key ?? "", done: true });
          settleWaiting(entry, entry.state.key);
          for (const listener of finished) listener(entry.state);
        }
      },
    });
    entry.upload = upload;
    await upload.start();
  } catch (error) {
    // `start()` rejects with what `onState` already said; a failure before it (the upload's code
    // did not load) is said here.
    if (entry.upload === null) {
      change(entry, { phase: "failed", error });
      settleWaiting(entry, null);
    }
  }
}

/** The browser's type of the file, or the one its extension names when the device gave none. */
export function videoTypeOf(file: Pick<File, "name" | "type">): string {
  if (file.type !== "") return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  const byExtension: Record<string, string> = {
    mp4: "video/mp4",
    m4v: "video/mp4",
    mov: "video/quicktime",
    webm: "video/webm",
    mkv: "video/x-matroska",
  };
  return byExtension[extension] ?? "";
}

/**
 * Start sending a file for a slot (what was going on there is given up first). `stored` is the
 * slot's draft upload: when it is this same file, the upload goes on from the server's parts, or
 * is already whole.
 */
export function startUpload(input: {
  readonly api: UploadApi;
  readonly owner: string;
  readonly slot: string;
  readonly file: File;
  readonly stored: DraftUpload | null;
  /** The video's unfinished upload on the server: tried when the draft has none for this file. */
  readonly serverKey?: string | null;
}): void {
  const { api, owner, slot, file, stored } = input;
  cancelUpload(owner, slot, { keepDraft: true });
  const identity = identityOf(file);
  // The server's upload is tried as one not whole: a file of another size is refused by
  // `upload.resume`, and `send` then starts this one afresh.
  const fromServer =
    input.serverKey != null && input.serverKey !== ""
      ? { key: input.serverKey, done: false, ...identity }
      : null;
  const resume = stored !== null && sameFile(stored, identity) ? stored : fromServer;
  const entry: Entry = {
    state: {
      owner,
      slot,
      file: identity,
      phase: resume?.done === true ? "done" : "idle",
      loaded: resume?.done === true ? file.size : 0,
      total: file.size,
      key: resume?.key ?? null,
      error: null,
      saved: false,
    },
    api,
    blob: { name: file.name, type: videoTypeOf(file), size: file.size, blob: file },
    upload: null,
    waiting: [],
  };
  entries.set(entryKey(owner, slot), entry);
  // The draft forgets an upload of another file (the server's own needs no draft).
  if (resume === null || resume === fromServer) record(entry, null);
  publish();
  if (resume?.done !== true) void send(entry, resume?.key ?? null);
}

/** Stop sending; what arrived stays on the server. */
export function pauseUpload(owner: string, slot: string): void {
  entries.get(entryKey(owner, slot))?.upload?.pause();
}

/** Go on after a pause. */
export function resumeUpload(owner: string, slot: string): void {
  void entries.get(entryKey(owner, slot))?.upload?.start();
}

/** Send the same file again from the start (after a refusal). */
export function retryUpload(owner: string, slot: string): void {
  const entry = entries.get(entryKey(owner, slot));
  if (entry === undefined) return;
  const fresh: Entry = {
    ...entry,
    state: { ...entry.state, phase: "idle", loaded: 0, key: null, error: null },
    upload: null,
    waiting: [],
  };
  entries.set(entryKey(owner, slot), fresh);
  // The refused upload is given up on the server too.
  void entry.upload?.cancel();
  record(fresh, null);
  publish();
  void send(fresh, null);
}

/**
 * Give a slot's upload up: the server drops what arrived, the draft forgets it (unless `keepDraft`:
 * another file is about to take its place and writes its own).
 */
export function cancelUpload(owner: string, slot: string, options: { keepDraft?: boolean } = {}): void {
  const entry = entries.get(entryKey(owner, slot));
  if (entry === undefined) return;
  entries.delete(entryKey(owner, slot));
  settleWaiting(entry, null);
  if (entry.state.phase !== "done") void entry.upload?.cancel();
  if (options.keepDraft !== true) record(entry, null);
  publish();
}

/**
 * The video of a slot's upload is saved: the upload moves to the video's own slot (a new post's
 * leaves `new` free), and while it is not whole that slot's draft keeps only it, so the editor of
 * the video can go on with it after a reload.
 */
export function uploadSaved(owner: string, from: string, videoId: string): void {
  const entry = entries.get(entryKey(owner, from));
  if (entry === undefined) return;
  entries.delete(entryKey(owner, from));
  entry.state = { ...entry.state, slot: videoId, saved: true };
  entries.set(entryKey(owner, videoId), entry);
  if (entry.state.phase !== "done" && entry.state.key !== null)
    record(entry, { key: entry.state.key, done: false });
  publish();
}

/** The key of a slot's upload once it has one; null when there is none or it failed. */
export function keyOfUpload(owner: string, slot: string): Promise<string | null> {
  const entry = entries.get(entryKey(owner, slot));
  if (entry === undefined || entry.state.phase === "failed") return Promise.resolve(null);
  if (entry.state.key !== null) return Promise.resolve(entry.state.key);
  return new Promise((resolve) => {
    entry.waiting.push(resolve);
  });
}

/** Told each time an upload is whole (the owner's list then asks the server again). */
export function onUploadFinished(listener: (upload: LiveUpload) => void): () => void {
  finished.add(listener);
  return () => {
    finished.delete(listener);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Every upload of this tab (by person and slot), re-rendered as they change. */
export function useLiveUploads(): ReadonlyMap<string, LiveUpload> {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** One slot's upload, if there is one. */
export function useLiveUpload(owner: string, slot: string): LiveUpload | undefined {
  return useLiveUploads().get(entryKey(owner, slot));
}

/** Forget every upload (tests). */
export function resetUploads(): void {
  entries.clear();
  publish();
}
