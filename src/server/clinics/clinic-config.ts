/**
 * A clinic's own configuration (decision 078). The deployment's settings (ports, limits, timeouts, the push
 * keys, LINE's base URLs) hold for every clinic; what names one clinic or is one clinic's account — its name,
 * its site, its public address, its LINE channels — is the environment's only for the clinic `default`, which
 * a one-clinic server always was. Any other clinic starts without them and gets them from what is set for it
 * in the store.
 */
import type { Config } from '../config.js';
import { DEFAULT_CLINIC } from '../storage/migration-0031-clinics.js';

/** The settings that are one clinic's own, never inherited from the environment by another clinic. */
export const CLINIC_OWN_KEYS = [
  'CLINIC_SITE_URL',
  // The address the clinic `default`'s patients reach it at: inherited, it would put A's host in B's desk
  // check-in link and printed tickets, sending B's patients (and B's desk code) to a clinic that knows
  // none of their numbers. Without it a link names the host the staff's request came to, the clinic's own.
  'PUBLIC_ORIGIN',
  'LINE_LOGIN_CHANNEL_ID',
  'LINE_LOGIN_CHANNEL_SECRET',
  'LINE_LIFF_ID',
  'LINE_LIFF_ID_BOOK',
  'LINE_LIFF_ID_ALL',
  'LINE_LIFF_ID_MY',
  'LINE_OFFICIAL_ACCOUNT_URL',
  'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN',
  'LINE_MESSAGING_CHANNEL_SECRET',
  'LINE_MINIAPP_CHANNEL_ID',
  'LINE_MINIAPP_CHANNEL_SECRET',
  'LINE_SERVICE_TEMPLATE',
] as const satisfies readonly (keyof Config)[];

export interface ClinicIdentity {
  id: string;
  /** The operator's name for it (`npm run clinic -- add --name`): patients read it where CLINIC_NAME was. */
  name: string | null;
}

export function clinicConfig(deployment: Config, clinic: ClinicIdentity, own: Partial<Config> = {}): Config {
  if (clinic.id === DEFAULT_CLINIC) return { ...deployment, ...own };
  const config: Config = { ...deployment, CLINIC_NAME: clinic.name ?? clinic.id, LINE_SERVICE_PARAMS: [] };
  for (const key of CLINIC_OWN_KEYS) delete config[key];
  return { ...config, ...own };
}
