import type { PlatformApi } from "@platform/api-client";
import { useLingui } from "@lingui/react/macro";
import { useToast } from "@platform/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useErrorText } from "../../components/useErrorText";
import { backgroundChanged } from "./queries";

/** Where a background change is: nothing going on, sending the file, saving it, or failed. */
export type BackgroundChange =
  | { readonly phase: "idle" }
  | { readonly phase: "uploading"; readonly fraction: number }
  | { readonly phase: "saving" }
  | { readonly phase: "failed"; readonly reason: string };

const idle: BackgroundChange = { phase: "idle" };

/**
 * The owner's background change: upload the picture (progress, cancellable), then make it the
 * background (modifyBgImg with the upload's key and bucket) and show it. A failure or a cancel
 * keeps the old background.
 */
export function useBackgroundChange(api: Pick<PlatformApi, "uploadFile" | "user">, userId: string) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [state, setState] = useState<BackgroundChange>(idle);
  const running = useRef<AbortController | null>(null);
  const left = useRef(false);

  // Leaving the page stops an upload, quietly.
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
      running.current?.abort();
    };
  }, []);

  const stopped = () => {
    setState(idle);
    if (!left.current) toast.show(t`已取消上传，背景未更改`);
  };

  const start = async (file: File) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: "uploading", fraction: 0 });
    try {
      const uploaded = await api.uploadFile(file, {
        uploadFileType: "PICTURE",
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ phase: "uploading", fraction: progress.fraction });
        },
      });
      if (controller.signal.aborted) {
        stopped();
        return;
      }
      // Past this point the change is the server's: it is no longer offered for cancelling.
      setState({ phase: "saving" });
      const { bgImgFileUrl } = await api.user.modifyBgImg({
        bgImgFilename: uploaded.key,
        bgImgBucket: uploaded.bucketEnum,
      });
      backgroundChanged(queryClient, userId, bgImgFileUrl);
      setState(idle);
      toast.show(t`背景已更换`, { tone: "success" });
    } catch (error) {
      if (controller.signal.aborted) {
        stopped();
        return;
      }
      setState({ phase: "failed", reason: errorText(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  return {
    state,
    start: (file: File) => {
      void start(file);
    },
    /** Stop the upload (only while the file is being sent). */
    cancel: () => {
      running.current?.abort();
    },
    /** Close the failure notice. */
    dismiss: () => {
      setState(idle);
    },
  };
}
