/**
 * A plain HTTP reader of GET /server/eventi for the tests and the benchmark
 * (inject cannot stream): it parses the Server-Sent Events as a browser
 * would, keeping every message, comment and id it read.
 */
import http from 'node:http';

export interface StreamMessage {
  id: string | undefined;
  data: string;
  /** When it was read (performance.now()). */
  at: number;
}

export interface EventStreamReader {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole body of an answer other than 200. */
  body: string;
  messages: StreamMessage[];
  comments: string[];
  retry: number | undefined;
  /** The last id read (what a browser would send as Last-Event-ID). */
  lastEventId: string | undefined;
  ended: boolean;
  /** Resolves when `done()` holds, or rejects after `timeoutMs`. */
  until(done: () => boolean, timeoutMs?: number): Promise<void>;
  /** The parsed data of the messages read so far. */
  data(): unknown[];
  close(): void;
  /** Called with each message as it is read. */
  onMessage?: (message: StreamMessage) => void;
}

/** Opens the stream at `baseUrl` with the session's cookie; resolves once the answer's head arrived. */
export function openEventStream(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string; agent?: http.Agent } = {},
): Promise<EventStreamReader> {
  const url = new URL('/server/eventi', baseUrl);
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: options.agent ?? false }, (res) => {
      const waiters = new Set<() => void>();
      const wake = () => waiters.forEach((w) => w());
      let buffer = '';
      let eventId: string | undefined;
      let dataLines: string[] = [];
      const reader: EventStreamReader = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        messages: [],
        comments: [],
        retry: undefined,
        lastEventId: undefined,
        ended: false,
        until(done, timeoutMs = 5000) {
          if (done()) return Promise.resolve();
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`timed out after ${timeoutMs} ms; read ${JSON.stringify(reader.messages.map((m) => m.data))}`));
            }, timeoutMs);
            const check = () => {
              if (!done()) return;
              clearTimeout(timer);
              waiters.delete(check);
              ok();
            };
            waiters.add(check);
          });
        },
        data: () => reader.messages.map((m) => JSON.parse(m.data) as unknown),
        close: () => req.destroy(),
      };
      const line = (text: string) => {
        if (text === '') {
          if (eventId !== undefined) reader.lastEventId = eventId;
          if (dataLines.length > 0) {
            const message = { id: eventId, data: dataLines.join('\n'), at: performance.now() };
            reader.messages.push(message);
            reader.onMessage?.(message);
          }
          eventId = undefined;
          dataLines = [];
          return;
        }
        if (text.startsWith(':')) {
          reader.comments.push(text.slice(1).trim());
          return;
        }
        const colon = text.indexOf(':');
        const field = colon < 0 ? text : text.slice(0, colon);
        const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') dataLines.push(value);
        else if (field === 'id') eventId = value;
        else if (field === 'retry') reader.retry = Number(value);
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (reader.status !== 200) {
          reader.body += chunk;
          return;
        }
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n')) >= 0) {
          line(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 1);
        }
        wake();
      });
      const end = () => {
        reader.ended = true;
        wake();
      };
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
      if (reader.status === 200) resolve(reader);
      else res.once('end', () => resolve(reader));
    });
    req.on('error', reject);
  });
}
