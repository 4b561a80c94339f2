/**
 * The public client configuration without suspending: the /line and /web shells wait for it, but the PWA
 * must start offline from its cached shell, where /api/client-config cannot answer. Screens use what it
 * adds (the LINE link, the clinic's name) once it arrives and do without it until then.
 */
import { useEffect, useState } from 'react';
import type { ClientConfig } from '../../shared/schemas/functions.js';
import { loadClientConfig } from '../patient/client-config.js';

export function useClientConfig(): ClientConfig | null {
  const [config, setConfig] = useState<ClientConfig | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let stale = false;
    const again = () => setAttempt((n) => n + 1);
    loadClientConfig().then(
      (loaded) => {
        if (!stale) setConfig(loaded);
      },
      () => {
        // Offline: try again when the network is back (loadClientConfig forgets a failed fetch).
        if (!stale) window.addEventListener('online', again, { once: true });
      },
    );
    return () => {
      stale = true;
      window.removeEventListener('online', again);
    };
  }, [attempt]);
  return config;
}
