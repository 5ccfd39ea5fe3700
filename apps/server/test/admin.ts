/**
 * The operators' console in tests (Step 22): a signed-in console client for a demo operator,
 * the code their authenticator would show at the server's time, and raw calls that read the HTTP
 * status (the console's refusals are real statuses).
 */
import { createAdminClient, memoryTokens } from "@platform/api-client/admin";
import type { AdminClient, AdminEndpointName } from "@platform/api-client/admin";
import { DEMO_OPERATOR_PASSWORD, demoOperators } from "../src/seed/operators";
import { createOperator, newTotpSecret, totpOf } from "../src/modules/admin/operators";
import type { TestPlatform } from "./harness";

export type DemoLogin = (typeof demoOperators)[number]["login"];

export function secretOf(login: DemoLogin): string {
  const found = demoOperators.find((o) => o.login === login);
  if (!found) throw new Error(`no demo operator ${login}`);
  return found.totpSecret;
}

/** The code `login`'s authenticator shows at `at` (the server's clock). */
export function codeAt(secret: string, login: string, at: Date): string {
  return totpOf(secret, login).generate({ timestamp: at.getTime() });
}

/** A console client of `platform` signed in as a demo operator (password and code). */
export async function operator(
  platform: TestPlatform,
  login: DemoLogin,
): Promise<AdminClient & { readonly token: string }> {
  const tokens = memoryTokens();
  const client = createAdminClient({ baseUrl: platform.server.origin, tokens });
  const answer = await client.signIn({
    login,
    password: DEMO_OPERATOR_PASSWORD,
    code: codeAt(secretOf(login), login, platform.server.ctx.now()),
  });
  if (answer.status !== "signedIn") throw new Error(`${login} did not sign in: ${answer.status}`);
  return Object.assign(client, { token: tokens.get() ?? "" });
}

/** A console call's HTTP status and envelope, with this bearer token (or none). */
export async function rawAdmin(
  platform: TestPlatform,
  name: AdminEndpointName,
  body: unknown,
  token: string | null,
): Promise<{ status: number; body: { code?: number; msgKey?: string; data?: unknown } }> {
  const response = await fetch(`${platform.server.origin}/api/admin/${name.replace(".", "/")}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code?: number; msgKey?: string } };
}

/** A new operator of `role` with an authenticator of its own, signed in (any platform, seeded or not). */
export async function freshOperator(
  platform: TestPlatform,
  role: "reviewer" | "support" | "finance" | "admin",
): Promise<AdminClient> {
  const login = `${role}-${String(Date.now() % 1_000_000)}-${String(Math.floor(Math.random() * 1000))}`;
  const secret = newTotpSecret();
  await createOperator(platform.server.ctx, {
    login,
    name: login,
    role,
    password: DEMO_OPERATOR_PASSWORD,
    totpSecret: secret,
  });
  const client = createAdminClient({ baseUrl: platform.server.origin });
  const code = codeAt(secret, login, platform.server.ctx.now());
  await client.signIn({ login, password: DEMO_OPERATOR_PASSWORD, code });
  return client;
}
