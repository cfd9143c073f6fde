/** A column of a table's head: its header, and the class of its cells where it has one. */
export type HeadColumn = string | { header: string; className?: string };

/**
 * A table's head: one row of column headers, then "Azioni" at the right when the rows have buttons (`hidden`: said to
 * screen readers only, where each button's own label says what it does).
 */
export function TableHead({ columns, actions = false }: { columns: readonly HeadColumn[]; actions?: boolean | 'hidden' }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { header, className } = typeof column === 'string' ? { header: column, className: undefined } : column;
          return (
            <th key={header} scope="col" className={className}>
              {header}
            </th>
          );
        })}
        {actions && (
          <th scope="col" className="text-end">
            {actions === 'hidden' ? <span className="visually-hidden">Azioni</span> : 'Azioni'}
          </th>
        )}
      </tr>
    </thead>
  );
}
