import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { AccountRecord } from '../../../../common/anagrafiche.ts';
import { MSG } from '../../../../common/messages.ts';
import { useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useAccounts, useSetAdmin, useSetDisabled } from '../api/accounts.ts';
import { AccountFormModal } from './account-form-modal.tsx';
import { ListState } from './list-state.tsx';
import { PasswordResetModal } from './password-reset-modal.tsx';

/**
 * Utenti: sign-in accounts. The server refuses revoking or disabling oneself
 * and removing the last administrator; its Italian message shows as a toast.
 */
export function AccountsTab() {
  const me = useUser();
  const [dialog, setDialog] = useState<AccountRecord | 'new' | null>(null);
  const list = useAccounts();
  const setAdmin = useSetAdmin();
  const setDisabled = useSetDisabled();
  const busy = setAdmin.isPending || setDisabled.isPending;
  const items = list.data ?? [];

  return (
    <section aria-labelledby="accounts-title">
      <div className="registry-toolbar">
        <h2 id="accounts-title" className="h5 mb-0 me-auto">
          Utenti {list.data && <span className="badge text-bg-secondary fw-normal">{list.data.length}</span>}
        </h2>
        <Button variant="success" onClick={() => setDialog('new')}>
          Nuovo utente
        </Button>
      </div>
      <ListState label="utenti" isPending={list.isPending} error={list.error} empty={items.length === 0} emptyText="Nessun utente." />
      {items.length > 0 && (
        <Table hover className="registry-table align-middle" aria-label="Utenti">
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Ruolo</th>
              <th scope="col">Stato</th>
              <th scope="col" className="text-end">
                Azioni
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => {
              const admin = a.Admin > 0;
              return (
                <tr key={a.ID} className={a.Disattivato ? 'text-muted' : undefined}>
                  <td data-label="Username" className="fw-semibold">
                    {a.username}
                    {a.ID === me?.ID && <span className="small fw-normal text-muted"> (tu)</span>}
                  </td>
                  <td data-label="Ruolo">{admin ? <Badge bg="info" text="dark">Amministratore</Badge> : 'Operatore'}</td>
                  <td data-label="Stato">{a.Disattivato ? <Badge bg="secondary">Disattivato</Badge> : <Badge bg="success">Attivo</Badge>}</td>
                  <td className="text-end registry-actions">
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
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {dialog === 'new' && <AccountFormModal onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'new' && <PasswordResetModal account={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
