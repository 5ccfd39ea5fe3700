import type { Plugin as EsbuildPlugin } from "esbuild";
import type { PluginOption } from "vite";

/** Absolute path of packages/i18n/lingui.config.ts. */
export declare const linguiConfigPath: string;
/** Lingui's Vite plugin and the macro transform through `@rolldown/plugin-babel`; before `react()`. */
export declare function linguiVitePlugins(): PluginOption[];
/** The macro transform for tsup/esbuild builds of a package. */
export declare function linguiEsbuildPlugin(): EsbuildPlugin;
