/** A stored mobile (+39XXXXXXXXXX) as people read it: "+39 333 1234567". Anything else is shown as it is. */
export function formatMobile(value: string): string {
  const m = /^\+39(3\d{2})(\d{6,7})$/.exec(value);
  return m ? `+39 ${m[1]} ${m[2]}` : value;
}
