import { PROFILI, PROFILO_CODES } from '../../../../common/progetti.ts';

/** The 13 professional profiles as `<option>`s, after a first option for none. */
export function ProfileOptions({ none }: { none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {PROFILO_CODES.map((code) => (
        <option key={code} value={code}>
          {PROFILI[code]}
        </option>
      ))}
    </>
  );
}
