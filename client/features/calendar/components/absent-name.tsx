import { cloneElement, useId, useLayoutEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { absentNote, type AbsenceReason } from '../../../../common/absence-reasons.ts';

/** Bootstrap's tooltip stands this far above its target (react-bootstrap's own offset). */
const OFFSET = 6;
/** And never closer than this to the window's edges. */
const EDGE = 4;

interface Handlers {
  ref: Ref<HTMLElement>;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onBlur: () => void;
  'aria-describedby'?: string;
}

/**
 * A person's name on a card, struck through on a day they are absent (Presenze), the reason
 * shown on hover and on focus and read by screen readers. Without `motivo` the name as it is.
 *
 * The reason is Bootstrap's tooltip (its classes, its look) placed above the name by this component: react-bootstrap's
 * OverlayTrigger would bring Popper.js (19 KB gzipped) into the calendar's first visit for this one tooltip
 * (docs/decisions/0036-first-visit-budget.md).
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
  // Most names are not absent: no state, no hooks (a day has a thousand names).
  if (!motivo) return render ? render(<>{name}</>) : <>{name}</>;
  return <NameWithReason name={name} motivo={motivo} render={render} />;
}

function NameWithReason({ name, motivo, render }: { name: string; motivo: AbsenceReason; render?: (label: ReactElement) => ReactElement }) {
  const targetRef = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);
  const tooltipId = useId();
  const label = (
    <>
      <span className="person-absent-name">{name}</span>
      <span className="visually-hidden">, {absentNote(motivo)}</span>
    </>
  );
  const target = render ? render(label) : <span tabIndex={0}>{label}</span>;
  const handlers: Handlers = {
    ref: targetRef,
    onMouseEnter: () => setShown(true),
    onMouseLeave: () => setShown(false),
    onFocus: () => setShown(true),
    onBlur: () => setShown(false),
    ...(shown ? { 'aria-describedby': tooltipId } : {}),
  };
  return (
    <>
      {cloneElement(target as ReactElement<Partial<Handlers>>, handlers)}
      {shown && <TooltipAbove id={tooltipId} target={targetRef} text={absentNote(motivo)} />}
    </>
  );
}

function TooltipAbove({ id, target, text }: { id: string; target: React.RefObject<HTMLElement | null>; text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const arrowRef = useRef<HTMLDivElement>(null);
  const [placed, setPlaced] = useState(false);
  useLayoutEffect(() => {
    const tip = ref.current;
    const anchor = target.current;
    if (!tip || !anchor) return;
    const box = anchor.getBoundingClientRect();
    const centre = box.left + box.width / 2;
    const maxLeft = document.documentElement.clientWidth - tip.offsetWidth - EDGE;
    const left = Math.max(EDGE, Math.min(centre - tip.offsetWidth / 2, maxLeft));
    tip.style.left = `${left + window.scrollX}px`;
    tip.style.top = `${box.top + window.scrollY - tip.offsetHeight - OFFSET}px`;
    if (arrowRef.current) arrowRef.current.style.left = `${centre - left - arrowRef.current.offsetWidth / 2}px`;
    setPlaced(true);
  }, [target]);
  return createPortal(
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className={placed ? 'tooltip bs-tooltip-top show' : 'tooltip bs-tooltip-top'}
      style={{ position: 'absolute', top: 0, left: 0 }}
    >
      <div ref={arrowRef} className="tooltip-arrow" style={{ position: 'absolute' }} />
      <div className="tooltip-inner">{text}</div>
    </div>,
    document.body,
  );
}
