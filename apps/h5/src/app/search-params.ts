import type { AnySchema } from "@tanstack/react-router";

/** A value as written in the URL: an old JSON-quoted string or an object is read back; the rest is text. */
function readValue(value: string): unknown {
  const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
  const structured = value.startsWith("{") || value.startsWith("[");
  if (!quoted && !structured) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * Search params as people read and share them: `/videoview?id=42`, not TanStack's default
 * JSON-in-the-URL `?id=%2242%22`, and never turned into numbers (a search for "007" stays "007").
 * Every route's validator reads strings; an object, if a route ever has one, stays JSON. A link
 * written the old way (`"42"` in quotes) still reads as "42".
 */
export function parseSearch(searchStr: string): AnySchema {
  const params = new URLSearchParams(searchStr.startsWith("?") ? searchStr.slice(1) : searchStr);
  const search: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (!(key in search)) search[key] = readValue(value);
  }
  return search;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue;
    params.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
