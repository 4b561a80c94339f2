/**
 * Which clinic a request is for (decision 078): its host name, looked up in the operator's list
 * (`npm run clinic -- host-add`). The clinic `default` also answers every host nobody listed for as long as it
 * has no host of its own, so a one-clinic server reached as localhost, by its address or by any name keeps
 * working exactly as before there were clinics; once `default` is given a host, an unlisted host is unknown.
 */
import { DEFAULT_CLINIC } from '../storage/migration-0031-clinics.js';

export interface ClinicDirectory {
  /** Host name (lower-case, no port, no trailing dot) → clinic id. */
  hosts: ReadonlyMap<string, string>;
  /** Every clinic of the deployment and whether the operator disabled it. */
  clinics: ReadonlyMap<string, { disabled: boolean }>;
}

export type HostVerdict = { kind: 'open'; clinic: string } | { kind: 'closed'; clinic: string } | { kind: 'unknown' };

/** The host a browser named, as the list holds it: `Clinic-A.example.jp.:8443` → `clinic-a.example.jp`. */
export function plainHost(hostname: string | undefined): string {
  if (!hostname) return '';
  let host = hostname.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1); // an IPv6 literal keeps its brackets
  const colon = host.indexOf(':');
  if (colon >= 0) host = host.slice(0, colon);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export function clinicForHost(host: string, directory: ClinicDirectory): HostVerdict {
  const clinic = directory.hosts.get(host) ?? (defaultTakesEveryHost(directory) ? DEFAULT_CLINIC : undefined);
  const entry = clinic === undefined ? undefined : directory.clinics.get(clinic);
  if (clinic === undefined || !entry) return { kind: 'unknown' };
  return entry.disabled ? { kind: 'closed', clinic } : { kind: 'open', clinic };
}

function defaultTakesEveryHost(directory: ClinicDirectory): boolean {
  if (!directory.clinics.has(DEFAULT_CLINIC)) return false;
  for (const clinic of directory.hosts.values()) if (clinic === DEFAULT_CLINIC) return false;
  return true;
}
