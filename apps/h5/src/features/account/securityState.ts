import { StorageKey } from "@platform/domain";
import { atom } from "jotai";

/**
 * The ticket /editphone got for the verified old phone (`user.verifyPhone`), which /bindphone
 * spends on the new number. Kept in memory only: a reload starts the change again.
 */
export interface PhoneTicket {
  readonly ticket: string;
  /** When it stops working (ms since the epoch, by this device's clock). */
  readonly expiresAt: number;
}

export const phoneTicketAtom = atom<PhoneTicket | null>(null);

/** Whether a ticket can still be used at `now`. */
export function isTicketLive(ticket: PhoneTicket, now: number = Date.now()): boolean {
  return ticket.expiresAt > now;
}

/** What stays on the device after the account is deleted: the reader's language and theme. */
const kept: ReadonlySet<string> = new Set([StorageKey.language, StorageKey.theme]);

interface KeyedStorage {
  readonly length: number;
  key(index: number): string | null;
  removeItem(key: string): void;
}

function clearExceptKept(storage: KeyedStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && !kept.has(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * Forget what this device kept of the deleted account: every local and session storage entry but
 * the language and the theme (drafts, search history, tokens, the user). Private modes may refuse
 * access: nothing is left to clear then.
 */
export function clearDeviceStorage(): void {
  for (const name of ["localStorage", "sessionStorage"] as const) {
    try {
      clearExceptKept(globalThis[name]);
    } catch {
      // Storage not available (private mode, blocked cookies): nothing was kept there.
    }
  }
}
