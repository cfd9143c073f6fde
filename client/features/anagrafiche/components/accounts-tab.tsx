import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { AccountRecord } from '../../../../common/anagrafiche.ts';
import { MSG } from '../../../../common/messages.ts';
import { useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useAccounts, useSetAdmin, useSetDisabled } from '../api/accounts.ts';
import { AccountFormModal } from './account-form-modal.tsx';
import { PasswordResetModal } from './password-reset-modal.tsx';
import { RecordsTab } from './records-tab.tsx';

/**
 * Account: the sign-in accounts and their role, amministratore or consultazione
 * (read-only). The server refuses revoking or disabling oneself and removing
 * the last administrator; its Italian message shows as a toast.
 */
export function AccountsTab() {
  const me = useUser();
  const [dialog, setDialog] = useState<AccountRecord | 'new' | null>(null);
  const list = useAccounts();
  const setAdmin = useSetAdmin();
  const setDisabled = useSetDisabled();
  const busy = setAdmin.isPending || setDisabled.isPending;

  return (
    <RecordsTab
      id="accounts"
      title="Account"
      count={list.data?.length}
      newLabel="Nuovo account"
      onNew={() => setDialog('new')}
      state={{ label: 'account', query: list, emptyText: 'Nessun account.' }}
      items={list.data ?? []}
      tableLabel="Account"
      rowKey={(a) => a.ID}
      rowClassName={(a) => (a.Disattivato ? 'text-muted' : undefined)}
      columns={[
        {
          header: 'Username',
          td: 'fw-semibold',
          cell: (a) => (
            <>
              {a.username}
              {a.ID === me?.ID && <span className="small fw-normal text-muted"> (tu)</span>}
            </>
          ),
        },
        {
          header: 'Ruolo',
          cell: (a) =>
            a.Admin > 0 ? (
              <Badge bg="info" text="dark">
                Amministratore
              </Badge>
            ) : (
              'Consultazione'
            ),
        },
        {
          header: 'Stato',
          cell: (a) => (a.Disattivato ? <Badge bg="secondary">Disattivato</Badge> : <Badge bg="success">Attivo</Badge>),
        },
      ]}
      actions={(a) => {
        const admin = a.Admin > 0;
        return (
          <>
            <Button size="sm" variant="outline-primary" onClick={() => setDialog(a)} aria-label={`Reimposta password di ${a.username}`}>
              Reimposta password
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={busy}
              onClick={() => void withToasts(setAdmin.mutateAsync({ ID: a.ID, Admin: admin ? 0 : 1 }), { success: MSG.saved })}
              aria-label={`${admin ? 'Togli amministratore a' : 'Rendi amministratore'} ${a.username}`}
            >
              {admin ? 'Togli amministratore' : 'Rendi amministratore'}
            </Button>
            <Button
              size="sm"
              variant={a.Disattivato ? 'outline-success' : 'outline-danger'}
              disabled={busy}
              onClick={() => void withToasts(setDisabled.mutateAsync({ ID: a.ID, disattivato: !a.Disattivato }), { success: MSG.saved })}
              aria-label={`${a.Disattivato ? 'Riattiva' : 'Disattiva'} ${a.username}`}
            >
              {a.Disattivato ? 'Riattiva' : 'Disattiva'}
            </Button>
          </>
        );
      }}
    >
      {dialog === 'new' && <AccountFormModal onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'new' && <PasswordResetModal account={dialog} onClose={() => setDialog(null)} />}
    </RecordsTab>
  );
}
