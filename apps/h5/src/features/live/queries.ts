import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { queryOptions } from "@tanstack/react-query";

/** The calls of the live screens (a narrow slice, so tests can hand in a fake). */
export interface LiveApi {
  readonly game: Pick<
    PlatformApi["game"],
    | "starLiveSdk"
    | "liveRoom"
    | "liveMyRoom"
    | "liveSaveRoom"
    | "liveResetKey"
    | "liveBuyTicket"
    | "liveChatSend"
    | "liveChatRemove"
  >;
}

export type LiveRoomList = ResponseOf<"game.starLiveSdk">;
export type LiveRoomDetail = ResponseOf<"game.liveRoom">;
export type MyLiveRoom = ResponseOf<"game.liveMyRoom">;

export const liveKeys = {
  all: ["live"] as const,
  list: () => [...liveKeys.all, "list"] as const,
  room: (roomId: string) => [...liveKeys.all, "room", roomId] as const,
  mine: () => [...liveKeys.all, "mine"] as const,
};

/** The rooms, read again every 15 s while the list is shown (rooms go live and end by themselves). */
export function liveListQueryOptions(api: LiveApi) {
  return queryOptions({
    queryKey: liveKeys.list(),
    queryFn: ({ signal }) => api.game.starLiveSdk({}, { signal }),
    refetchInterval: 15_000,
    staleTime: 5_000,
  });
}

export function liveRoomQueryOptions(api: LiveApi, roomId: string) {
  return queryOptions({
    queryKey: liveKeys.room(roomId),
    queryFn: ({ signal }) => api.game.liveRoom({ roomId }, { signal }),
    staleTime: 0,
  });
}

export function myLiveRoomQueryOptions(api: LiveApi) {
  return queryOptions({
    queryKey: liveKeys.mine(),
    queryFn: ({ signal }) => api.game.liveMyRoom({}, { signal }),
    staleTime: 0,
  });
}
