import type { VideoDetail } from "@platform/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { videoKeys } from "./queries";

/**
 * Writes what a call answered (like, collect, follow, comment counts) into the cached video, so
 * the screen shows the server's state without asking again. A function change reads the cached one.
 */
export function usePatchVideo(
  videoId: string,
): (change: Partial<VideoDetail> | ((video: VideoDetail) => Partial<VideoDetail>)) => void {
  const queryClient = useQueryClient();
  return (change) => {
    queryClient.setQueryData<VideoDetail>(videoKeys.info(videoId), (previous) =>
      previous === undefined
        ? previous
        : { ...previous, ...(typeof change === "function" ? change(previous) : change) },
    );
  };
}
