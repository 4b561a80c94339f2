/**
 * Whether the server sees its clients' own addresses: the abuse limits count per address, so a server
 * that takes every patient for one client (a reverse proxy in front, TRUST_PROXY unset) lets one patient
 * use up everybody's allowance, and TRUST_PROXY=true lets any client choose its own address.
 */
import type { CheckResult, DoctorFacts } from './facts.js';

/** Loopback and private ranges, as limits key them (IPv6 by its /56): where a reverse proxy sits. */
const NEAR = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0:0:0:0::\/56$|f[cd][0-9a-f]{2}:|fe[89ab][0-9a-f]:)/;

/** Below this many numbers and new patients in a day, one address may just be one patient. */
export const ONE_ADDRESS_MIN_UNITS = 5;

export function checkClientAddresses({ config, store }: DoctorFacts): CheckResult {
  const name = 'client addresses (TRUST_PROXY)';
  if (config.TRUST_PROXY === true) {
    return {
      name,
      status: 'warn',
      detail: 'TRUST_PROXY=true believes X-Forwarded-For from any hop: a client that reaches the server directly chooses its own address and dodges the abuse limits',
      fix: "set TRUST_PROXY to your reverse proxy's address instead (TRUST_PROXY=127.0.0.1 or loopback when it runs on this machine)",
    };
  }
  if (!store.ok) return { name, status: 'warn', detail: 'not checked: the store could not be opened', fix: 'fix the store first' };
  const { addresses, units } = store.recentClients;
  const [only] = addresses;
  if (config.TRUST_PROXY === false && addresses.length === 1 && NEAR.test(only) && units >= ONE_ADDRESS_MIN_UNITS) {
    return {
      name,
      status: 'warn',
      detail: `every number and new patient of the last day (${units}) came from ${only}: a reverse proxy in front, and the server takes all its patients for one client, so one patient can use up everybody's abuse limits`,
      fix: `set TRUST_PROXY=${only.includes('/') ? "your reverse proxy's address" : only} (the proxy's address), so the server reads each client's own address from X-Forwarded-For`,
    };
  }
  const seen = addresses.length === 0 ? 'no client counted in the last day' : `${addresses.length} client address${addresses.length === 1 ? '' : 'es'} in the last day`;
  return { name, status: 'ok', detail: config.TRUST_PROXY === false ? `TRUST_PROXY unset; ${seen}` : `TRUST_PROXY=${config.TRUST_PROXY.join(',')}; ${seen}` };
}
