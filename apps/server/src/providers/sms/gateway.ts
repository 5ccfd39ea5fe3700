import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/database";
import { sandboxOutbox } from "../../db/schema";
import type { ProviderFailed } from "../observe";

/** An SMS provider: sends one verification code to one phone. */
export interface SmsGateway {
  readonly sandbox: boolean;
  sendCode(mobile: string, purpose: string, code: string): Promise<void>;
}

/**
 * The sandbox behaves like the gateway without sending anything: it keeps each message in its own
 * outbox (a table, so several server processes and restarts see the same), writes it to the log,
 * and lets the app's own tests read the last code through a sandbox-only route.
 */
export class SandboxSmsGateway implements SmsGateway {
  readonly sandbox = true;
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void,
  ) {}

  async sendCode(mobile: string, purpose: string, code: string): Promise<void> {
    await this.db.insert(sandboxOutbox).values({ mobile, purpose, code });
    this.log(`sms sandbox: ${purpose} code for ${mobile} is ${code}`);
  }

  async lastCode(mobile: string): Promise<{ code: string; purpose: string } | null> {
    const [row] = await this.db
      .select({ code: sandboxOutbox.code, purpose: sandboxOutbox.purpose })
      .from(sandboxOutbox)
      .where(eq(sandboxOutbox.mobile, mobile))
      .orderBy(desc(sandboxOutbox.id))
      .limit(1);
    return row ?? null;
  }
}

/** A real HTTP SMS gateway: POST {to, template, params} with the account key. */
export class HttpSmsGateway implements SmsGateway {
  readonly sandbox = false;
  constructor(
    private readonly url: string,
    private readonly key: string | null,
    private readonly failed: ProviderFailed = () => undefined,
  ) {}

  async sendCode(mobile: string, purpose: string, code: string): Promise<void> {
    const response = await fetch(this.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(this.key ? { authorization: `Bearer ${this.key}` } : {}),
      },
      body: JSON.stringify({
        to: `+86${mobile}`,
        template: `verify_${purpose.toLowerCase()}`,
        params: { code },
      }),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      this.failed("sms", error instanceof Error && error.name === "TimeoutError" ? "timeout" : "unreachable");
      throw error;
    });
    if (!response.ok) {
      this.failed("sms", response.status >= 500 ? "5xx" : "4xx");
      throw new Error(`SMS gateway answered ${String(response.status)}`);
    }
  }
}
