import { segmentSignature } from "../src/modules/media/segments";
import { badIds, badQueries, describe as describeValue } from "./fuzz";
import type { RouteCases } from "./fuzz-routes";
import { badSegments } from "./fuzz-values";

/**
 * The fuzz suite's cases for the media routes (not in the contract): playlists, signed segments,
 * covers and uploaded pictures, against the URLs the fixtures name.
 */
export function mediaRouteCases(routes: RouteCases): void {
  const { server, fx, own, userHeaders, plain, both, rangeCases } = routes;
  // Playlists: the token rides in the query.
  const hls = "GET /api/media/hls/:videoId/:file";
  if (own(hls, "GET", "/api/media/hls/:videoId/:file")) {
    const [, , , , videoId = "", file = ""] = fx.playlistPath.split("/");
    const tokenQuery = (auth: "user" | "anon") => (auth === "user" ? `?token=${fx.token}` : "");
    plain(hls, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: `${fx.playlistPath}${tokenQuery(auth)}`,
      headers: {},
    }));
    // The video's master playlist (Step 23) is the same route under another name.
    plain(hls, "baseline", "baseline", "master playlist", both, (auth) => ({
      method: "GET",
      path: `/api/media/hls/${videoId}/master.m3u8${tokenQuery(auth)}`,
      headers: {},
    }));
    for (const id of badIds) {
      const segment = encodeURIComponent(String(id));
      for (const name of [file, "master.m3u8"]) {
        plain(hls, "badId", "badId:videoId", `videoId=${describeValue(id)} (${name})`, both, (auth) => ({
          method: "GET",
          path: `/api/media/hls/${segment}/${name}${tokenQuery(auth)}`,
          headers: {},
          raw: true,
        }));
      }
    }
    for (const bad of [
      ...badSegments,
      "9999p.m3u8",
      "360p.m3u8%00",
      "360P.M3U8",
      "master.m3u8%00",
      "MASTER.m3u8",
      "master.m3u8.m3u8",
      "99999999999999999999p.m3u8",
      "1e400p.m3u8",
    ]) {
      plain(hls, "path", "path:file", `file=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/hls/${videoId}/${bad}${tokenQuery(auth)}`,
        headers: {},
        raw: true,
      }));
      plain(hls, "path", "path:videoId", `videoId=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/hls/${bad}/${file}${tokenQuery(auth)}`,
        headers: {},
        raw: true,
      }));
    }
    for (const value of [
      "",
      "x",
      "%00",
      "a".repeat(8000),
      `${fx.token}x`,
      `${fx.token}&token=${fx.token}`,
      `${fx.token}%00`,
      "%ED%A0%80",
    ]) {
      const detail = `token=${describeValue(value.replace(fx.token, "<token>"))}`;
      plain(hls, "bearer", "bearer", detail, ["user"], () => ({
        method: "GET",
        path: `${fx.playlistPath}?token=${value}`,
        headers: {},
      }));
    }
    for (const query of badQueries) {
      plain(hls, "query", "query", query.slice(0, 60), both, (auth) => ({
        method: "GET",
        path: `${fx.playlistPath}${tokenQuery(auth) || "?"}&${query.slice(1)}`,
        headers: {},
      }));
    }
  }

  // Segments: signatures checked first, then validly signed odd paths (what a leaked key could do).
  const seg = "GET /api/media/seg/:videoId/:rendition/:file";
  if (own(seg, "GET", "/api/media/seg/:videoId/:rendition/:file")) {
    const url = new URL(fx.segmentPath, "http://x");
    const [, , , , videoId = "", rendition = "", file = ""] = url.pathname.split("/");
    const expires = url.searchParams.get("expires") ?? "";
    plain(seg, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: fx.segmentPath,
      headers: userHeaders(auth),
    }));
    for (const value of [
      "",
      "abc",
      "1e20",
      "-1",
      "0",
      "1.5",
      "99999999999999999999",
      "NaN",
      "Infinity",
      "%00",
    ]) {
      plain(seg, "query", "query:expires", `expires=${value}`, both, (auth) => ({
        method: "GET",
        path: fx.segmentPath.replace(/expires=\d+/, `expires=${value}`),
        headers: userHeaders(auth),
      }));
    }
    for (const value of ["", "forged", "%00", "a".repeat(8000)]) {
      plain(seg, "query", "query:sig", `sig=${value}`, both, (auth) => ({
        method: "GET",
        path: fx.segmentPath.replace(/sig=[^&]+/, `sig=${value}`),
        headers: userHeaders(auth),
      }));
    }
    const signed = (v: string, r: string, f: string, e: string) => {
      const decoded = [v, r, f].map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      });
      const sig = segmentSignature(server.ctx, decoded.join("/"), Number(e));
      return `/api/media/seg/${v}/${r}/${f}?expires=${e}&sig=${sig}`;
    };
    for (const id of badIds) {
      const v = encodeURIComponent(String(id));
      plain(seg, "badId", "badId:videoId", `videoId=${describeValue(id)} (signed)`, both, (auth) => ({
        method: "GET",
        path: signed(v, rendition, file, expires),
        headers: userHeaders(auth),
        raw: true,
      }));
    }
    for (const bad of badSegments) {
      plain(seg, "path", "path:rendition", `rendition=${bad} (signed)`, both, (auth) => ({
        method: "GET",
        path: signed(videoId, bad, file, expires),
        headers: userHeaders(auth),
        raw: true,
      }));
      plain(seg, "path", "path:file", `file=${bad} (signed)`, both, (auth) => ({
        method: "GET",
        path: signed(videoId, rendition, bad, expires),
        headers: userHeaders(auth),
        raw: true,
      }));
    }
    plain(seg, "query", "query:expires", "expires=2^53-1 (signed)", both, (auth) => ({
      method: "GET",
      path: signed(videoId, rendition, file, String(Number.MAX_SAFE_INTEGER)),
      headers: userHeaders(auth),
    }));
    rangeCases(seg, fx.segmentPath);
  }

  // Covers: public files by folder and name.
  const covers = "GET /api/media/covers/:folder/:file";
  if (own(covers, "GET", "/api/media/covers/:folder/:file")) {
    const [, , , , folder = "", file = ""] = fx.coverPath.split("/");
    plain(covers, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: fx.coverPath,
      headers: userHeaders(auth),
    }));
    for (const bad of badSegments) {
      plain(covers, "path", "path:folder", `folder=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/covers/${bad}/${file}`,
        headers: userHeaders(auth),
        raw: true,
      }));
      plain(covers, "path", "path:file", `file=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/covers/${folder}/${bad}`,
        headers: userHeaders(auth),
        raw: true,
      }));
    }
    rangeCases(covers, fx.coverPath);
  }

  // Uploaded pictures by bucket and key.
  const files = "GET /api/media/files/:bucket/*";
  if (own(files, "GET", "/api/media/files/:bucket/*")) {
    const path = `/api/media/files/${fx.bgBucket}/${fx.bgKey}`;
    plain(files, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path,
      headers: userHeaders(auth),
    }));
    for (const bad of [...badSegments, "PUBLIC%00", "VIDEO", "public"]) {
      plain(files, "path", "path:bucket", `bucket=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/files/${bad}/${fx.bgKey}`,
        headers: userHeaders(auth),
        raw: true,
      }));
      plain(files, "path", "path:key", `key=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/files/${fx.bgBucket}/${bad}`,
        headers: userHeaders(auth),
        raw: true,
      }));
      plain(files, "path", "path:key", `key=…/${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/media/files/${fx.bgBucket}/${fx.bgKey.split("/").slice(0, -1).join("/")}/${bad}`,
        headers: userHeaders(auth),
        raw: true,
      }));
    }
    rangeCases(files, path);
  }
}
