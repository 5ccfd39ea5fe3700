// Video cards and lists (spec §2 'Video row card', 'Video lists').
export type { VideoCardData } from "./types";
export { LevelBadge } from "./LevelBadge";
export type { LevelBadgeProps } from "./LevelBadge";
export { VideoGridCard } from "./VideoGridCard";
export type { VideoGridCardProps } from "./VideoGridCard";
export { VideoRowCard, SWIPE_DELETE_WIDTH } from "./VideoRowCard";
export type { VideoRowCardProps } from "./VideoRowCard";
export { SearchRowCard } from "./SearchRowCard";
export type { SearchRowCardProps } from "./SearchRowCard";
export { VideoGridCardSkeleton, VideoRowCardSkeleton, SearchRowCardSkeleton } from "./VideoCardSkeleton";
export { VideoGrid, VideoRowList, SearchRowList } from "./VideoLists";
export type { VideoGridProps, VideoRowListProps, SearchRowListProps } from "./VideoLists";
export { formatPlayCount } from "./format";
export { usePlaysText } from "./CardParts";
