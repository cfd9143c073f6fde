import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { PIANIFICATORE_TEXT as T } from '../texts.ts';

/** The dialog, its checks and the contract (zod) are a chunk of their own, fetched when it first opens (ADR 0036). */
const PropostaDialog = lazyDialog(() => import('./proposta-dialog.tsx').then((m) => m.PropostaDialog));

/**
 * Proponi settimana (administrators, on the weekly screen of a real week): opens the Pianificatore's dialog for the
 * week shown. The route puts it in the week's actions (docs/decisions/0018-one-capability-one-folder.md).
 */
export function ProponiSettimana({ monday }: { monday: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} title={T.buttonHint}>
        {T.button}
      </Button>
      {open && <PropostaDialog monday={monday} onClose={() => setOpen(false)} />}
    </>
  );
}
