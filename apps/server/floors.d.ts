/** See floors.js. */
export interface Floor {
  readonly name: string;
  readonly paths: readonly string[];
  readonly beside?: string;
}
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
}
export declare const FLOORS: readonly Floor[];
export declare const MODULE_ORDER: readonly string[];
export declare function floorOf(file: string): number;
export declare function moduleOf(file: string): string | null;
export declare function importsIn(code: string): string[];
export declare function importGraph(srcDir: string): ImportEdge[];
export declare function backUpImports<E extends ImportEdge>(edges: readonly E[]): E[];
export declare function moduleOrderBreaks<E extends ImportEdge>(edges: readonly E[]): E[];
export declare function modulePairs(edges: readonly ImportEdge[]): string[];
export declare function fileCircles(edges: readonly ImportEdge[]): string[][];
