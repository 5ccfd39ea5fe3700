import type { RequestOf } from "@platform/api-client";
import { useMutation } from "@tanstack/react-query";
import type { MutationEvents } from "../../app/mutation-events";
import { useApi } from "../../app/useApi";

export type ReportRequest = RequestOf<"system.report">;

/** Sending a report (a failure is the api client's toast); nothing cached changes. */
export function useReportMutation(on: MutationEvents<unknown, ReportRequest> = {}) {
  const api = useApi();
  return useMutation({
    mutationFn: (request: ReportRequest) => api.system.report(request),
    onSuccess: (answer, request) => on.onSuccess?.(answer, request),
    onError: (error, request) => on.onError?.(error, request),
  });
}
