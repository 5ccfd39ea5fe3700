/**
 * Live rooms (Step 16, decision 0022): the room calls of the contract, the live playlists and
 * segments, the rooms' covers, and the chat's server-sent events.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BusinessCode, WatchLevel } from "@platform/domain";
import type { AppContext } from "../../context";
import { sendSource } from "../../http/files";
import { ServerMessage, languageOf, refusal } from "../../http/messages";
import { route } from "../../http/route";
import { removeMessage, sendMessage } from "./chat";
import { liveHubOf, sseFrame } from "./hub";
import { RENDITION, SEGMENT, SESSION, liveMaster, livePlaylist, liveSegmentSecondsLeft } from "./playlists";
import {
  buyTicket,
  chatHistory,
  isLiveNow,
  lockOf,
  myRoom,
  resetMyKey,
  roomById,
  roomDetail,
  saveMyRoom,
  liveRoomList,
} from "./rooms";
import { liveSource } from "./files";
import { STILL_COVER, stationOf } from "./station";

/** A black 16 × 8 JPEG (222 bytes): a live room's cover before its broadcast has a picture. */
const NO_PICTURE_YET =
  "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAg+Pkk+SVVVVVVVVWRdZGhoaGRkZGRoaGhwcHCDg4NwcHBoaHBwfHyDg4+Tj4eHg4eTk5ubm7q6srLZ2eD/////xABLAAEBAAAAAAAAAAAAAAAAAAAACAEBAAAAAAAAAAAAAAAAAAAAABABAAAAAAAAAAAAAAAAAAAAABEBAAAAAAAAAAAAAAAAAAAAAP/AABEIAAgAEAMBIgACEQADEQD/2gAMAwEAAhEDEQA/AJ/AB//Z";

function refuse(request: FastifyRequest, reply: FastifyReply, status: BusinessCode, key: ServerMessage) {
  return reply
    .status(status)
    .header("cache-control", "no-store")
    .send(refusal(request, status, key));
}

function idOf(value: string): number | null {
  const id = Number(value);
  return /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(id) ? id : null;
}

export function liveRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rtmpPort = () => stationOf(ctx)?.port ?? null;

  route(app, ctx, "game.starLiveSdk", "public", ({ request }) => liveRoomList(ctx, request));
  route(app, ctx, "game.liveRoom", "public", ({ body, caller, request }) =>
    roomDetail(ctx, request, Number(body.roomId), caller?.userId ?? null),
  );
  route(app, ctx, "game.liveMyRoom", "user", ({ caller }) => myRoom(ctx, caller.userId, rtmpPort()));
  route(app, ctx, "game.liveSaveRoom", "user", (input) => saveMyRoom(ctx, input, rtmpPort()));
  route(app, ctx, "game.liveResetKey", "user", async ({ caller }) => {
    const { room, record } = await resetMyKey(ctx, caller.userId, rtmpPort());
    stationOf(ctx)?.keyReset(room.id, room.keyVersion);
    return record;
  });
  route(app, ctx, "game.liveBuyTicket", "user", (input) => buyTicket(ctx, input));
  route(app, ctx, "game.liveChatSend", "user", (input) => sendMessage(ctx, input));
  route(app, ctx, "game.liveChatRemove", "user", (input) => removeMessage(ctx, input));

  // Playlists: anyone for a FREE room; the caller's right otherwise (a bad token is 401, so the
  // app refreshes it; no token is someone not signed in).
  app.get("/api/live/hls/:roomId/:file", async (request, reply) => {
    const { roomId, file } = request.params as { roomId: string; file: string };
    const id = idOf(roomId);
    const rendition = /^(master|r\d{1,2})\.m3u8$/.exec(file)?.[1];
    if (id === null || rendition === undefined)
      return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const { token } = request.query as { token?: unknown };
    let userId: number | null = null;
    if (typeof token === "string" && token !== "") {
      const caller = await ctx.authenticate(`Bearer ${token}`);
      if (!caller) return refuse(request, reply, BusinessCode.unauthenticated, ServerMessage.refreshInvalid);
      userId = caller.userId;
    }
    const room = await roomById(ctx.db, id);
    if (!room) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const lockedBy = await lockOf(ctx, room, userId);
    if (lockedBy !== null)
      return refuse(
        request,
        reply,
        BusinessCode.forbidden,
        lockedBy === "SVIP" ? ServerMessage.needSuperMember : ServerMessage.liveNeedTicket,
      );
    const live = isLiveNow(ctx, room);
    const text =
      rendition === "master"
        ? live
          ? await liveMaster(ctx, room)
          : null
        : RENDITION.test(rendition)
          ? await livePlaylist(ctx, room, rendition, !live)
          : null;
    if (text === null) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    return reply
      .header("content-type", "application/vnd.apple.mpegurl")
      .header("cache-control", "private, no-store")
      .send(text);
  });

  app.get("/api/live/seg/:roomId/:session/:rendition/:file", async (request, reply) => {
    const { roomId, session, rendition, file } = request.params as Record<string, string>;
    const { expires, sig } = request.query as { expires?: string; sig?: string };
    const id = idOf(roomId ?? "");
    if (
      id === null ||
      !SESSION.test(session ?? "") ||
      !RENDITION.test(rendition ?? "") ||
      !SEGMENT.test(file ?? "")
    )
      return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const path = `${String(id)}/${session ?? ""}/${rendition ?? ""}/${file ?? ""}`;
    const maxAge = liveSegmentSecondsLeft(ctx, path, expires, sig);
    if (maxAge === null) return refuse(request, reply, BusinessCode.forbidden, ServerMessage.forbidden);
    // This process's disk (it is the ingest), else the shared store's copy (mirror.ts).
    const source = await liveSource(ctx, id, session ?? "", `${rendition ?? ""}/${file ?? ""}`);
    try {
      if (source === null) throw new Error("no such segment");
      return await sendSource(request, reply, ctx.storage, source, {
        contentType: "video/mp4",
        cacheControl: `private, max-age=${String(Math.min(maxAge, 600))}, immutable`,
      });
    } catch {
      // Left the sliding window (deleted), or the broadcast's files are gone.
      return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    }
  });

  // A live room's cover. A FREE room's is its latest picture (every 5 s), public like videos'
  // covers; a paid room's is that picture only for those who may watch it (`?token=`, read as the
  // playlists read it) and its still — the broadcast's first picture, made once — for everyone
  // else, so a cover is never a slow way of watching a paid broadcast (decision 0025).
  app.get("/api/live/cover/:roomId/:file", async (request, reply) => {
    const { roomId, file } = request.params as { roomId: string; file: string };
    const id = idOf(roomId);
    const session = /^([a-z0-9]{8,40})\.jpg$/.exec(file)?.[1];
    if (id === null || session === undefined)
      return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const room = await roomById(ctx.db, id);
    if (!room) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const free = room.watchLevel === WatchLevel.FREE;
    const { token } = request.query as { token?: unknown };
    // A picture cannot refresh a token: one that does not hold reads as none (the still).
    const caller =
      !free && typeof token === "string" && token !== "" ? await ctx.authenticate(`Bearer ${token}`) : null;
    const live = free || (await lockOf(ctx, room, caller?.userId ?? null)) === null;
    try {
      const source = await liveSource(ctx, id, session, live ? "cover.jpg" : STILL_COVER);
      // Not made yet (or gone): the placeholder below, wherever the broadcast's files are.
      if (
        source === null ||
        (source.kind === "object" && !(await ctx.storage.head(source.bucket, source.key)))
      )
        throw new Error("no picture");
      return await sendSource(request, reply, ctx.storage, source, {
        contentType: "image/jpeg",
        cacheControl: free ? "public, max-age=5" : "private, max-age=5",
      });
    } catch {
      // The broadcast of now has no picture yet (its first seconds): a black one, not kept, so a
      // room card or a poster shows no broken image and asks again. An old broadcast's is gone.
      if (room.session === session && isLiveNow(ctx, room))
        return reply
          .type("image/jpeg")
          .header("cache-control", "no-store")
          .send(Buffer.from(NO_PICTURE_YET, "base64"));
      return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    }
  });

  chatStreamRoute(app, ctx);
}

/**
 * GET /api/live/chat/{roomId}/events[?token][&language]: the room's chat as server-sent events —
 * `history` (the last 50 messages) first, then `message`, `removed`, `room` (live / ended) and
 * `online` as they happen, `access` (what this viewer needs now) when the room's access changes,
 * and `closed` (why) before the server ends it: the token ran out (decision 0025). Anyone may
 * read, a paid room's chat too (Step 19: the chat is not the paid media; sending needs the right
 * to watch); one address holds at most LIVE_CHAT_STREAMS_PER_ADDRESS streams, every process
 * together.
 */
function chatStreamRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/live/chat/:roomId/events", async (request, reply) => {
    const { roomId } = request.params as { roomId: string };
    const id = idOf(roomId);
    const room = id === null ? null : await roomById(ctx.db, id);
    if (!room) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const { token, language } = request.query as { token?: unknown; language?: unknown };
    const caller =
      typeof token === "string" && token !== "" ? await ctx.authenticate(`Bearer ${token}`) : null;
    const hub = liveHubOf(ctx);
    const place = await hub.takePlace(request.ip, room.id);
    if (place === null) return refuse(request, reply, BusinessCode.tooMany, ServerMessage.tooManyFromAddress);
    let history: Awaited<ReturnType<typeof chatHistory>>;
    try {
      history = await chatHistory(ctx.db, room.id);
    } catch (error) {
      hub.freePlace(place);
      throw error;
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
      connection: "keep-alive",
    });
    raw.write("retry: 2000\n\n");
    raw.write(sseFrame({ event: "history", data: { messages: history } }));
    raw.write(
      sseFrame({
        event: "room",
        data: { status: isLiveNow(ctx, room) ? "LIVE" : room.status === "IDLE" ? "IDLE" : "ENDED" },
      }),
    );
    const state: { left: boolean; leave: (() => void) | null } = { left: false, leave: null };
    const done = () => {
      if (state.left) return;
      state.left = true;
      state.leave?.();
      hub.freePlace(place);
    };
    raw.on("close", done);
    const leaveHub = await hub.join(room.id, {
      userId: caller?.userId ?? null,
      sessionId: caller?.sessionId ?? null,
      expiresAt: caller?.expiresAt.getTime() ?? null,
      language: languageOf(request.headers.language ?? language),
      send: (text) => {
        if (!raw.writableEnded) raw.write(text);
      },
      close: () => {
        raw.end();
      },
    });
    // Gone while joining: leave at once.
    if (state.left) leaveHub();
    else state.leave = leaveHub;
  });
}
