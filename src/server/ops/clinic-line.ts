/**
 * `npm run clinic -- line …` (decision 079): a clinic's own LINE channels and name for patients, from a
 * settings file written as `.env` is (the same names), shown without any secret, or cleared. The file is the
 * clinic's whole set-up: a name it lacks is not set. Any problem refuses the whole file and writes nothing.
 */
import { parseEnv } from 'node:util';
import type { Store } from '../storage/port.js';
import { clearClinicOverlay, describeClinicOverlay, writeClinicOverlay } from '../clinics/line-channels.js';
import { DEFAULT_CLINIC } from '../storage/migration-0031-clinics.js';
import { ClinicCommandError, known } from './clinics.js';

const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

/**
 * The file's settings by Node's own `.env` reader (quotes, comments, `export`), which the server's `.env` goes
 * through too. A line that reader would skip without a word (no `=`), or a name given twice, is refused here:
 * an operator's typo must not vanish into a setting left unset.
 */
export function parseSettingsFile(text: string): Record<string, string> {
  const seen = new Set<string>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const name = ASSIGNMENT.exec(line)?.[1];
    if (!name) problems.push(`line ${i + 1}: not NAME=value`);
    else if (seen.has(name)) problems.push(`line ${i + 1}: ${name} a second time`);
    else seen.add(name);
  });
  if (problems.length > 0) throw new ClinicCommandError(`nothing was written:\n  ${problems.join('\n  ')}`);
  return Object.fromEntries(Object.entries(parseEnv(text)).map(([name, value]) => [name, value ?? '']));
}

/** Sets the clinic's own settings from a file's text; the names set, secrets among them by name only. */
export async function setClinicLine(store: Store, id: string, fileText: string, serverSecret: string): Promise<string[]> {
  await known(store, id);
  const settings = parseSettingsFile(fileText);
  const clinic = store.forClinic(id);
  await writeClinicOverlay(clinic, serverSecret, settings);
  const shown = await describeClinicOverlay(clinic, serverSecret);
  return (shown?.settings ?? []).filter((s) => s.state === 'set').map((s) => s.name);
}

/** What the clinic set, one line each: a non-secret with its value, a secret as "set" only. */
export async function showClinicLine(store: Store, id: string, serverSecret: string): Promise<string> {
  await known(store, id);
  const shown = await describeClinicOverlay(store.forClinic(id), serverSecret);
  if (!shown) {
    const fallback = id === DEFAULT_CLINIC ? ': the environment’s settings apply' : '';
    return `clinic ${id} has no LINE settings of its own${fallback} (npm run clinic -- line ${id} --env <file>)`;
  }
  const lines = shown.settings.map((s) => {
    if (s.state === 'unset') return `${s.name}: not set`;
    if (s.state === 'unopened') return `${s.name}: set, but it does not open with this deployment's TOKEN_SECRET: set it again`;
    return s.secret ? `${s.name}: set` : `${s.name}=${s.value}`;
  });
  return [`clinic ${id}: its own LINE settings (written ${shown.updatedAt})`, ...lines].join('\n');
}

export async function clearClinicLine(store: Store, id: string): Promise<boolean> {
  await known(store, id);
  return clearClinicOverlay(store.forClinic(id));
}
