export { MemberSearchView } from "./MemberSearchView";
export type { MemberSearchRecord, MemberSearchViewProps } from "./MemberSearchView";
export { ProfileTopBar } from "./ProfileTopBar";
export type { ProfileTopBarProps } from "./ProfileTopBar";
