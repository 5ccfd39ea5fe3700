import config from "@platform/eslint-config/react";

export default [...config];
