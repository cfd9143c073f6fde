/**
 * Test only, never imported by the app: preloaded into a server process that
 * spawnServer starts with TEST_TODAY=YYYY-MM-DD, it moves the process's clock
 * so that it starts at 09:00 UTC of that day (10:00 or 11:00 in Rome) and
 * then runs as usual. End-to-end tests that depend on "today" (the roll call
 * takes only today and past days) then plan on fixed dates and always assert
 * the same things, whatever the real date. The browser gets the same clock
 * from Playwright (e2e/harness.ts, fixToday).
 */
const day = process.env.TEST_TODAY;
if (day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`TEST_TODAY: expected YYYY-MM-DD, got ${day}`);

const RealDate = Date;
const offset = RealDate.parse(`${day}T09:00:00Z`) - RealDate.now();

class ShiftedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as [string | number | Date]));
  }
  static override now(): number {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate as DateConstructor;
