import { MARKED_LABEL } from '../format.ts';

/** After the account of a row an administrator marked as abusive (docs/decisions/0022-coalesced-access-log.md). */
export function MarkedBadge() {
  return <span className="badge text-bg-warning ms-2 fw-normal">{MARKED_LABEL}</span>;
}
