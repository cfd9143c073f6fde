import { useState, type ComponentType, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { EditArchiveActions } from './archive-button.tsx';
import { RecordsTab, type Column } from './records-tab.tsx';

/** A record of a short list of Anagrafiche (stanze, tipi di attività, mezzi): named, archived rather than deleted. */
export interface ArchivableRecord {
  ID: number;
  Nome: string;
  Archiviato: boolean;
}

export type SetArchived = UseMutationResult<unknown, Error, { ID: number; archived: boolean }>;

interface Props<T extends ArchivableRecord> {
  /** Prefix of the ids (`${id}-title`, `${id}-archived`). */
  id: string;
  title: string;
  /** The table's name while the archived ones show ("Stanze archiviate"). */
  archivedTitle: string;
  newLabel: string;
  /** "Modifica" or "Rinomina", read with the name. */
  editLabel: string;
  /** The plural read with the spinner ("Caricamento stanze"). */
  label: string;
  emptyText: string;
  emptyArchivedText: string;
  /** A line under the toolbar while the active records show. */
  notice?: ReactNode;
  /** The list, active or archived. */
  useList: (archived: boolean) => UseQueryResult<T[]>;
  /** Archivia / Ripristina. */
  useSetArchived: () => SetArchived;
  /** The columns before Azioni. */
  columns: (archived: boolean, items: T[]) => Column<T>[];
  /** Nuovo … / Modifica …: `record` undefined for a new one. */
  Form: ComponentType<{ record?: T; onClose: () => void }>;
  /** Another write of the tab running (Sposta su / giù): the buttons wait. */
  busy?: boolean;
}

/**
 * One tab of Anagrafiche for a short list of named records (Stanze, Tipi di attività, Mezzi): the toolbar with «Mostra
 * archiviati» and «Nuovo …», the table, Modifica / Archivia / Ripristina on each row, the form dialog.
 */
export function ArchivableTab<T extends ArchivableRecord>(props: Props<T>) {
  const { id, title, newLabel, editLabel, label, notice, useList, useSetArchived, columns, Form } = props;
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const list = useList(archived);
  const setRecordArchived = useSetArchived();
  const items = list.data ?? [];
  const busy = !!props.busy || setRecordArchived.isPending;
  return (
    <RecordsTab
      id={id}
      title={title}
      count={list.data?.length}
      archived={{ checked: archived, onChange: setArchived }}
      newLabel={newLabel}
      onNew={() => setEditing('new')}
      notice={!archived && notice}
      state={{ label, query: list, emptyText: archived ? props.emptyArchivedText : props.emptyText }}
      items={items}
      tableLabel={archived ? props.archivedTitle : title}
      rowKey={(record) => record.ID}
      columns={columns(archived, items)}
      actions={(record) => (
        <EditArchiveActions
          name={record.Nome}
          editLabel={editLabel}
          onEdit={() => setEditing(record)}
          archived={record.Archiviato}
          busy={busy}
          onChange={(value) => setRecordArchived.mutateAsync({ ID: record.ID, archived: value })}
        />
      )}
    >
      {editing && <Form record={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </RecordsTab>
  );
}
