import { StorageKey, Theme } from "@platform/domain";
import { atom, createStore } from "jotai";
import { atomWithStorage } from "jotai/utils";

/** App state (spec §3): what is not server data. */
export const landscapeAtom = atom(false);
export const themeAtom = atomWithStorage<Theme>(StorageKey.theme, Theme.dark);
/** Dialog settings: the session-expired 'tip' dialog is the one the app opens by itself. */
export const sessionExpiredAtom = atom(false);
export const myPanelOpenAtom = atom(false);
export const orderDetailParamsAtom = atom<Readonly<Record<string, string>> | null>(null);
export const loginPopupOpenAtom = atom(false);
/** The channel of the signed-in user (spec §3: userInfo.channelTagId, default '0'). */
export const channelTagIdAtom = atom("0");

/** One store for the app, so non-React code (the API client's hooks) can set state too. */
export const appStore = createStore();
