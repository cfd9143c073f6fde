import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import toast from 'react-hot-toast';
import { addDays } from '../../../../common/dates.ts';
import { MODELLI_MSG } from '../../../../common/modelli.ts';
import { ApplyTemplateModal, mondayLabel } from './apply-template-modal.tsx';
import { EsistentiChoice } from './esistenti-choice.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { TemplateNameModal } from './template-name-modal.tsx';
import { WeekResultModal } from './week-result-modal.tsx';
import { useReplaceQuestion } from './use-replace-question.tsx';
import { actionToast } from '../../../lib/action-toast.tsx';
import { useUndoAction } from '../../../lib/undo.ts';
import { useCreateModello, useModelli, usePasteWeek, withProgress, type Esistenti, type WeekWriteResult } from '../api/modelli.ts';
import { loadCopiedWeek, saveCopiedWeek } from '../copied-week.ts';

type Dialog = { type: 'save' } | { type: 'paste' } | { type: 'apply' } | { type: 'result'; answer: WeekWriteResult };

/**
 * The weekly screen's whole-week writes (administrators): Salva settimana come modello, Copia settimana /
 * Incolla settimana and Applica modello (which suggests the week after the one shown); `extra`: what the route adds
 * at the end of the same toolbar (the Pianificatore's Proponi settimana).
 */
export function WeekPlanActions({ monday, extra }: { monday: string; extra?: ReactNode }) {
  const [copiedWeek, setCopiedWeekState] = useState<string | null>(loadCopiedWeek);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [esistenti, setEsistenti] = useState<Esistenti>('salta');
  const create = useCreateModello();
  const paste = usePasteWeek();
  const list = useModelli();
  const { dialog: question, confirmReplace } = useReplaceQuestion();
  const undoAction = useUndoAction();
  const [asking, setAsking] = useState(false);
  const busy = create.isPending || paste.isPending || asking;
  const close = () => setDialog(null);
  const setCopiedWeek = (value: string | null) => {
    saveCopiedWeek(value);
    setCopiedWeekState(value);
  };

  const askPaste = () => {
    if (copiedWeek === monday) return void toast.error(MODELLI_MSG.pasteSameWeek);
    setEsistenti('salta');
    setDialog({ type: 'paste' });
  };
  const submitPaste = async () => {
    if (!copiedWeek) return;
    if (esistenti === 'sostituisci') {
      setAsking(true);
      const go = await confirmReplace(monday, addDays(monday, 5), list.data?.sabato ?? false);
      setAsking(false);
      if (!go) return;
    }
    const answer = await withProgress(paste.mutateAsync({ from: copiedWeek, to: monday, esistenti }), MODELLI_MSG.pastingWeek);
    if (!answer) return;
    if (answer.operazione !== null) actionToast('Settimana incollata', undoAction(answer.operazione, 'operazione'));
    setDialog({ type: 'result', answer });
  };

  return (
    <>
      {question}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3" role="toolbar" aria-label="Azioni sulla settimana">
        <Button variant="outline-primary" onClick={() => setDialog({ type: 'save' })} disabled={busy}>
          Salva settimana come modello
        </Button>
        <Button
          variant="outline-primary"
          onClick={() => {
            setCopiedWeek(monday);
            toast.success(MODELLI_MSG.weekCopied);
          }}
          disabled={busy}
        >
          Copia settimana
        </Button>
        {copiedWeek && (
          <ButtonGroup>
            <Button variant="primary" onClick={askPaste} disabled={busy}>
              Incolla settimana
            </Button>
            <Button
              variant="outline-primary"
              onClick={() => setCopiedWeek(null)}
              aria-label="Annulla copia"
              title="Annulla copia"
              disabled={busy}
            >
              X
            </Button>
          </ButtonGroup>
        )}
        {copiedWeek && (
          <Badge bg="light" text="dark" className="border">
            Copiata: settimana del {mondayLabel(copiedWeek)}
          </Badge>
        )}
        <Button variant="outline-success" className="ms-sm-auto" onClick={() => setDialog({ type: 'apply' })} disabled={busy}>
          Applica modello
        </Button>
        {extra}
      </div>

      {dialog?.type === 'save' && (
        <TemplateNameModal
          title="Salva settimana come modello"
          submitLabel="Salva"
          busy={create.isPending}
          onSubmit={async (nome) => {
            await create.mutateAsync({ nome, dasettimana: monday });
            toast.success(MODELLI_MSG.savedFromWeek);
          }}
          onClose={close}
        />
      )}
      {dialog?.type === 'paste' && copiedWeek && (
        <FormModal
          title="Incolla settimana"
          submitLabel="Incolla"
          busy={paste.isPending || asking}
          onSubmit={() => void submitPaste()}
          onClose={close}
        >
          <p>
            Il piano della settimana del {mondayLabel(copiedWeek)} viene scritto sulla settimana del {mondayLabel(monday)}, saltando festivi
            e chiusure.
          </p>
          <EsistentiChoice name="paste-existing" value={esistenti} onChange={setEsistenti} />
        </FormModal>
      )}
      {dialog?.type === 'apply' && <ApplyTemplateModal firstMonday={addDays(monday, 7)} onClose={close} />}
      {dialog?.type === 'result' && <WeekResultModal title="Settimana incollata" giorni={dialog.answer.giorni} onClose={close} />}
    </>
  );
}
