/**
 * The real server as a child process (`node --import tsx server/main.ts`),
 * for the tests, the end-to-end harness, the benchmark and the load test,
 * and a signed-in HTTP session against it.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null>;
  /** Sends the signal (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the server on a free port and resolves once it listens. */
export function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  // TEST_TODAY: the process's clock starts on that day (server/test/shifted-clock.ts).
  const clock = env.TEST_TODAY ? ['--import', './server/test/shifted-clock.ts'] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...clock, 'server/main.ts'], {
    // No daily backup unless a test asks for one (BACKUP_TIME): a server started by a test never takes one by surprise.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', BACKUP_TIME: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /pronta su (https?:\/\/\S+?)\/ /.exec(out);
      if (m) {
        resolve({
          url: m[1],
          child,
          output: () => out,
          exited: () => exit,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exit;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then((code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
}

export interface HttpSession {
  cookie: string;
  token: string;
  /** A JSON call with the session's cookies and X-XSRF-TOKEN. */
  call(route: string, body: unknown, method?: 'POST' | 'PUT'): Promise<Response>;
}

/** The XSRF-TOKEN cookie the server gives an anonymous visitor, which the login must echo. */
export async function anonymousXsrfToken(url: string, headers: Record<string, string> = {}): Promise<string> {
  const first = await fetch(`${url}/server/health`, { headers });
  await first.text();
  return /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1];
}

/** A sign-in attempt as the web app makes it, echoing the anonymous token. */
export function postLogin(
  url: string,
  token: string,
  account: { username: string; password: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${url}/server/user/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify({ username: account.username, pass: account.password }),
  });
}

/** Signs in over HTTP as the web app does. */
export async function signInOverHttp(url: string, account: { username: string; password: string }): Promise<HttpSession> {
  const res = await postLogin(url, await anonymousXsrfToken(url), account);
  if (res.status !== 200) throw new Error(`login of ${account.username}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = cookies.join('; ');
  const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1];
  return {
    cookie,
    token,
    call: (route, body, method = 'POST') =>
      fetch(`${url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
        body: JSON.stringify(body),
      }),
  };
}
