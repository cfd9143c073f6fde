import type { Key, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ArchivedSwitch } from './archived-switch.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { TableHead } from '../../../components/table-head.tsx';

interface ToolbarProps {
  /** Prefix of the ids: the heading is `${id}-title`, the archived switch `${id}-archived`. */
  id: string;
  title: ReactNode;
  /** Shown as a badge beside the title once the list has arrived. */
  count?: number;
  newLabel: string;
  onNew: () => void;
  /** The tab's own controls, between the title and the «Nuovo …» button. */
  children?: ReactNode;
}

/** The heading of a tab with its count, its controls and its «Nuovo …» button. */
export function TabToolbar({ id, title, count, newLabel, onNew, children }: ToolbarProps) {
  return (
    <div className="anagrafiche-toolbar">
      <h2 id={`${id}-title`} className="h5 mb-0 me-auto">
        {title}
        {count !== undefined && (
          <>
            {' '}
            <span className="badge text-bg-secondary fw-normal">{count}</span>
          </>
        )}
      </h2>
      {children}
      <Button variant="success" onClick={onNew}>
        {newLabel}
      </Button>
    </div>
  );
}

/** What an empty list of pazienti or operatori says: none archived, none found by the search, or none yet. */
export const emptyPeopleText = (noun: 'paziente' | 'operatore', archived: boolean, searching: boolean) =>
  archived ? `Nessun ${noun} archiviato.` : searching ? `Nessun ${noun} trovato.` : `Nessun ${noun}: aggiungine uno con «Nuovo ${noun}».`;

export interface Column<T> {
  header: string;
  cell: (item: T, index: number) => ReactNode;
  /** Classes of the header cell and of the row cells. */
  th?: string;
  td?: string;
  /** The header repeated beside the value on a phone (data-label); on unless false. */
  labelled?: boolean;
}

interface Props<T> {
  id: string;
  title: string;
  count?: number;
  /** A search box filtering the list as one types. */
  search?: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  /** The «Mostra archiviati» switch. */
  archived?: { checked: boolean; onChange: (checked: boolean) => void };
  newLabel: string;
  onNew: () => void;
  /** A line under the toolbar. */
  notice?: ReactNode;
  /** What the list shows instead of rows: `label` is read with the spinner ("Caricamento pazienti"). */
  state: { label: string; query: { isPending: boolean; error: unknown }; emptyText: string };
  items: T[];
  tableLabel: string;
  columns: Column<T>[];
  rowKey: (item: T) => Key;
  rowClassName?: (item: T) => string | undefined;
  /** The buttons of a row, in the last column (Azioni). */
  actions: (item: T) => ReactNode;
  /** Under the table: the pages, the dialogs. */
  children?: ReactNode;
}

/**
 * One tab of Anagrafiche that lists records: the toolbar (title and count,
 * search, «Mostra archiviati», «Nuovo …»), the loading / error / empty state,
 * and the table with a labelled Azioni column.
 */
export function RecordsTab<T>(props: Props<T>) {
  const { id, title, count, search, archived, newLabel, onNew, notice, state, items, tableLabel, columns, rowKey } = props;
  return (
    <section aria-labelledby={`${id}-title`}>
      <TabToolbar id={id} title={title} count={count} newLabel={newLabel} onNew={onNew}>
        {search && (
          <Form.Control
            type="search"
            className="anagrafiche-search"
            placeholder={search.placeholder}
            aria-label={search.label}
            value={search.value}
            onChange={(e) => search.onChange(e.target.value)}
          />
        )}
        {archived && <ArchivedSwitch id={`${id}-archived`} checked={archived.checked} onChange={archived.onChange} />}
      </TabToolbar>
      {notice}
      <ListState {...state} empty={items.length === 0} />
      {items.length > 0 && (
        <Table hover className="anagrafiche-table align-middle" aria-label={tableLabel}>
          <TableHead columns={columns.map((c) => ({ header: c.header, className: c.th }))} actions />
          <tbody>
            {items.map((item, index) => (
              <tr key={rowKey(item)} className={props.rowClassName?.(item)}>
                {columns.map((c) => (
                  <td key={c.header} data-label={c.labelled === false ? undefined : c.header} className={c.td}>
                    {c.cell(item, index)}
                  </td>
                ))}
                <td className="text-end anagrafiche-actions">{props.actions(item)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {props.children}
    </section>
  );
}
