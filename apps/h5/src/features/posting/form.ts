import type { RequestOf, ResponseOf, VideoDetail } from "@platform/api-client";
import {
  VideoStatus,
  WatchLevel,
  coverOf,
  formatAmount,
  limits,
  parseAmountInput,
  validateIntroduction,
  validateVideoTitle,
} from "@platform/domain";
import type { Message } from "@platform/domain";
import type { DraftFields } from "./draft";

/** The rules of posting, from the server's settings (`substance.creationConfig`). */
export type CreationConfig = ResponseOf<"substance.creationConfig">;

/** The form of the video editor: the draft's fields. */
export type PostingForm = DraftFields;

/** The longest title the server takes (the contract's `videoTitle`; 20 is only advised). */
export const TITLE_MAX_LENGTH = 100;

export function emptyForm(config: CreationConfig): PostingForm {
  return {
    videoTitle: "",
    introduction: "",
    tags: [],
    allowDownload: false,
    watchLevel: WatchLevel.FREE,
    price: "",
    freeTimeMs: config.previewDefaultMs,
  };
}

/**
 * An own video's form: its pending edit when there is one (what the author last saved), else the
 * video as it is; the price in yuan with two decimals for a paid video.
 */
export function formOfVideo(video: VideoDetail, config: CreationConfig): PostingForm {
  const edit = video.owner?.edit ?? null;
  const source = edit ?? video;
  const preview = edit?.freeTimeMs ?? video.owner?.freeTimeMs ?? 0;
  return {
    videoTitle: source.videoTitle,
    introduction: source.introduction,
    tags: source.tags,
    allowDownload: source.allowDownload,
    watchLevel: source.watchLevel,
    price: source.watchLevel === WatchLevel.CHARGE ? formatAmount(source.amount) : "",
    freeTimeMs: previewWithin(
      config,
      preview > 0 ? Math.min(preview, config.previewMaxMs) : config.previewDefaultMs,
      video.videoLength > 0 ? video.videoLength : null,
    ),
  };
}

/** The cover an own video shows in the editor: its pending edit's, else its own. */
export function coverOfVideo(video: VideoDetail): string | null {
  return video.owner?.edit?.coverUrl ?? coverOf(video);
}

/** What is wrong with a price typed in yuan. */
export type PriceProblem =
  | { readonly kind: "required" }
  | { readonly kind: "format" }
  | { readonly kind: "range"; readonly min: string; readonly max: string };

export type TagsProblem =
  { readonly kind: "count"; readonly max: number } | { readonly kind: "length"; readonly max: number };

export interface FormProblems {
  readonly videoTitle?: Message;
  readonly introduction?: Message;
  readonly tags?: TagsProblem;
  readonly price?: PriceProblem;
}

/** The price in hundredths, or what is wrong with it (within the server's bounds, two decimals). */
export function priceOf(input: string, config: CreationConfig): number | PriceProblem {
  if (input.trim() === "") return { kind: "required" };
  const amount = parseAmountInput(input);
  if (amount === null) return { kind: "format" };
  if (amount < config.priceMin || amount > config.priceMax)
    return { kind: "range", min: formatAmount(config.priceMin), max: formatAmount(config.priceMax) };
  return amount;
}

/** Everything wrong with the form (spec §5: a title, an introduction of 0-800, tags, the price). */
export function checkForm(form: PostingForm, config: CreationConfig): FormProblems {
  const problems: { -readonly [K in keyof FormProblems]: FormProblems[K] } = {};
  const title = validateVideoTitle(form.videoTitle);
  if (title !== null) problems.videoTitle = title;
  const introduction = validateIntroduction(form.introduction);
  if (introduction !== null) problems.introduction = introduction;
  if (form.tags.length > limits.videoTagsMax) problems.tags = { kind: "count", max: limits.videoTagsMax };
  else if (form.tags.some((tag) => Array.from(tag).length > limits.videoTagMaxLength))
    problems.tags = { kind: "length", max: limits.videoTagMaxLength };
  if (form.watchLevel === WatchLevel.CHARGE) {
    const price = priceOf(form.price, config);
    if (typeof price !== "number") problems.price = price;
  }
  return problems;
}

const PREVIEW_STEPS_MS = [5, 10, 15, 30, 60, 120, 180, 300, 600].map((s) => s * 1000);

/**
 * The preview lengths offered: the usual steps within the server's bound, its default and bound —
 * and, when the video's length is known (`lengthMs`), only those shorter than the video (a clip
 * shorter than every step gets half its length, in whole seconds).
 */
export function previewChoices(
  config: CreationConfig,
  current: number,
  lengthMs: number | null = null,
): number[] {
  const all = [...PREVIEW_STEPS_MS, config.previewDefaultMs, config.previewMaxMs, current];
  const within = [...new Set(all)].filter((ms) => ms > 0 && ms <= config.previewMaxMs).sort((a, b) => a - b);
  if (lengthMs === null || lengthMs <= 0) return within;
  const shorter = within.filter((ms) => ms < lengthMs);
  return shorter.length > 0 ? shorter : [Math.max(1000, Math.floor(lengthMs / 2000) * 1000)];
}

/** The preview to keep for a video of `lengthMs`: the current one if offered, else the longest offered. */
export function previewWithin(config: CreationConfig, current: number, lengthMs: number | null): number {
  const choices = previewChoices(config, current, lengthMs);
  return choices.includes(current) ? current : (choices.at(-1) ?? current);
}

/**
 * What a video's file can be in the editor (decision 0018): a new post needs one; a video whose
 * file failed (10, 18) needs a new one; one still uploading (15) may go on with it; any other has
 * its file for good (a published one can change only its details).
 */
export type FileRule = "new" | "replace" | "resume" | "fixed" | "published";

export function fileRuleOf(status: number | null): FileRule {
  if (status === null) return "new";
  if (status === VideoStatus.uploadFailed || status === VideoStatus.technicalRefused) return "replace";
  if (status === VideoStatus.uploading) return "resume";
  return status === VideoStatus.published ? "published" : "fixed";
}

/** What is wrong with a chosen video file, by the server's types and size. */
export type FileProblem = { readonly kind: "type" } | { readonly kind: "size"; readonly maxBytes: number };

export function videoFileProblem(
  file: { readonly size: number },
  type: string,
  config: CreationConfig,
): FileProblem | null {
  if (!config.videoTypes.includes(type)) return { kind: "type" };
  if (file.size > config.videoMaxBytes) return { kind: "size", maxBytes: config.videoMaxBytes };
  return null;
}

/** The save call of the form. */
export function saveRequest(
  form: PostingForm,
  config: CreationConfig,
  extra: { readonly id: string | null; readonly videoKey: string | null; readonly coverKey: string | null },
): RequestOf<"substance.saveMyVideo"> {
  const price = priceOf(form.price, config);
  return {
    ...(extra.id === null ? {} : { id: extra.id }),
    videoTitle: form.videoTitle.trim(),
    introduction: form.introduction,
    tags: [...form.tags],
    allowDownload: form.allowDownload,
    watchLevel: form.watchLevel,
    amount: form.watchLevel === WatchLevel.CHARGE && typeof price === "number" ? price : 0,
    freeTimeMs: form.freeTimeMs,
    ...(extra.videoKey === null ? {} : { videoKey: extra.videoKey }),
    ...(extra.coverKey === null ? {} : { coverKey: extra.coverKey }),
  };
}

/** A size as people read it: "2 GB", "500 MB". */
export function sizeText(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${String(Math.round(gb * 10) / 10)} GB`;
  return `${String(Math.round(bytes / 1024 ** 2))} MB`;
}
