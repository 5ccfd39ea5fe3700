// The types of lighthouse.mjs, for the TypeScript that imports it (e2e/lighthouse.e2e.ts).
import type { HostLoad } from "./host-load.mjs";

export interface LighthouseFigures {
  readonly performance: number | null;
  readonly accessibility: number | null;
  readonly bestPractices: number | null;
  readonly fcp: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
  readonly benchmarkIndex: number;
  readonly cpuSlowdown: number;
}

export interface LighthouseSession {
  readonly entries: readonly (readonly [string, string])[];
  readonly cookies: readonly {
    name: string;
    value: string;
    domain: string;
    path: string;
    sameSite: "Lax";
  }[];
}

export declare const floors: {
  readonly keyPerformance: number;
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly cls: number;
  readonly lanePerformance: number;
};
export declare const keyRoutes: readonly string[];
export declare const REFERENCE_INDEX: number;
export declare function calibratedSlowdown(benchmarkIndex: number): number;
export declare function lighthouseRun(
  url: string,
  profileDir: string,
  session?: LighthouseSession | null,
  profile?: boolean,
  cpuSlowdown?: number,
): Promise<{
  readonly lhr: unknown;
  readonly report: string;
  readonly trace: unknown;
  readonly host: HostLoad | null;
}>;
export declare function figuresOf(lhr: unknown): LighthouseFigures;
export declare function missedFloors(
  path: string,
  figures: LighthouseFigures,
  performanceFloor?: number,
): string[];
