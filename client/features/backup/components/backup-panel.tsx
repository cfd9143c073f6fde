import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { BACKUP_MSG, backupIsStale } from '../../../../common/backup.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { backupFileUrl, useBackupState } from '../api/backup.ts';

/** "26-11-2026 02:30", in Rome as the centre's day. */
const whenText = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(/\//g, '-')
    .replace(',', '');

/** "1,2 MB", "840 kB". */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('it-IT')} kB`;
}

/**
 * Backup (Anagrafiche → Centro, administrators only): the last daily backup (when, how large, whether it was proved to
 * restore), the next one, how many are kept, and its download; a red note when the last successful one is older than
 * 36 hours or there is none.
 */
export function BackupPanel() {
  const user = useUser();
  if (!isAdmin(user)) return null;
  return (
    <section aria-labelledby="backup-title" className="mt-4" style={{ maxWidth: '36rem' }}>
      <h2 id="backup-title" className="h5">
        Backup
      </h2>
      <BackupDetails />
    </section>
  );
}

function BackupDetails() {
  const state = useBackupState();
  if (state.isPending) return <Spinner role="status" aria-label="Caricamento dello stato dei backup" size="sm" />;
  if (state.isError) return <Alert variant="danger">{errorMessage(state.error)}</Alert>;
  const { attivo, ultimo, prossimo, conservati, errore } = state.data;
  const stale = attivo && backupIsStale(state.data, new Date());
  return (
    <>
      {!attivo && <Alert variant="secondary">{BACKUP_MSG.off}</Alert>}
      {stale && (
        <Alert variant="danger" role="alert">
          {ultimo ? BACKUP_MSG.stale : BACKUP_MSG.none}
        </Alert>
      )}
      <dl className="row mb-2" aria-label="Stato dei backup">
        <dt className="col-sm-5">Ultimo backup</dt>
        <dd className="col-sm-7">{ultimo ? `${whenText(ultimo.quando)}, ${sizeText(ultimo.byte)}` : 'Nessuno'}</dd>
        {ultimo && (
          <>
            <dt className="col-sm-5">Verifica</dt>
            <dd className="col-sm-7">
              {ultimo.verificato
                ? `Verificato: ripristinato in un database di prova, ${ultimo.righe.toLocaleString('it-IT')} righe`
                : 'Non verificato'}
            </dd>
          </>
        )}
        <dt className="col-sm-5">Prossimo backup</dt>
        <dd className="col-sm-7">{prossimo ? whenText(prossimo) : '—'}</dd>
        <dt className="col-sm-5">Backup conservati</dt>
        <dd className="col-sm-7">{conservati}</dd>
        {errore && (
          <>
            <dt className="col-sm-5">Ultimo errore</dt>
            <dd className="col-sm-7 text-danger">{errore} (nuovo tentativo entro un’ora)</dd>
          </>
        )}
      </dl>
      {ultimo && (
        <a href={backupFileUrl(ultimo.file)} download={ultimo.file}>
          Scarica l’ultimo backup ({ultimo.file})
        </a>
      )}
    </>
  );
}
