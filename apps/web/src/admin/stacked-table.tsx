import type { ReactNode } from 'react';

// The back office's tables: a real table on a laptop, and below md each row becomes a card whose
// cells carry their column's label, so a list stays readable at 360 px without sideways scrolling.

export type StackedColumn<Row> = {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned on wide screens (amounts). */
  numeric?: boolean;
};

type Props<Row> = {
  caption: string;
  columns: StackedColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  testId?: string;
};

export function StackedTable<Row>({ caption, columns, rows, rowKey, empty, testId }: Props<Row>) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <table className="block w-full text-sm md:table md:border-collapse" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-slate-200 text-left text-slate-600">
          {columns.map((c) => (
            <th
              key={c.key}
              scope="col"
              className={`px-3 py-2 font-semibold ${c.numeric ? 'text-right' : ''}`}
            >
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 md:table-row-group">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className="block rounded-xl border border-slate-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
          >
            {columns.map((c) => (
              <td
                key={c.key}
                className={`flex justify-between gap-3 py-1 md:table-cell md:px-3 md:py-2 md:align-top ${c.numeric ? 'md:text-right' : ''}`}
              >
                <span className="shrink-0 font-semibold text-slate-500 md:hidden">{c.label}</span>
                <span className={`min-w-0 wrap-anywhere text-right ${c.numeric ? '' : 'md:text-left'}`}>
                  {c.cell(row)}
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
