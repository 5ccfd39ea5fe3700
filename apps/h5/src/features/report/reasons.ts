import { useLingui } from "@lingui/react/macro";
import { ReportReason } from "@platform/domain";

/** The words of each report reason, in the current language (re-read on a language switch). */
export function useReportReasonLabels(): Readonly<Record<ReportReason, string>> {
  const { t } = useLingui();
  return {
    [ReportReason.SPAM]: t`垃圾广告`,
    [ReportReason.ABUSE]: t`辱骂攻击`,
    [ReportReason.SEXUAL]: t`色情低俗`,
    [ReportReason.ILLEGAL]: t`违法违规`,
    [ReportReason.OTHER]: t`其他`,
  };
}
