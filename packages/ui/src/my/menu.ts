import { MenuConfigType } from "@platform/domain";
import type { MenuItem } from "@platform/domain";
import type { IconName } from "../icons/Icon";

/**
 * Where the 'my' panel sends the user. The app maps each destination to its route
 * (e.g. "myHistory" → /myHistory, "orderManage" → /orderManage?tab=…, "messages" → the message centre).
 */
export type MyPanelTarget =
  /** 'go to super VIP' under the VIP tag (non-VIPs only). */
  | "superVip"
  /** 'charge account' shortcut and Finance › recharge. */
  | "recharge"
  /** 'renew member' shortcut (VIPs that are not permanent). */
  | "renew"
  /** 'open super VIP' shortcut (non-VIPs). */
  | "openVip"
  | "myBuy"
  | "myCollection"
  | "myHistory"
  | "orderManage"
  | "withdraw"
  | "cardManage"
  | "buySuperVip"
  | "settings"
  | "idCard"
  /** The message centre entry. */
  | "messages"
  /** The first row's '+ post a video' (the editor of a new post). */
  | "postVideo"
  /** The first row's 'my works' (one's own creation centre, every status). */
  | "myWorks";

/** A menu entry: its `figmaKey` is the key the server lists among the allowed menu keys. */
export interface MyPanelMenuItem extends MenuItem {
  readonly figmaKey: MyPanelMenuKey;
  readonly target: MyPanelTarget;
}

/** A section of the configurable menu: the menu-config `type` it is asked for, and its entries. */
export interface MyPanelMenuSection extends MenuItem {
  readonly figmaKey: MyPanelSectionKey;
  readonly type: MenuConfigType;
  readonly icon: IconName;
  readonly children: readonly MyPanelMenuItem[];
}

export type MyPanelMenuKey =
  | "myBuy"
  | "myCollection"
  | "orderManage"
  | "recharge"
  | "withdraw"
  | "cardManage"
  | "buySuperVip"
  | "settings"
  | "idCard";

export type MyPanelSectionKey = "video" | "finance" | "recommend" | "more";

/**
 * The server-configurable part of the 'my' menu (spec §2), in panel order. Entry keys are the
 * `figmaKey`s of the menu configuration (the server's seed uses the same ones); a section whose
 * entries are all disallowed is dropped by `filterMenu`. 'History record' and 'switch account' are
 * not configurable: the panel always shows them (history between Video and Finance, switch account
 * last).
 */
export const myPanelMenu: readonly MyPanelMenuSection[] = [
  {
    figmaKey: "video",
    type: MenuConfigType.VIDEO,
    icon: "play",
    children: [
      { figmaKey: "myBuy", target: "myBuy" },
      { figmaKey: "myCollection", target: "myCollection" },
    ],
  },
  {
    figmaKey: "finance",
    type: MenuConfigType.ACCOUNT,
    icon: "wallet",
    children: [
      { figmaKey: "orderManage", target: "orderManage" },
      { figmaKey: "recharge", target: "recharge" },
      { figmaKey: "withdraw", target: "withdraw" },
    ],
  },
  {
    figmaKey: "recommend",
    type: MenuConfigType.RECOMMEND,
    icon: "star",
    children: [
      { figmaKey: "cardManage", target: "cardManage" },
      { figmaKey: "buySuperVip", target: "buySuperVip" },
    ],
  },
  {
    figmaKey: "more",
    type: MenuConfigType.MORE,
    icon: "settings",
    children: [
      { figmaKey: "settings", target: "settings" },
      { figmaKey: "idCard", target: "idCard" },
    ],
  },
];

/** Every entry key of the configurable menu (handy for a user allowed everything). */
export const myPanelMenuKeys: readonly MyPanelMenuKey[] = myPanelMenu.flatMap((s) =>
  s.children.map((c) => c.figmaKey),
);
