/**
 * HTTP_REDIRECT_PORT: a plain HTTP listener that only sends browsers to the same path over HTTPS
 * (301 for GET and HEAD, 308 otherwise, so a form's POST is not turned into a GET). Nothing is
 * served, read or set here: no cookie, no body, no session.
 */
import http from 'node:http';

/** The request's host without its port, when it is a plain host name or address; else the server's own. */
function hostOf(header: string | undefined, fallback: string): string {
  const host = (header ?? '').trim();
  const bracketed = /^(\[[0-9a-f:.]+\])(?::\d+)?$/i.exec(host);
  if (bracketed) return bracketed[1];
  const plain = /^([a-z0-9.-]+)(?::\d+)?$/i.exec(host);
  return plain ? plain[1] : fallback;
}

export function httpsRedirect(httpsPort: number, fallbackHost: string): http.Server {
  return http.createServer((request, response) => {
    const port = httpsPort === 443 ? '' : `:${httpsPort}`;
    const location = `https://${hostOf(request.headers.host, fallbackHost)}${port}${request.url?.startsWith('/') ? request.url : '/'}`;
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    response.writeHead(status, { location, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : `Giornata risponde solo in HTTPS: ${location}\n`);
    request.resume();
  });
}
