/** What every area of the console works with, from one place. */
export { useClient, useOperator } from "./context";
export { useErrorText } from "./errors";
export { money, useWhen } from "./format";
export { ActForm } from "../components/ActForm";
export { PagedTable, usePagedList } from "../components/PagedTable";
export { nextSort } from "../components/DataTable";
export type { Columns, ListSort } from "../components/DataTable";
export { Waiting } from "../components/Waiting";
