import type { AdminClient, AdminOperator } from "@platform/api-client/admin";
import { atom, useAtomValue } from "jotai";
import { createContext, useContext } from "react";

/** The signed-in operator (null: the sign-in screen), set by signing in and by `auth.me`. */
export const operatorAtom = atom<AdminOperator | null>(null);

export function useOperator(): AdminOperator | null {
  return useAtomValue(operatorAtom);
}

export const ClientContext = createContext<AdminClient | null>(null);

/** The console's API client (apps/admin/src/app/api.ts). */
export function useClient(): AdminClient {
  const client = useContext(ClientContext);
  if (client === null) throw new Error("useClient outside the console's provider");
  return client;
}
