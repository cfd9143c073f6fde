/**
 * Where the live events stream is (GET /server/eventi; common/live.ts re-exports it with the events' contract): the
 * web app opens it at sign-in, before zod and the contract's schema are needed (docs/decisions/0036-first-visit-budget.md).
 */
export const LIVE_EVENTS_PATH = '/server/eventi';
