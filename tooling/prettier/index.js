/** @type {import("prettier").Config} */
export default {
  printWidth: 110,
  trailingComma: "all",
  proseWrap: "preserve",
};
