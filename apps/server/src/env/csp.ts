import { z } from "zod";
import type { CspSettings } from "../http/security-headers";
import { group, listOf, matching, orElse, orNull, setting } from "./setting";
import type { Read } from "./setting";

/**
 * A scheme, a host (optionally `*.` for its subdomains) and a port: nothing else. A quote, a
 * semicolon, a comma or a space inside an entry could add keywords or directives to the policy.
 */
const cspOrigin =
  /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i;

function isOrigin(entry: string): boolean {
  const port = /:(\d+)$/.exec(entry)?.[1];
  return cspOrigin.test(entry) && (port === undefined || Number(port) <= 65535);
}

/** Space- or comma-separated origins (lower-cased, once each; none when unset). */
const origins = orElse(
  listOf(matching(isOrigin, "is not an origin like https://cdn.example.com")).transform((entries) => [
    ...new Set(entries.map((entry) => entry.toLowerCase())),
  ]),
  [],
);

/** An http(s) URL or a path of this server, with nothing that could end the directive. */
const reportUri = z
  .string()
  .refine(
    (value) =>
      !/[\s;,'"]/.test(value) && /^(?:https?:\/\/[^/]|\/)/i.test(value) && URL.canParse(value, "http://x"),
    { error: "must be an http(s) URL or a path starting with /" },
  );

/** Sources the Content-Security-Policy allows beyond this server (`src/http/security-headers.ts`). */
export const cspSettings = {
  connectSrc: setting("CSP_CONNECT_SRC", origins, {
    default: "none",
    description:
      "origins the app may call besides this server (`connect-src`: payment APIs, `wss://` sockets)",
  }),
  imgSrc: setting("CSP_IMG_SRC", origins, {
    default: "none",
    description: "origins pictures may come from besides this server (`img-src`: object storage, a CDN)",
  }),
  mediaSrc: setting("CSP_MEDIA_SRC", origins, {
    default: "none",
    description: "origins video may come from besides this server (`media-src`: a CDN for segments)",
  }),
  frameSrc: setting("CSP_FRAME_SRC", origins, {
    default: "none",
    description: "origins the app may frame (`frame-src`: a payment page); none: `frame-src 'none'`",
  }),
  reportUri: setting("CSP_REPORT_URI", orNull(reportUri), {
    default: "—",
    description: "where browsers report CSP violations (`report-uri`): an http(s) URL or a path here",
  }),
};

export const cspGroup = group("Content-Security-Policy", cspSettings);

/** `uploadOrigins`: where browsers send uploads besides this server (the bucket, with S3). */
export function cspOf(read: Read, uploadOrigins: readonly string[]): CspSettings {
  const s = cspSettings;
  return {
    connectSrc: [...new Set([...read(s.connectSrc), ...uploadOrigins])],
    imgSrc: read(s.imgSrc),
    mediaSrc: read(s.mediaSrc),
    frameSrc: read(s.frameSrc),
    reportUri: read(s.reportUri),
  };
}
