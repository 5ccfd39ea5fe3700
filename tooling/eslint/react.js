// @ts-check
import lingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import base from "./base.js";

/**
 * Browser + React: the hooks rules, and lingui's rules so that no sentence a user sees is written
 * into code outside a message macro.
 */
export default tseslint.config(
  ...base,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, lingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "lingui/t-call-in-function": "error",
      "lingui/no-single-variables-to-translate": "error",
      "lingui/no-expression-in-message": "error",
      "lingui/no-unlocalized-strings": [
        "error",
        {
          // Tokens, constants, SVG path data and CSS selectors are not sentences.
          ignore: [
            "^(?![A-Z])\\S+$",
            "^[A-Z0-9_-]+$",
            "^[MLHVCSQTAZmlhvcsqtaz0-9 .,-]+$",
            "^[\\w\\s,.:#=\\[\\]()\"'>*-]+\\]$",
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  "className|Selector$|^(data|aria)-|^(role|type|id|name|href|src|key|to|target|rel|as|accept|capture|inputMode|autoComplete|enterKeyHint|d|viewBox|preload|crossOrigin|sizes|srcSet)$",
              },
            },
          ],
          ignoreFunctions: [
            "console.*",
            "Error",
            "URL",
            "URLSearchParams",
            "*.addEventListener",
            "*.querySelector",
          ],
        },
      ],
    },
  },
  {
    files: [
      "**/*.test.ts",
      "**/*.test.tsx",
      "**/*.stories.tsx",
      "**/*.config.ts",
      "**/.storybook/**",
      "**/test/**",
      "**/e2e/**",
      "**/scripts/**",
    ],
    rules: { "lingui/no-unlocalized-strings": "off" },
  },
);
