import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { MODELLI_MSG } from '../../../../common/modelli.ts';
import { ApplyTemplateModal } from './apply-template-modal.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { TemplateNameModal } from './template-name-modal.tsx';
import { paths, withDay } from '../../../../common/paths.ts';
import { useCreateModello, useModelli, type Modello } from '../api/modelli.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useDeleteModello, useDuplicateModello, useRenameModello } from '../api/modelli-writes.ts';
import { TableHead } from '../../../components/table-head.tsx';

type Dialog =
  { type: 'new' } | { type: 'rename'; modello: Modello } | { type: 'duplicate'; modello: Modello } | { type: 'apply'; modello?: Modello };

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** Modelli: the centre's weekly templates, each opened in the calendar's grid to edit, applied to a run of weeks (docs/product.md). */
export function ModelliView() {
  const admin = isAdmin(useUser());
  const list = useModelli();
  const create = useCreateModello();
  const rename = useRenameModello();
  const duplicate = useDuplicateModello();
  const remove = useDeleteModello();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const modelli = list.data?.modelli ?? [];
  const busy = create.isPending || rename.isPending || duplicate.isPending || remove.isPending;
  const close = () => setDialog(null);

  const askDelete = (modello: Modello) => {
    if (!window.confirm(MODELLI_MSG.confirmDelete(modello.nome))) return;
    void withToasts(remove.mutateAsync(modello.ID), { success: MODELLI_MSG.deleted });
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Modelli</h1>
        {admin && (
          <>
            <Button variant="outline-primary" onClick={() => setDialog({ type: 'apply' })} disabled={busy || modelli.length === 0}>
              Applica modello
            </Button>
            <Button variant="success" onClick={() => setDialog({ type: 'new' })} disabled={busy}>
              Nuovo modello
            </Button>
          </>
        )}
      </div>
      <p className="text-muted">
        Un modello è una settimana tipo, da lunedì a {list.data?.sabato ? 'sabato' : 'venerdì'}: si modifica nella griglia del calendario e
        si applica a una o più settimane.
      </p>
      <ListState label="modelli" query={list} empty={modelli.length === 0} emptyText={MODELLI_MSG.noTemplates} />
      {modelli.length > 0 && (
        <Table responsive className="modelli-table align-middle">
          <TableHead
            columns={['Nome', { header: 'Attività', className: 'text-end' }, { header: 'Uscite', className: 'text-end' }]}
            actions="hidden"
          />
          <tbody>
            {modelli.map((m) => (
              <tr key={m.ID}>
                <th scope="row">{m.nome}</th>
                <td className="text-end" aria-label={count(m.attivita, 'attività', 'attività')}>
                  {m.attivita}
                </td>
                <td className="text-end" aria-label={count(m.uscite, 'uscita', 'uscite')}>
                  {m.uscite}
                </td>
                <td>
                  <div className="d-flex flex-wrap justify-content-end gap-1" role="group" aria-label={`Azioni sul modello ${m.nome}`}>
                    <Link className="btn btn-sm btn-outline-primary" to={withDay(paths.calendar, m.settimana)}>
                      {admin ? 'Modifica' : 'Apri'}
                    </Link>
                    {admin && (
                      <>
                        <Button
                          size="sm"
                          variant="outline-primary"
                          onClick={() => setDialog({ type: 'apply', modello: m })}
                          disabled={busy}
                        >
                          Applica
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          onClick={() => setDialog({ type: 'rename', modello: m })}
                          disabled={busy}
                        >
                          Rinomina
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          onClick={() => setDialog({ type: 'duplicate', modello: m })}
                          disabled={busy}
                        >
                          Duplica
                        </Button>
                        <Button size="sm" variant="outline-danger" onClick={() => askDelete(m)} disabled={busy}>
                          Elimina
                        </Button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      {admin && dialog?.type === 'new' && (
        <TemplateNameModal
          title="Nuovo modello"
          submitLabel="Crea"
          busy={create.isPending}
          onSubmit={async (nome) => {
            await create.mutateAsync({ nome });
            toast.success(MODELLI_MSG.created);
          }}
          onClose={close}
        />
      )}
      {admin && dialog?.type === 'rename' && (
        <TemplateNameModal
          title={`Rinomina «${dialog.modello.nome}»`}
          submitLabel="Rinomina"
          initialName={dialog.modello.nome}
          busy={rename.isPending}
          onSubmit={async (nome) => {
            await rename.mutateAsync({ ID: dialog.modello.ID, nome });
            toast.success(MODELLI_MSG.renamed);
          }}
          onClose={close}
        />
      )}
      {admin && dialog?.type === 'duplicate' && (
        <TemplateNameModal
          title={`Duplica «${dialog.modello.nome}»`}
          submitLabel="Duplica"
          initialName={`${dialog.modello.nome} (copia)`}
          busy={duplicate.isPending}
          onSubmit={async (nome) => {
            await duplicate.mutateAsync({ ID: dialog.modello.ID, nome });
            toast.success(MODELLI_MSG.duplicated);
          }}
          onClose={close}
        />
      )}
      {admin && dialog?.type === 'apply' && <ApplyTemplateModal templateId={dialog.modello?.ID} onClose={close} />}
    </>
  );
}
