// Live rooms (Step 16): their words are the `live` catalog, loaded with /starlive.
export { LivePlayer } from "./LivePlayer";
export type { LivePlayerProps, LivePlayerState } from "./LivePlayer";
export { LiveChat } from "./LiveChat";
export type { LiveChatMessage, LiveChatProps } from "./LiveChat";
export { LiveRoomCard } from "./LiveRoomCard";
export type { LiveRoomCardProps } from "./LiveRoomCard";
