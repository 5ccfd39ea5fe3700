import type { Linter } from "eslint";

/** See layers.js. */
export declare const serverLayers: Linter.Config[];
