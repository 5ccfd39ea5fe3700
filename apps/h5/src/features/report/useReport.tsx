import { useLingui } from "@lingui/react/macro";
import { reportReasons } from "@platform/domain";
import type { ReportTarget } from "@platform/domain";
import { ActionSheet, useToast } from "@platform/ui";
import { useCallback, useState } from "react";
import type { ReactNode } from "react";
import { useReportMutation } from "./queries";
import { useReportReasonLabels } from "./reasons";

/** What is reported: a comment, a user's profile or a video, by its id. */
export interface ReportSubject {
  readonly type: ReportTarget;
  readonly id: string;
}

export interface ReportFlow {
  /** Opens the reasons sheet for this subject; choosing a reason sends the report. */
  readonly report: (target: ReportSubject) => void;
  /** The sheet: render it once, anywhere in the caller's tree. */
  readonly element: ReactNode;
}

/**
 * The shared Report flow (comment sheets, others' profiles, videos): a sheet of reasons with cancel;
 * a reason sends `system.report` and says so in a toast. A failure is toasted by the api client.
 */
export function useReport(): ReportFlow {
  const { t } = useLingui();
  const toast = useToast();
  const labels = useReportReasonLabels();
  const [subject, setSubject] = useState<ReportSubject | null>(null);

  const send = useReportMutation({
    onSuccess: () => {
      toast.show(t`举报成功，我们会尽快处理`, { tone: "success" });
    },
  });
  const { mutate } = send;

  const report = useCallback((target: ReportSubject) => {
    setSubject({ type: target.type, id: target.id });
  }, []);

  const element = (
    <ActionSheet
      open={subject !== null}
      onClose={() => {
        setSubject(null);
      }}
      title={t`请选择举报原因`}
      actions={reportReasons.map((reason) => ({
        key: reason,
        label: labels[reason],
        onSelect: () => {
          if (subject === null) return;
          mutate({ targetType: subject.type, targetId: subject.id, reason });
        },
      }))}
    />
  );

  return { report, element };
}
