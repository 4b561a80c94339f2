/**
 * What request logging may say about a URL. The LINE sign-in returns to /line/callback?code=…&state=…
 * (and LIFF adds liff.state, liffClientId, …): a code is worth a LINE sign-in until it is used, and log
 * files travel further than the server (support tickets, log shippers). No API of ours takes its input in
 * the query (functions are JSON POSTs), so query values carry nothing an operator needs: every value is
 * replaced, whatever the path, except LINE's OAuth `error` code (e.g. access_denied), which says why a
 * sign-in failed. The parameter names stay (a bare value without a name is replaced too), so a log still
 * shows which redirect arrived. An allow-list, not a deny-list, so a parameter LINE adds tomorrow is hidden
 * too.
 */
import type { FastifyRequest } from 'fastify';

const SHOWN_QUERY_VALUES = new Set(['error']);
export const REDACTED = '[redacted]';

export function loggableUrl(url: string): string {
  const cut = url.indexOf('?');
  if (cut < 0) return url;
  const query = url
    .slice(cut + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      // A bare segment (`?abc123`) may itself be a token.
      if (eq < 0) return name === '' ? '' : REDACTED;
      return SHOWN_QUERY_VALUES.has(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, cut)}?${query}`;
}

/** Fastify's own request serializer, with the URL made loggable. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
