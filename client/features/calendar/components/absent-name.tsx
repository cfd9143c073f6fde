import type { ReactElement } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { absentNote, type AbsenceReason } from '../../../../common/presenze.ts';

/**
 * A person's name on a card, struck through on a day they are absent (Presenze), the reason
 * shown on hover and on focus and read by screen readers. Without `motivo` the name as it is.
 */
export function AbsentName({
  name,
  motivo,
  render,
}: {
  name: string;
  motivo?: AbsenceReason;
  render?: (label: ReactElement) => ReactElement;
}) {
  if (!motivo) return render ? render(<>{name}</>) : <>{name}</>;
  const label = (
    <>
      <span className="person-absent-name">{name}</span>
      <span className="visually-hidden">, {absentNote(motivo)}</span>
    </>
  );
  const target = render ? render(label) : <span tabIndex={0}>{label}</span>;
  return (
    <OverlayTrigger placement="top" trigger={['hover', 'focus']} overlay={<Tooltip>{absentNote(motivo)}</Tooltip>}>
      {target}
    </OverlayTrigger>
  );
}
