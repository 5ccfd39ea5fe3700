// @ts-check
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { transformAsync } from "@babel/core";
import linguiMacro from "@lingui/babel-plugin-lingui-macro";
import { getConfig } from "@lingui/conf";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";

/** The one lingui configuration of the repository (its catalogs cover i18n, ui and the app). */
export const linguiConfigPath = fileURLToPath(
  new URL("../../packages/i18n/lingui.config.ts", import.meta.url),
);

/**
 * Lingui on Vite 8: `@vitejs/plugin-react` 6 has no babel option, so the macros run through
 * rolldown's babel plugin with lingui's preset (it only touches files that import a macro).
 * Put these before `react()`.
 * @returns {import("vite").PluginOption[]}
 */
export function linguiVitePlugins() {
  const linguiConfig = getConfig({ configPath: linguiConfigPath });
  return [
    lingui({ configPath: linguiConfigPath }),
    babel({ presets: [linguiTransformerBabelPreset({ linguiConfig }, { configPath: linguiConfigPath })] }),
  ];
}

const macroImport = /from\s+["']@lingui\/(core|react)\/macro["']/;

/**
 * The same macro transform for tsup (esbuild) builds of a package: published `dist` holds plain
 * `i18n._()` calls with the message ids of the shared catalogs, and the source text as fallback.
 * @returns {import("esbuild").Plugin}
 */
export function linguiEsbuildPlugin() {
  const linguiConfig = getConfig({ configPath: linguiConfigPath });
  return {
    name: "lingui-macro",
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const source = await readFile(args.path, "utf8");
        if (!macroImport.test(source)) return undefined;
        const result = await transformAsync(source, {
          filename: args.path,
          babelrc: false,
          configFile: false,
          parserOpts: { plugins: ["typescript", "jsx"] },
          plugins: [[linguiMacro, { linguiConfig, descriptorFields: "message" }]],
          sourceMaps: "inline",
        });
        return { contents: result?.code ?? source, loader: args.path.endsWith("x") ? "tsx" : "ts" };
      });
    },
  };
}
