import { mayDo } from "@platform/api-client/admin";
import { useOperator } from "../app/context";

/** Rows per page of the money desk's lists. */
export const SIZE = 20;

/** Whether the signed-in operator may move money (finance, admin), not only read it. */
export function useMayAct(): boolean {
  const me = useOperator();
  return me !== null && mayDo(me.role, "moneyAct");
}
