/**
 * GET /api/client-config, fetched once per page and shared: the channel shells read it with React's `use`,
 * so the first screen waits for it behind the loading fallback instead of rendering twice.
 */
import type { ClientConfig } from '../../shared/schemas/functions.js';

let pending: Promise<ClientConfig> | null = null;

export function loadClientConfig(): Promise<ClientConfig> {
  if (!pending) {
    const request = fetch('/api/client-config').then((response) => {
      if (!response.ok) throw new Error(`client-config ${response.status}`);
      return response.json() as Promise<ClientConfig>;
    });
    // A failed fetch must not stick: the error screen's reload gets a fresh try.
    request.catch(() => {
      if (pending === request) pending = null;
    });
    pending = request;
  }
  return pending;
}
