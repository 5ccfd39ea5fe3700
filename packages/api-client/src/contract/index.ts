/**
 * `@platform/api-client/contract`: the zod schemas of every endpoint, for the server (which
 * validates each request against them) and for anyone who wants runtime checks. The main entry
 * uses their types only.
 */
export * from "./common";
export * from "./auth";
export * from "./user";
export * from "./system";
export * from "./tracking";
export * from "./trade";
export * from "./substance";
export * from "./social";
export { schemas } from "./schemas";
export * from "./page-data";
export * from "./page-session";
export { definedHere } from "./defined";
export type { EndpointSchema } from "./schemas";
export { endpoints } from "../endpoints";
export type { CallKind, EndpointDef, EndpointName, HttpMethod } from "../endpoints";
export { decryptReq, encryptReq, MAX_PASSWORD_BYTES } from "../crypto";
