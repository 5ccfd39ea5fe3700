import { segmentSignature } from "../src/modules/media/segments";
import { badIds, badQueries, describe as describeValue } from "./fuzz";
import type { RouteCases } from "./fuzz-routes";
import { badSegments } from "./fuzz-values";

/**
 * The fuzz suite's cases for the live routes (Step 16; not in the contract): playlists, signed
 * segments, covers and the chat stream, with bad ids, paths, tokens, queries, languages and
 * signatures (Step 18: the covers' and the chat's tokens and the chat's language). No room is live
 * here, so a well-formed request is a clean 404 and none holds a stream open.
 */
export function liveRouteCases(routes: RouteCases): void {
  const { server, fx, own, plain, both } = routes;
  const tokenQuery = (auth: "user" | "anon") => (auth === "user" ? `?token=${fx.token}` : "");
  /** A `?token=` that does not hold (garbage, NUL, too long, a real one altered): as none. */
  const tokenCases = (endpoint: string, path: string, values: readonly string[]) => {
    for (const value of values) {
      plain(
        endpoint,
        "bearer",
        "bearer",
        `token=${describeValue(value.replace(fx.token, "<token>"))}`,
        ["user"],
        () => ({ method: "GET", path: `${path}?token=${value}`, headers: {} }),
      );
    }
  };
  const idCases = (endpoint: string, path: (id: string) => string) => {
    for (const id of badIds) {
      plain(endpoint, "badId", "badId:roomId", `roomId=${describeValue(id)}`, both, (auth) => ({
        method: "GET",
        path: `${path(encodeURIComponent(String(id)))}${tokenQuery(auth)}`,
        headers: {},
        raw: true,
      }));
    }
  };

  const hls = "GET /api/live/hls/:roomId/:file";
  if (own(hls, "GET", "/api/live/hls/:roomId/:file")) {
    plain(hls, "baseline", "baseline", "valid request", both, (auth) => ({
      method: "GET",
      path: `/api/live/hls/1/master.m3u8${tokenQuery(auth)}`,
      headers: {},
    }));
    idCases(hls, (id) => `/api/live/hls/${id}/master.m3u8`);
    for (const bad of [...badSegments, "r999.m3u8", "master.m3u8%00", "R0.M3U8", "master.m3u"]) {
      plain(hls, "path", "path:file", `file=${bad}`, both, (auth) => ({
        method: "GET",
        path: `/api/live/hls/1/${bad}${tokenQuery(auth)}`,
        headers: {},
        raw: true,
      }));
    }
    tokenCases(hls, "/api/live/hls/1/r0.m3u8", ["x", "%00", "a".repeat(8000), `${fx.token}x`, "%ED%A0%80"]);
    for (const query of badQueries) {
      plain(hls, "query", "query", query.slice(0, 60), both, (auth) => ({
        method: "GET",
        path: `/api/live/hls/1/master.m3u8${tokenQuery(auth) || "?"}&${query.slice(1)}`,
        headers: {},
      }));
    }
  }

  // Segments: forged and odd signatures, then validly signed odd paths (what a leaked key could do).
  const seg = "GET /api/live/seg/:roomId/:session/:rendition/:file";
  if (own(seg, "GET", "/api/live/seg/:roomId/:session/:rendition/:file")) {
    const expires = String(Math.floor(Date.now() / 1000) + 600);
    const signed = (room: string, session: string, rendition: string, file: string) => {
      const decoded = [room, session, rendition, file].map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      });
      const sig = segmentSignature(server.ctx, `live/${decoded.join("/")}`, Number(expires));
      return `/api/live/seg/${room}/${session}/${rendition}/${file}?expires=${expires}&sig=${sig}`;
    };
    const good = signed("1", "abcdefgh1234", "r0", "s1.m4s");
    plain(seg, "baseline", "baseline", "valid request (no such broadcast)", both, () => ({
      method: "GET",
      path: good,
      headers: {},
    }));
    for (const value of ["", "abc", "1e20", "-1", "99999999999999999999", "NaN", "%00"]) {
      plain(seg, "query", "query:expires", `expires=${value}`, both, () => ({
        method: "GET",
        path: good.replace(/expires=\d+/, `expires=${value}`),
        headers: {},
      }));
    }
    for (const value of ["", "forged", "%00", "a".repeat(8000)]) {
      plain(seg, "query", "query:sig", `sig=${value}`, both, () => ({
        method: "GET",
        path: good.replace(/sig=[^&]+/, `sig=${value}`),
        headers: {},
      }));
    }
    for (const id of badIds) {
      plain(seg, "badId", "badId:roomId", `roomId=${describeValue(id)} (signed)`, both, () => ({
        method: "GET",
        path: signed(encodeURIComponent(String(id)), "abcdefgh1234", "r0", "s1.m4s"),
        headers: {},
        raw: true,
      }));
    }
    for (const bad of badSegments) {
      for (const [part, make] of [
        ["session", () => signed("1", bad, "r0", "s1.m4s")],
        ["rendition", () => signed("1", "abcdefgh1234", bad, "s1.m4s")],
        ["file", () => signed("1", "abcdefgh1234", "r0", bad)],
      ] as const) {
        plain(seg, "path", `path:${part}`, `${part}=${bad} (signed)`, both, () => ({
          method: "GET",
          path: make(),
          headers: {},
          raw: true,
        }));
      }
    }
  }

  const cover = "GET /api/live/cover/:roomId/:file";
  if (own(cover, "GET", "/api/live/cover/:roomId/:file")) {
    plain(cover, "baseline", "baseline", "valid request (no such broadcast)", both, () => ({
      method: "GET",
      path: "/api/live/cover/1/abcdefgh1234.jpg",
      headers: {},
    }));
    idCases(cover, (id) => `/api/live/cover/${id}/abcdefgh1234.jpg`);
    // A paid room's live picture needs the right (`?token=`); a token that does not hold is none.
    tokenCases(cover, "/api/live/cover/1/abcdefgh1234.jpg", [
      "",
      "x",
      "%00",
      "a".repeat(8000),
      `${fx.token}x`,
      "%ED%A0%80",
    ]);
    for (const bad of [...badSegments, "x.jpg", "abcdefgh1234.png", "..%2F..%2Fcover.jpg"]) {
      plain(cover, "path", "path:file", `file=${bad}`, both, () => ({
        method: "GET",
        path: `/api/live/cover/1/${bad}`,
        headers: {},
        raw: true,
      }));
    }
  }

  const chat = "GET /api/live/chat/:roomId/events";
  if (own(chat, "GET", "/api/live/chat/:roomId/events")) {
    plain(chat, "baseline", "baseline", "valid request (no such room)", both, (auth) => ({
      method: "GET",
      path: `/api/live/chat/999999999/events${tokenQuery(auth)}`,
      headers: {},
    }));
    idCases(chat, (id) => `/api/live/chat/${id}/events`);
    // The language of the `closed` sentence (anything but en_US is Chinese) and odd tokens.
    for (const query of [
      "?language=en_US",
      "?language=xx",
      "?language=%00",
      `?language=${"a".repeat(8000)}`,
      "?language=en_US&language=zh_CN",
      "?token=x",
      "?token=%ED%A0%80",
      "?token=x&token=y",
    ]) {
      plain(chat, "query", "query", query.slice(0, 60), both, () => ({
        method: "GET",
        path: `/api/live/chat/999999999/events${query}`,
        headers: {},
      }));
    }
    for (const query of badQueries) {
      plain(chat, "query", "query", query.slice(0, 60), both, () => ({
        method: "GET",
        path: `/api/live/chat/999999999/events${query}`,
        headers: {},
      }));
    }
  }
}
