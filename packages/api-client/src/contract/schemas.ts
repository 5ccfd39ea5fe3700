import type { z } from "zod";
import type { EndpointName } from "../endpoints";
import { authSchemas } from "./auth";
import { socialSchemas } from "./social";
import { substanceSchemas } from "./substance";
import { systemSchemas } from "./system";
import { trackingSchemas } from "./tracking";
import { tradeSchemas } from "./trade";
import { userSchemas } from "./user";

export interface EndpointSchema {
  readonly request: z.ZodType;
  readonly response: z.ZodType;
}

/** The request and response schema of every endpoint, by the endpoint table's names. */
export const schemas = {
  ...authSchemas,
  ...userSchemas,
  ...systemSchemas,
  ...trackingSchemas,
  ...tradeSchemas,
  ...substanceSchemas,
  ...socialSchemas,
} as const satisfies Readonly<Record<EndpointName, EndpointSchema>>;

// The table and the schemas name exactly the same endpoints: an extra schema fails here.
type Extra = Exclude<keyof typeof schemas, EndpointName>;
export const schemasMatchEndpoints: [Extra] extends [never] ? true : Extra = true;
