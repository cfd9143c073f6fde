import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

interface Props {
  /** An export is being made (lib/export-record.ts, useExport): the button waits, with a spinner. */
  busy: boolean;
  /** Nothing to export yet. */
  disabled?: boolean;
  onClick: () => void;
  size?: 'sm';
  variant?: ButtonProps['variant'];
  children: ReactNode;
}

/** Stampa PDF, Esporta PDF, Esporta CSV: a button that waits while its export is recorded and made. */
export function ExportButton({ busy, disabled = false, onClick, size, variant, children }: Props) {
  return (
    <Button size={size} variant={variant} onClick={onClick} disabled={disabled || busy}>
      {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}
