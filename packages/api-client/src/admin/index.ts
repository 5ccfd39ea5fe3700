/**
 * `@platform/api-client/admin`: the operators' console's calls (Step 22) — a client on ky, the
 * roles and what each reaches, and the schemas the server validates every `/api/admin/` call with.
 * A separate entry: the H5 app never imports it, so its bundle does not carry it.
 */
export { createAdminClient, memoryTokens, storedTokens } from "./client";
export type { AdminClient, AdminClientOptions, CallOptions, TokenStore } from "./client";
export { adminAccess, adminEndpointNames, adminPath } from "./access";
export type { AdminAccess, AdminEndpointName } from "./access";
export { adminSchemas, ZReason } from "./contract";
export { ReportResolution, ReportTargetKind } from "./records";
export type { AdminParsed, AdminRequest, AdminResponse } from "./contract";
export type {
  AdminLiveRoom,
  AdminOperator,
  Adjustment,
  AuditEntry,
  DayFigures,
  OrderRow,
  PersonProfile,
  QueuedVideo,
  ReportGroup,
  ReviewDetail,
} from "./records";
export { mayDo, OperatorRole, operatorRoles, Permission, permissions, rolePermissions } from "./roles";
export { ApiError, isApiError } from "../errors";
