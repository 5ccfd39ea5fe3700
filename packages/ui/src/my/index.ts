export { Avatar } from "./Avatar";
export type { AvatarProps } from "./Avatar";
export { myPanelMenu, myPanelMenuKeys } from "./menu";
export type {
  MyPanelMenuItem,
  MyPanelMenuKey,
  MyPanelMenuSection,
  MyPanelSectionKey,
  MyPanelTarget,
} from "./menu";
export { MyPanel } from "./MyPanel";
export type {
  MyPanelActivityProps,
  MyPanelBalances,
  MyPanelHelp,
  MyPanelProps,
  MyPanelSwitchAccount,
  MyPanelUser,
} from "./MyPanel";
export { SwitchAccountPanel } from "./SwitchAccountPanel";
export type { SwitchAccountEntry, SwitchAccountPanelProps } from "./SwitchAccountPanel";
