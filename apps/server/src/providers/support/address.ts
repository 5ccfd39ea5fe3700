/**
 * Where the customer service party is reached while SANDBOX is on and no CUSTOMER_SERVICE_URL is
 * set: the sandbox's page (src/sandbox/support.ts serves it; `system.customService` hands it out).
 */
export const SANDBOX_SUPPORT_PATH = "/sandbox/support";
