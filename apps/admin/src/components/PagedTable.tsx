import { useQuery } from "@tanstack/react-query";
import type { RowData } from "@tanstack/react-table";
import { useState } from "react";
import type { ReactNode } from "react";
import { useErrorText } from "../app/errors";
import { DataTable } from "./DataTable";
import type { Columns, DataTableProps } from "./DataTable";

/** One page of a server list. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

/**
 * A server-paged list: its query (keyed by `key` and the page) and the page shown. A change of
 * `key` (a filter) goes back to page 1.
 */
export function usePagedList<T>(
  key: readonly unknown[],
  load: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  refetchMs?: number,
) {
  const [paged, setPaged] = useState({ key: JSON.stringify(key), page: 1 });
  const page = paged.key === JSON.stringify(key) ? paged.page : 1;
  const query = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) => load(page, signal),
    ...(refetchMs === undefined ? {} : { refetchInterval: refetchMs }),
  });
  return {
    query,
    page,
    setPage: (next: number) => {
      setPaged({ key: JSON.stringify(key), page: next });
    },
  };
}

export interface PagedTableProps<T extends RowData> {
  readonly label: string;
  readonly list: ReturnType<typeof usePagedList<T>>;
  readonly size: number;
  readonly columns: Columns<T>;
  readonly rowId: (row: T) => string;
  readonly empty: ReactNode;
  readonly selected?: string | null;
  readonly onSelect?: (row: T) => void;
  readonly sorting?: DataTableProps<T>["sorting"];
}

/** A server list as a table: its refusal said in place, its rows, its pages. */
export function PagedTable<T extends RowData>({
  label,
  list,
  size,
  columns,
  rowId,
  empty,
  selected,
  onSelect,
  sorting,
}: PagedTableProps<T>) {
  const errorText = useErrorText();
  return (
    <>
      {list.query.isError ? (
        <p className="ad-error" role="alert">
          {errorText(list.query.error)}
        </p>
      ) : null}
      <DataTable
        label={label}
        columns={columns}
        rows={list.query.data?.items ?? []}
        rowId={rowId}
        loading={list.query.isPending}
        empty={empty}
        selected={selected}
        onSelect={onSelect}
        sorting={sorting}
        paging={{ page: list.page, size, total: list.query.data?.total ?? 0, onPage: list.setPage }}
      />
    </>
  );
}
