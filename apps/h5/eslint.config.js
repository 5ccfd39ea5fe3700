import config from "@platform/eslint-config/react";

export default [
  ...config,
  {
    // The prerendered page (markup and the boot script as text, written into index.html at build
    // time): wordless by design (boot.test.ts checks it has no text), so nothing to translate.
    // build/: the install manifests and icons, made at build time (manifest.ts says why its two
    // texts are not in the catalogs).
    files: ["src/boot/page.ts", "build/**/*.ts"],
    rules: { "lingui/no-unlocalized-strings": "off" },
  },
];
