/**
 * iCalendar text (RFC 5545) written by hand (docs/decisions/0015-ical-feed.md): lines end in
 * CRLF and are folded at 75 octets without splitting a character, TEXT values escape
 * backslash, semicolon, comma and newlines, and times are local to Europe/Rome with the zone's
 * VTIMEZONE (the EU rule: summer time from the last Sunday of March to the last Sunday of October).
 */

export interface IcalEvent {
  uid: string;
  /** yyyy-mm-dd */
  day: string;
  /** HH:MM, local to Europe/Rome. */
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  sequence: number;
  /**
   * An all-day event from `day` to this day (both included), written as DATE values (DTEND the day after,
   * exclusive as RFC 5545 wants); `start` and `end` are then ignored.
   */
  allDayUntil?: string;
}

export interface IcalCalendar {
  name: string;
  /** When the feed was made (DTSTAMP of every event). */
  stamp: Date;
  events: IcalEvent[];
}

const TZID = 'Europe/Rome';

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A TEXT value: backslash, semicolon, comma and newlines escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded at 75 octets: each continuation starts with a space, and no UTF-8 character is split. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space is one of its 75
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDay = (day: string) => day.replaceAll('-', '');

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A local date-time of the zone; 24:00 is midnight of the next day. */
function localTime(day: string, time: string): string {
  if (time.startsWith('24:')) return `${compactDay(nextDay(day))}T000000`;
  return `${compactDay(day)}T${time.slice(0, 2)}${time.slice(3, 5)}00`;
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function writeCalendar(calendar: IcalCalendar): string {
  const stamp = utcStamp(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Giornata//Agenda personale//IT',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${TZID}`,
    ...VTIMEZONE,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      ...(event.allDayUntil
        ? [`DTSTART;VALUE=DATE:${compactDay(event.day)}`, `DTEND;VALUE=DATE:${compactDay(nextDay(event.allDayUntil))}`]
        : [`DTSTART;TZID=${TZID}:${localTime(event.day, event.start)}`, `DTEND;TZID=${TZID}:${localTime(event.day, event.end)}`]),
      `SEQUENCE:${event.sequence}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
