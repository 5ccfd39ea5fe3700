export { useReport } from "./useReport";
export type { ReportFlow, ReportSubject } from "./useReport";
export { useReportReasonLabels } from "./reasons";
