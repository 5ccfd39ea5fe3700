export * from "./constants";
export * from "./enums";
export * from "./messages";
export * from "./money";
export * from "./orders";
export * from "./pricing";
export * from "./video";
