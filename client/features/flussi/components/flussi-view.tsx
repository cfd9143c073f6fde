import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { formatDate, todayLocal } from '../../../../common/dates.ts';
import { FLUSSI, FLUSSI_MSG, FLUSSO_LABELS, monthPeriod, type Controllo, type Flusso, type Mancante } from '../../../../common/flussi.ts';
import { PROFILI, type Profilo } from '../../../../common/progetti.ts';
import { paths, schedaOf } from '../../../../common/paths.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import type { CentreSettingsWire } from '../../../../common/impostazioni.ts';
import { useExport } from '../../../lib/export-record.ts';
import { saveAslPdf } from '../asl-pdf.ts';
import { downloadFromServer, useAslPreview, useControllo, usePssPreview, useSiarPreview } from '../api/flussi.ts';
import { TableHead } from '../../../components/table-head.tsx';

/** What a missing field is called in a sentence. */
const CAMPI: Record<string, string> = {
  regione: 'la regione del centro',
  asl: 'l’ASL del centro',
  struttura: 'il codice della struttura',
  dsm: 'il codice del DSM',
  tipoStrutturaSism: 'il tipo di struttura semiresidenziale',
  CodiceFiscale: 'codice fiscale',
  AslResidenza: 'ASL di residenza',
  IdRegionale: 'identificativo regionale',
  IdContatto: 'identificativo del contatto DSM',
};

const previousMonth = (today: string) => {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/**
 * Rendicontazione (administrators): choose the flow and its period; the check's list comes first (what is missing,
 * with links to the utente's record or the centre's settings; the days without roll call, with links to their
 * Appello), then the preview and the download buttons. A file is never offered while something is missing.
 */
export function FlussiView() {
  const today = todayLocal();
  const [flusso, setFlusso] = useState<Flusso>('asl');
  const [mese, setMese] = useState(previousMonth(today));
  const [anno, setAnno] = useState(Number(today.slice(0, 4)));
  const [semestre, setSemestre] = useState<1 | 2>(Number(today.slice(5, 7)) <= 6 ? 1 : 2);
  const periodo = flusso === 'asl' ? mese : flusso === 'siar_oreprof' ? String(anno) : `${anno}-S${semestre}`;
  const controllo = useControllo(flusso, periodo);
  const years = Array.from({ length: 6 }, (_, i) => Number(today.slice(0, 4)) - i);

  return (
    <div className="py-3" style={{ maxWidth: '60rem' }}>
      <h1 className="h3 mb-3">{FLUSSI_MSG.title}</h1>
      <Form className="d-flex flex-wrap gap-3 align-items-end mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Group controlId="flussi-flusso">
          <Form.Label>Flusso</Form.Label>
          <Form.Select value={flusso} onChange={(e) => setFlusso(e.target.value as Flusso)}>
            {FLUSSI.map((f) => (
              <option key={f} value={f}>
                {FLUSSO_LABELS[f]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {flusso === 'asl' ? (
          <Form.Group controlId="flussi-mese">
            <Form.Label>Mese</Form.Label>
            <Form.Control type="month" value={mese} max={today.slice(0, 7)} onChange={(e) => e.target.value && setMese(e.target.value)} />
          </Form.Group>
        ) : (
          <Form.Group controlId="flussi-anno">
            <Form.Label>Anno</Form.Label>
            <Form.Select value={anno} onChange={(e) => setAnno(Number(e.target.value))}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {flusso === 'sism_pss' && (
          <Form.Group controlId="flussi-semestre">
            <Form.Label>Semestre</Form.Label>
            <Form.Select value={semestre} onChange={(e) => setSemestre(Number(e.target.value) as 1 | 2)}>
              <option value={1}>1° semestre (gennaio–giugno)</option>
              <option value={2}>2° semestre (luglio–dicembre)</option>
            </Form.Select>
          </Form.Group>
        )}
      </Form>

      {controllo.isPending && <Spinner role="status" aria-label="Controllo dei dati in corso" />}
      {controllo.isError && <Alert variant="danger">{errorMessage(controllo.error)}</Alert>}
      {controllo.data && <CheckList controllo={controllo.data} />}
      {controllo.data && (
        <>
          {flusso === 'asl' && <AslSection mese={mese} pronto={controllo.data.pronto} />}
          {flusso === 'siar_oreprof' && <SiarSection anno={anno} pronto={controllo.data.pronto} />}
          {flusso === 'sism_pss' && <PssSection anno={anno} semestre={semestre} pronto={controllo.data.pronto} />}
        </>
      )}
    </div>
  );
}

/** "Mancano: codice fiscale di 3 utenti" with a link to each record; the centre's codes with a link to Anagrafiche → Centro. */
function CheckList({ controllo }: { controllo: Controllo }) {
  const settings = controllo.mancanti.filter((m) => m.cosa === 'impostazioni');
  const byField = new Map<string, Mancante[]>();
  for (const m of controllo.mancanti) if (m.cosa === 'paziente') byField.set(m.campo, [...(byField.get(m.campo) ?? []), m]);
  const noDays = controllo.mancanti.some((m) => m.cosa === 'periodo');
  return (
    <section aria-labelledby="flussi-controllo" className="mb-4">
      <h2 id="flussi-controllo" className="h5">
        Controllo
      </h2>
      {controllo.pronto && (
        <Alert variant="success" className="py-2">
          {FLUSSI_MSG.ready}
        </Alert>
      )}
      {!controllo.pronto && (
        <Alert variant="warning" className="py-2">
          <ul className="mb-0 ps-3">
            {settings.length > 0 && (
              <li>
                Mancano nelle impostazioni del centro: {settings.map((m) => CAMPI[m.campo] ?? m.campo).join(', ')}.{' '}
                <Link to={`${paths.anagrafiche}?scheda=centro`}>Apri Anagrafiche → Centro</Link>
              </li>
            )}
            {[...byField].map(([campo, list]) => (
              <li key={campo}>
                Mancano: {CAMPI[campo] ?? campo} di {list.length === 1 ? '1 utente' : `${list.length} utenti`}:{' '}
                {list.map((m, i) => (
                  <span key={m.ID}>
                    {i > 0 && ', '}
                    <Link to={schedaOf(m.ID!)}>{m.nome}</Link>
                  </span>
                ))}
              </li>
            ))}
            {noDays && <li>{FLUSSI_MSG.noAttendance}</li>}
          </ul>
        </Alert>
      )}
      {controllo.avvisi.map((a) =>
        a.cosa === 'giorni_senza_appello' ? (
          <Alert key={a.cosa} variant="info" className="py-2">
            {a.date.length === 1 ? '1 giorno senza appello' : `${a.date.length} giorni senza appello`} (attività con utenti ma nessuna
            presenza segnata: non sono contati):{' '}
            {a.date.map((d, i) => (
              <span key={d}>
                {i > 0 && ', '}
                <Link to={`${paths.presenze}?scheda=appello&data=${d}`}>{formatDate(d)}</Link>
              </span>
            ))}
          </Alert>
        ) : (
          <Alert key={a.cosa} variant="info" className="py-2">
            Operatori senza profilo professionale (le loro ore non sono contate): {a.operatori.map((o) => o.nome).join(', ')}.{' '}
            <Link to={`${paths.anagrafiche}?scheda=terapisti`}>Apri Anagrafiche</Link>
          </Alert>
        ),
      )}
    </section>
  );
}

function DownloadButton({ label, path, disabled }: { label: string; path: string; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = await downloadFromServer(path);
      toast.success(`Scaricato ${name}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="primary" disabled={disabled || busy} onClick={() => void run()}>
      {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      {label}
    </Button>
  );
}

const hours = (n: number) => String(n).replace('.', ',');

function AslSection({ mese, pronto }: { mese: string; pronto: boolean }) {
  const preview = useAslPreview(mese, true);
  const pdf = useExport();
  const period = monthPeriod(mese);
  return (
    <section aria-labelledby="flussi-anteprima" className="mb-4">
      <h2 id="flussi-anteprima" className="h5">
        Anteprima
      </h2>
      {preview.isPending && <Spinner role="status" aria-label="Caricamento dell’anteprima" />}
      {preview.isError && <Alert variant="danger">{errorMessage(preview.error)}</Alert>}
      {preview.data && preview.data.asl.length === 0 && <p className="text-muted">Nessun utente con l’appello segnato in questo mese.</p>}
      {preview.data?.asl.map((g) => (
        <div key={g.asl} className="table-responsive mb-3">
          <Table size="sm" bordered className="align-middle">
            <caption className="caption-top">ASL {g.asl || 'non indicata'}</caption>
            <TableHead
              columns={['Utente', 'Codice fiscale', 'Giorni', 'Oltre 4 ore', 'Ore', 'Assenze giustificate', 'Assenze non giustificate']}
            />
            <tbody>
              {g.utenti.map((u) => (
                <tr key={u.paziente}>
                  <th scope="row">
                    <Link to={schedaOf(u.paziente)}>{u.nome}</Link>
                  </th>
                  <td>{u.CodiceFiscale || '—'}</td>
                  <td>{u.giorni}</td>
                  <td>{u.giorniOltre4Ore}</td>
                  <td>{hours(u.ore)}</td>
                  <td>{u.assenzeGiustificate}</td>
                  <td>{u.assenzeNonGiustificate}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Totale</th>
                <td />
                <td>{g.totali.giorni}</td>
                <td>{g.totali.giorniOltre4Ore}</td>
                <td>{hours(g.totali.ore)}</td>
                <td>{g.totali.assenzeGiustificate}</td>
                <td>{g.totali.assenzeNonGiustificate}</td>
              </tr>
            </tfoot>
          </Table>
        </div>
      ))}
      <div className="d-flex flex-wrap gap-2">
        <DownloadButton label="Scarica CSV" path={`/flussi/asl?mese=${mese}&formato=csv`} disabled={!pronto} />
        <Button
          variant="outline-primary"
          disabled={!pronto || !preview.data || pdf.busy}
          onClick={() =>
            void pdf.run(async () => {
              const centre = (await api.get<CentreSettingsWire>('/impostazioni')).nomecentro;
              const account = preview.data!;
              return { record: { tipo: 'rendiconto_asl_pdf', dal: period.dal, al: period.al }, make: () => saveAslPdf(account, centre) };
            })
          }
        >
          {pdf.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Scarica PDF
        </Button>
      </div>
    </section>
  );
}

function SiarSection({ anno, pronto }: { anno: number; pronto: boolean }) {
  const preview = useSiarPreview(anno, true);
  return (
    <section aria-labelledby="flussi-anteprima" className="mb-4">
      <h2 id="flussi-anteprima" className="h5">
        Anteprima: ore erogate nel {anno} per categoria
      </h2>
      {preview.isPending && <Spinner role="status" aria-label="Caricamento dell’anteprima" />}
      {preview.isError && <Alert variant="danger">{errorMessage(preview.error)}</Alert>}
      {preview.data && (
        <Table size="sm" bordered style={{ maxWidth: '32rem' }}>
          <TableHead columns={['Profilo', 'Ore']} />
          <tbody>
            {preview.data.ore.map((o) => (
              <tr key={o.profilo}>
                <th scope="row" className="fw-normal">
                  {PROFILI[o.profilo as Profilo] ?? o.profilo}
                </th>
                <td>{o.ore}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div className="d-flex flex-wrap gap-2">
        <DownloadButton label="Scarica XML" path={`/flussi/siar/oreprof?anno=${anno}`} disabled={!pronto} />
        <DownloadButton label="Scarica CSV" path={`/flussi/siar/oreprof?anno=${anno}&formato=csv`} disabled={!pronto} />
      </div>
    </section>
  );
}

function PssSection({ anno, semestre, pronto }: { anno: number; semestre: 1 | 2; pronto: boolean }) {
  const preview = usePssPreview(anno, semestre, true);
  const perUtente = new Map<number, { nome: string; giorni: number; oltre: number }>();
  for (const r of preview.data?.righe ?? []) {
    const e = perUtente.get(r.paziente) ?? { nome: r.nome, giorni: 0, oltre: 0 };
    e.giorni += 1;
    if (r.modalita === '2') e.oltre += 1;
    perUtente.set(r.paziente, e);
  }
  return (
    <section aria-labelledby="flussi-anteprima" className="mb-4">
      <h2 id="flussi-anteprima" className="h5">
        Anteprima: {preview.data ? `${preview.data.righe.length} righe` : 'righe'} (una per utente e giorno di presenza)
      </h2>
      {preview.isPending && <Spinner role="status" aria-label="Caricamento dell’anteprima" />}
      {preview.isError && <Alert variant="danger">{errorMessage(preview.error)}</Alert>}
      {preview.data && (
        <Table size="sm" bordered style={{ maxWidth: '40rem' }}>
          <TableHead columns={['Utente', 'Giorni di presenza', 'di cui oltre 4 ore']} />
          <tbody>
            {[...perUtente].map(([id, e]) => (
              <tr key={id}>
                <th scope="row">
                  <Link to={schedaOf(id)}>{e.nome}</Link>
                </th>
                <td>{e.giorni}</td>
                <td>{e.oltre}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div className="d-flex flex-wrap gap-2">
        <DownloadButton label="Scarica CSV" path={`/flussi/sism/pss?anno=${anno}&semestre=${semestre}`} disabled={!pronto} />
        <DownloadButton label="Scarica XML" path={`/flussi/sism/pss?anno=${anno}&semestre=${semestre}&formato=xml`} disabled={!pronto} />
      </div>
    </section>
  );
}
