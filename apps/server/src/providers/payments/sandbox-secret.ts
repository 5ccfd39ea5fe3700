import { createHmac } from "node:crypto";
import type { PaymentChannel } from "./provider";

/** The secret the sandbox shares with the platform for a channel, derived from the signing key. */
export function sandboxSecret(signingKey: string, channel: PaymentChannel): string {
  return createHmac("sha256", signingKey).update(`sandbox-pay:${channel}`).digest("base64url");
}
