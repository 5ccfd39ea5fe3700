import type { PlatformApi, ResponseOf } from "@platform/api-client";
import type { WatchLevel } from "@platform/domain";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { failed, succeeded } from "../../app/mutation-events";
import type { MutationEvents } from "../../app/mutation-events";
import { useApi } from "../../app/useApi";
import { moneyMoved } from "../trade/queries/money";
import { useIntentKey } from "../trade/refusals";

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

/** Reading a room again (it went live or ended, its access changed, its playlist refused us). */
export function useReadRoomAgain(roomId: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: liveKeys.room(roomId) }),
    [queryClient, roomId],
  );
}

/**
 * A ticket to a room (quiet: the screen toasts a refusal; one Idempotency-Key per intent); then the
 * room (now watchable), the balances and the money screens' data are read again.
 */
export function useBuyTicketMutation(roomId: string, on: MutationEvents = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: () =>
      api.game.liveBuyTicket({ roomId }, { quiet: true, idempotencyKey: intent.keyFor({ roomId }) }),
    onSuccess: async (answer) => {
      intent.settle();
      await succeeded(on, answer, undefined, () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: liveKeys.room(roomId) }),
          moneyMoved(queryClient),
        ]),
      );
    },
    onError: async (error) => {
      intent.settle(error);
      await failed(on, error, undefined);
    },
  });
}

export interface MyRoomSettings {
  readonly title: string;
  readonly watchLevel: WatchLevel;
  readonly price: number;
}

/** A change of one's own room: the room the server answers is stored. */
function useMyRoomMutation<TVariables>(
  call: (api: PlatformApi, variables: TVariables) => Promise<MyLiveRoom>,
  on: MutationEvents<MyLiveRoom, TVariables>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => call(api, variables),
    onSuccess: async (room, variables) => {
      queryClient.setQueryData(liveKeys.mine(), room);
      await succeeded(on, room, variables);
    },
    onError: (error, variables) => failed(on, error, variables),
  });
}

/** Saving one's own room's title and who may watch (quiet: the screen words a refusal). */
export function useSaveMyRoomMutation(on: MutationEvents<MyLiveRoom, MyRoomSettings> = {}) {
  return useMyRoomMutation((api, body: MyRoomSettings) => api.game.liveSaveRoom(body, { quiet: true }), on);
}

/** A new stream key for one's own room (the old one stops working). */
export function useResetStreamKeyMutation(on: MutationEvents<MyLiveRoom> = {}) {
  return useMyRoomMutation((api) => api.game.liveResetKey({}, { quiet: true }), on);
}
