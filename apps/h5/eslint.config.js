import config from "@platform/eslint-config/react";

export default [
  ...config,
  {
    // The prerendered page (markup and the boot script as text, written into index.html at build
    // time): wordless by design (boot.test.ts checks it has no text), so nothing to translate.
    files: ["src/boot/page.ts"],
    rules: { "lingui/no-unlocalized-strings": "off" },
  },
];
