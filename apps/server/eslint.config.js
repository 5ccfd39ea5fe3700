import config from "@platform/eslint-config/base";

export default config;
