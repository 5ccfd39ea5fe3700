import { GAME_SIGNATURE_HEADER, sandboxGameSecret } from "../src/providers/games/protocol";
import { sign } from "../src/providers/payments/signature";
import type { TestPlatform } from "./harness";

/**
 * A call of the seamless wallet as the game provider makes it: the body signed with the sandbox
 * provider's secret (or `secret`), to the platform's server (or `origin`, another process).
 */
export async function walletCall(
  platform: TestPlatform,
  call: string,
  body: object,
  options: { readonly secret?: string; readonly origin?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const raw = JSON.stringify(body);
  const secret = options.secret ?? sandboxGameSecret(platform.server.ctx.secrets.signingKey);
  const response = await fetch(`${options.origin ?? platform.server.origin}/api/game/wallet/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json", [GAME_SIGNATURE_HEADER]: sign(secret, raw, new Date()) },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
