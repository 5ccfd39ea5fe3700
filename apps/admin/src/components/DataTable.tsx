import { useLingui } from "@lingui/react/macro";
import { FlexRender, tableFeatures, useTable } from "@tanstack/react-table";
import type { ColumnDef, RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";

/** The tables' features: headless rows and columns; paging and filters are the server's. */
export const features = tableFeatures({});
export type Columns<T extends RowData> = ColumnDef<typeof features, T>[];

export interface DataTableProps<T extends RowData> {
  readonly label: string;
  readonly columns: Columns<T>;
  readonly rows: readonly T[];
  /** The row's id (a stable key). */
  readonly rowId: (row: T) => string;
  readonly loading?: boolean;
  /** Shown when there are no rows (and nothing is loading). */
  readonly empty: ReactNode;
  /** A page of the server's list: shown with previous and next. */
  readonly paging?: {
    readonly page: number;
    readonly size: number;
    readonly total: number;
    onPage(page: number): void;
  };
  /** The selected row's id, marked (a list beside its detail). */
  readonly selected?: string | null;
  readonly onSelect?: (row: T) => void;
  /** The columns the server sorts by (their ids), the order asked, and asking another. */
  readonly sorting?: {
    readonly columns: readonly string[];
    readonly sort: ListSort | undefined;
    readonly onSort: (by: string) => void;
  };
}

/** A list's order as the server takes it: a column, descending or not. */
export interface ListSort {
  readonly by: string;
  readonly desc: boolean;
}

/** The next order when a column's header is pressed: that column descending, then ascending. */
export function nextSort(current: ListSort | undefined, by: string): ListSort {
  return current?.by === by ? { by, desc: !current.desc } : { by, desc: true };
}

/**
 * A list of the console (TanStack Table): a captioned table with its header, its rows (a row
 * that opens its detail is a button to the keyboard), a loading line, an empty state, and the
 * server's paging — page n of m, previous and next.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  rows,
  rowId,
  loading,
  empty,
  paging,
  selected,
  onSelect,
  sorting,
}: DataTableProps<T>) {
  const { t } = useLingui();
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => rowId(row),
  });
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.size)) : 1;
  const page = paging?.page ?? 1;
  const total = paging?.total ?? 0;
  return (
    <div className="ad-table-wrap">
      <table className="ad-table" aria-busy={loading === true}>
        <caption className="pf-visually-hidden">{label}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id;
                const sortBy = sorting?.columns.includes(id) === true ? sorting.onSort : null;
                const sorted = sorting?.sort?.by === id ? sorting.sort : undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === undefined ? undefined : sorted.desc ? "descending" : "ascending"}
                  >
                    {header.isPlaceholder ? null : sortBy !== null ? (
                      <button
                        type="button"
                        className="ad-sort"
                        onClick={() => {
                          sortBy(id);
                        }}
                      >
                        <FlexRender header={header} />
                        <span aria-hidden="true">
                          {sorted === undefined ? " ↕" : sorted.desc ? " ↓" : " ↑"}
                        </span>
                      </button>
                    ) : (
                      <FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const isSelected = selected === row.id;
            return (
              <tr
                key={row.id}
                className={`${onSelect ? "ad-row--action" : ""}${isSelected ? " ad-row--selected" : ""}`}
                aria-selected={onSelect ? isSelected : undefined}
                tabIndex={onSelect ? 0 : undefined}
                onClick={
                  onSelect
                    ? () => {
                        onSelect(row.original);
                      }
                    : undefined
                }
                onKeyDown={
                  onSelect
                    ? (event) => {
                        if (event.key === "Enter" || event.key === " ") {
                          event.preventDefault();
                          onSelect(row.original);
                        }
                      }
                    : undefined
                }
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {loading === true ? <p className="ad-muted" role="status">{t`加载中…`}</p> : null}
      {loading !== true && rows.length === 0 ? <div className="ad-empty">{empty}</div> : null}
      {paging && paging.total > paging.size ? (
        <nav className="ad-pager" aria-label={t`${label}分页`}>
          <button
            type="button"
            className="ad-button"
            disabled={paging.page <= 1}
            onClick={() => {
              paging.onPage(paging.page - 1);
            }}
          >
            {t`上一页`}
          </button>
          <span>{t`第 ${page} / ${pages} 页，共 ${total} 条`}</span>
          <button
            type="button"
            className="ad-button"
            disabled={paging.page >= pages}
            onClick={() => {
              paging.onPage(paging.page + 1);
            }}
          >
            {t`下一页`}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
