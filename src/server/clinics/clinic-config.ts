/**
 * A clinic's own configuration (decision 078). The deployment's settings (ports, limits, timeouts, the push
 * keys, LINE's base URLs) hold for every clinic; what names one clinic or is one clinic's account — its name,
 * its site, its LINE channels — is the environment's only for the clinic `default`, which a one-clinic server
 * always was. Any other clinic has only what is set for it in the store (decision 079, line-channels.ts), and
 * until it sets a name, the name the operator gave it.
 */
import type { Config } from '../config.js';
import { DEFAULT_CLINIC } from '../storage/migration-0031-clinics.js';
import { type ClinicOverlayConfig, clinicConfig } from './line-channels.js';

export interface ClinicIdentity {
  id: string;
  /** The operator's name for it (`npm run clinic -- add --name`). */
  name: string | null;
  /** When its settings were last written (line_channels.updated_at): a new value makes a new runtime. */
  settingsStamp: string | null;
}

export function runtimeConfig(deployment: Config, clinic: ClinicIdentity, own: ClinicOverlayConfig): Config {
  if (clinic.id === DEFAULT_CLINIC) return clinicConfig(deployment, own, true);
  const config = clinicConfig(deployment, own, false);
  // The clinic's site and its public origin are the environment's clinic's, never another's: with
  // PUBLIC_ORIGIN inherited, this clinic's check-in links and printed QR codes named the default clinic's host.
  // Without it the links use the host the staff's request came to.
  delete config.CLINIC_SITE_URL;
  delete config.PUBLIC_ORIGIN;
  return own.CLINIC_NAME === undefined ? { ...config, CLINIC_NAME: clinic.name ?? clinic.id } : config;
}
