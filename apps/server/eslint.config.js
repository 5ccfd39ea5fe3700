import config from "@platform/eslint-config/base";
import { serverLayers } from "./layers.js";

export default [...config, ...serverLayers];
