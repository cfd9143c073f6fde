import Button from 'react-bootstrap/Button';

interface Props {
  pagina: number;
  /** Whether a next page exists (the registro is not counted). */
  altre: boolean;
  busy: boolean;
  onChange: (pagina: number) => void;
}

/** Precedenti / Successive: newest first, 50 a page. */
export function Pager({ pagina, altre, busy, onChange }: Props) {
  if (pagina === 1 && !altre) return null;
  return (
    <nav className="d-flex align-items-center justify-content-center gap-3 mt-2" aria-label="Pagine">
      <Button variant="outline-secondary" size="sm" disabled={pagina === 1 || busy} onClick={() => onChange(pagina - 1)}>
        ‹ Precedenti
      </Button>
      <span aria-live="polite">Pagina {pagina}</span>
      <Button variant="outline-secondary" size="sm" disabled={!altre || busy} onClick={() => onChange(pagina + 1)}>
        Successive ›
      </Button>
    </nav>
  );
}
