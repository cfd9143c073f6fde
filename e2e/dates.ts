/** The week the end-to-end tests plan: Monday 23 to Friday 27 November 2026. */
export const MON = '2026-11-23';
export const TUE = '2026-11-24';
export const WED = '2026-11-25';
export const FRI = '2026-11-27';
