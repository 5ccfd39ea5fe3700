import { channelTagIdOf } from "@platform/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { channelTagIdAtom, orderDetailParamsAtom } from "../../app/state";
import { useApi } from "../../app/useApi";
import { pauseUpload, useLiveUploads } from "../posting/uploads";

const settledPhases = new Set(["done", "failed", "cancelled", "paused"]);

/**
 * After the session became another account's (a switch, an identity card scanned while signed in):
 * nothing of the account left may show. Its video uploads of this tab pause (they would go on with
 * the new account's token; its drafts keep them for its return), the query cache loses everything
 * of it, the per-user app state follows the new user (channel; search history and drafts are read
 * under the signed-in user's id), and the app goes to `to`.
 */
export function useAccountChange(): (previousId: string | null, to: string) => Promise<void> {
  const router = useRouter();
  const api = useApi();
  const queryClient = useQueryClient();
  const setChannel = useSetAtom(channelTagIdAtom);
  const setOrderDetail = useSetAtom(orderDetailParamsAtom);
  const uploads = useLiveUploads();
  const uploadsRef = useRef(uploads);
  useEffect(() => {
    uploadsRef.current = uploads;
  });

  return async (previousId, to) => {
    if (previousId !== null) {
      for (const upload of uploadsRef.current.values()) {
        if (upload.owner === previousId && !settledPhases.has(upload.phase))
          pauseUpload(upload.owner, upload.slot);
      }
    }
    await queryClient.cancelQueries();
    // What no screen shows is dropped (as `queryClient.clear()` does); what the screen on view shows
    // is emptied and asked again as the new account: a cleared cache would leave mounted queries
    // showing the old answers (their observers keep the removed queries).
    queryClient.removeQueries({ type: "inactive" });
    void queryClient.resetQueries({ type: "active" }).catch(() => undefined);
    const userInfo = api.client.userInfo;
    setChannel(channelTagIdOf(userInfo));
    setOrderDetail(null);
    await router.navigate({ href: to, replace: true });
    // The page left behind (and the queries it asked for on its way out) goes too, once the new
    // page has mounted its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
    queryClient.removeQueries({ type: "inactive" });
  };
}
