import { adminAccess, adminEndpointNames, adminPath, adminSchemas } from "@platform/api-client/admin";
import { fieldsOf, mutationsOf, validValue } from "./fuzz";
import type { Payload, Rng, ZodLike } from "./fuzz";
import type { Case } from "./fuzz-setup";

/** Ids and numbers of rows that do not exist: a valid request changes nothing (a clean 404 or 409). */
const NOTHING = "999999999";
const hints: Readonly<Record<string, unknown>> = {
  videoId: NOTHING,
  userId: NOTHING,
  roomId: NOTHING,
  messageId: NOTHING,
  targetId: NOTHING,
  id: NOTHING,
  orderNum: "R000000000000",
  login: "nobody",
  password: "fuzz-password",
  reason: "fuzz",
  amount: 100,
};

/** Mutations sent per console call (each as an administrator and as nobody). */
const ADMIN_CASES_PER_CALL = 16;

/** The body of a payload as bytes and its content type. */
function bodyOf(payload: Payload): { body: Buffer; type: string } {
  if ("json" in payload) return { body: Buffer.from(JSON.stringify(payload.json)), type: "application/json" };
  if ("text" in payload) return { body: Buffer.from(payload.text), type: "application/json" };
  return { body: payload.bytes, type: "application/json" };
}

/**
 * The operators' console's calls (Step 22), every mutation their schemas allow, as an operator who
 * may make every call (`user`: the fixtures' administrator) and as nobody (`anon`). Signing out is
 * left out: it would end the administrator's session for the cases after it.
 */
export function adminCases(rng: Rng, adminToken: string, served: string[]): Case[] {
  const cases: Case[] = [];
  for (const name of adminEndpointNames) {
    if (name === "auth.signOut") continue;
    const endpoint = `POST ${adminPath(name)}`;
    served.push(endpoint);
    const schema = adminSchemas[name].request as unknown as ZodLike;
    const baseline = validValue(schema, hints) as Record<string, unknown>;
    // A sample per call (the console's 43 calls share one scope, one route helper and one
    // validation path): every call's baseline and a shuffled few of its mutations.
    const all = mutationsOf(rng, baseline, fieldsOf(schema));
    const [first, ...rest] = all;
    const chosen =
      first === undefined ? [] : [first, ...rng.shuffle(rest).slice(0, ADMIN_CASES_PER_CALL - 1)];
    for (const mutation of chosen) {
      const auths = adminAccess[name] === "public" ? (["anon"] as const) : (["user", "anon"] as const);
      cases.push({
        endpoint,
        kind: mutation.kind,
        group: mutation.group,
        detail: mutation.detail,
        auths,
        build: (auth) => {
          const { body, type } = bodyOf(mutation.payload);
          return Promise.resolve({
            endpoint,
            kind: mutation.kind,
            detail: mutation.detail,
            auth,
            method: "POST",
            path: adminPath(name),
            headers: {
              "content-type": type,
              ...(auth === "user" ? { authorization: `Bearer ${adminToken}` } : {}),
            },
            body,
          });
        },
      });
    }
  }
  return cases;
}
