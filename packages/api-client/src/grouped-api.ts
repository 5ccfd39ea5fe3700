import type { ApiClient } from "./client";
import type { CallOptions } from "./client-options";
import { endpoints } from "./endpoints";
import type { EndpointName } from "./endpoints";
import type { RequestOf, ResponseOf } from "./types";

/** Every field optional (or none at all): the request may be left out. */
type Bodyless<K extends EndpointName> = string extends keyof RequestOf<K>
  ? true // the empty body (an index signature of never)
  : Partial<RequestOf<K>> extends RequestOf<K>
    ? true
    : false;

/** One endpoint as a function: the request may be left out when nothing in it is required. */
export type EndpointFunction<K extends EndpointName> =
  Bodyless<K> extends true
    ? (request?: RequestOf<K>, options?: CallOptions) => Promise<ResponseOf<K>>
    : (request: RequestOf<K>, options?: CallOptions) => Promise<ResponseOf<K>>;

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
export type EndpointGroup = GroupOf<EndpointName>;

/** The endpoints of one group of spec §7 (`client.substance.getVideoList(…)`). */
export type GroupApi<G extends EndpointGroup> = {
  readonly [K in EndpointName as K extends `${G}.${infer N}` ? N : never]: EndpointFunction<K>;
};

export type GroupedApi = { readonly [G in EndpointGroup]: GroupApi<G> };

/** Build the grouped functions (`api.user.queryInfo()`) from the endpoint table. */
export function groupedApi(client: ApiClient): GroupedApi {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const [group = "", fn = ""] = name.split(".");
    groups[group] ??= {};
    groups[group][fn] = (request?: object, options?: CallOptions) => client.call(name, request, options);
  }
  return groups as unknown as GroupedApi;
}
