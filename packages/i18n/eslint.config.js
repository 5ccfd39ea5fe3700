import config from "@platform/eslint-config/react";

export default [
  ...config,
  {
    // The catalog's source sentences themselves (marked for extraction with `i18n` comments).
    files: [
      "src/domain-messages.ts",
      "src/domain-money-messages.ts",
      "src/product-messages.ts",
      "src/server-messages.ts",
      "src/units.ts",
      "src/unit-names.ts",
    ],
    rules: { "lingui/no-unlocalized-strings": "off" },
  },
];
