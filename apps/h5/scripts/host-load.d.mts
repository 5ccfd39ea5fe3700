// The types of host-load.mjs, for the TypeScript that imports it (e2e/lighthouse.e2e.ts).

/** The machine's CPU use between two samples, in percent of one core. */
export interface HostLoad {
  readonly busy: number;
  readonly steal: number;
  readonly cores: number;
  readonly programs: readonly { readonly name: string; readonly percent: number }[];
}

export interface CpuSample {
  readonly machine: readonly number[];
  readonly cores: number;
  readonly processes: ReadonlyMap<string, { readonly name: string; readonly ticks: number }>;
}

export declare function cpuSample(): CpuSample | null;
export declare function cpuBetween(
  before: CpuSample | null,
  after: CpuSample | null,
  top?: number,
): HostLoad | null;
export declare function describeLoad(load: HostLoad | null): string;
