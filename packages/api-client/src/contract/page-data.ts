/**
 * The first screen's data in the page (Step 23, decision 0035): what a server writes into the app's
 * HTML so that the first render of /videoview and /home makes no call, and the cookie that tells it
 * who is looking. Shared by the server (writes) and the client (reads), so neither can drift.
 *
 * - The page carries answers, not cache entries: `{ call, request, data }` — the call the app's
 *   first render would make, its request exactly as the app sends it, and the envelope's `data`.
 *   The client hands an answer out instead of sending that call once (`ApiClient.call`), so the
 *   app's queries fill from it through their own code and keys.
 * - The answers sit in a data block (`<script type="application/json">`): the browser never runs
 *   it, so the Content-Security-Policy needs no nonce or hash for it; `<` is escaped so no value
 *   can end the block.
 * The cookie that says who is looking is `page-session.ts`.
 */
import type { EndpointName } from "../endpoints";

/** One answer written into the page. */
export interface PageAnswer {
  readonly call: EndpointName;
  readonly request: Readonly<Record<string, unknown>>;
  readonly data: unknown;
}

/** The id of the data block holding `PageAnswer[]`. */
export const PAGE_DATA_ELEMENT_ID = "pf-page-data";

/** One key for a call and its request whatever the order of its fields (undefined ones left out). */
export function answerKey(call: string, request: unknown): string {
  return `${call} ${canonicalJson(request ?? {})}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const fields = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${fields.join(",")}}`;
  }
  // What JSON has no text for (JSON.stringify would answer undefined) reads as null.
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return "null";
  return JSON.stringify(value);
}

/**
 * The data block's markup: JSON with `<` escaped, so nothing in it can close the element; with
 * the `language` header its calls were made in (`data-language`): a client in another language
 * (a choice made since the cookie was written) asks for itself rather than show other words.
 */
export function pageDataBlock(answers: readonly PageAnswer[], language?: string): string {
  const json = JSON.stringify(answers).replace(/</g, "\\u003c");
  const lang = language === undefined ? "" : ` data-language="${language.replace(/[^\w-]/g, "")}"`;
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}"${lang}>${json}</script>`;
}

/** The answers of a page's data block (an empty list when it has none or it does not parse). */
export function readPageData(text: string | null | undefined): PageAnswer[] {
  try {
    const parsed: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isAnswer) : [];
  } catch {
    return [];
  }
}

function isAnswer(item: unknown): item is PageAnswer {
  const { call, request } = (item ?? {}) as Partial<Record<keyof PageAnswer, unknown>>;
  return (
    typeof call === "string" && typeof request === "object" && request !== null && "data" in (item as object)
  );
}
