/**
 * Told of each failed call to an outside party (SMS gateway, payment providers): the metrics'
 * `provider_errors_total{provider,kind}` (http/metrics.ts), so an operator sees a provider going
 * bad before the people do.
 */
export type ProviderFailed = (provider: string, kind: "unreachable" | "timeout" | "4xx" | "5xx") => void;
