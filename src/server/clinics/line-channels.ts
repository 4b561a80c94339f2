/**
 * A clinic's own LINE channels and the name its patients see (decision 079), kept in its store
 * (`line_channels`, migration 0032) instead of the environment, so one deployment can serve clinics with
 * channels of their own. What a clinic set reads back as the settings of its `Config` (the overlay); the four
 * secrets are sealed with the server's key for this clinic and this setting, so a database or a row copied
 * elsewhere, or to another clinic, holds nothing that opens. No value is ever put into an error or a report.
 */
import { type Sealer, sealer } from '../auth/sealed.js';
import { type Config, CONFIG_SCHEMA, serviceTemplateProblem } from '../config.js';
import type { Store } from '../storage/port.js';
import { LINE_SEALED_COLUMNS, type LineChannelsTable } from '../storage/schema-line-channels.js';

/** Each setting a clinic may hold, by its environment name, and the column that holds it. */
const COLUMNS = {
  CLINIC_NAME: 'clinic_name',
  LINE_LOGIN_CHANNEL_ID: 'login_channel_id',
  LINE_LOGIN_CHANNEL_SECRET: 'login_channel_secret',
  LINE_LIFF_ID: 'liff_id',
  LINE_LIFF_ID_BOOK: 'liff_id_book',
  LINE_LIFF_ID_ALL: 'liff_id_all',
  LINE_LIFF_ID_MY: 'liff_id_my',
  LINE_OFFICIAL_ACCOUNT_URL: 'official_account_url',
  LINE_BOT_PROMPT: 'bot_prompt',
  LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'messaging_access_token',
  LINE_MESSAGING_CHANNEL_SECRET: 'messaging_channel_secret',
  LINE_MINIAPP_CHANNEL_ID: 'miniapp_channel_id',
  LINE_MINIAPP_CHANNEL_SECRET: 'miniapp_channel_secret',
  LINE_SERVICE_TEMPLATE: 'service_template',
  LINE_SERVICE_PARAMS: 'service_params',
  LINE_BOT_USER_ID: 'bot_user_id',
} as const satisfies { [K in keyof Config]?: Exclude<keyof LineChannelsTable, 'id' | 'updated_at'> };

export type ClinicSettingName = keyof typeof COLUMNS;
export const CLINIC_SETTING_NAMES = Object.keys(COLUMNS) as readonly ClinicSettingName[];
const SEALED: ReadonlySet<string> = new Set(LINE_SEALED_COLUMNS);
export const isSecretSetting = (name: ClinicSettingName): boolean => SEALED.has(COLUMNS[name]);

/** The settings a clinic set, as its `Config` holds them (secrets opened): exactly the keys it set. */
export type ClinicOverlayConfig = Partial<Pick<Config, ClinicSettingName>>;

/** A stored setting left out: a secret that does not open with this server's key, or a value the rules no longer take. */
export interface UnusableSetting {
  name: ClinicSettingName;
  reason: 'unopened' | 'invalid';
}

export interface ClinicOverlay {
  config: ClinicOverlayConfig;
  /** To be logged by name (never with a value); each is also absent from `config`. */
  unusable: UnusableSetting[];
}

/** Settings the operator's file got wrong, one line each, naming the setting but never its value. */
export class ClinicSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`nothing was written:\n  ${problems.join('\n  ')}`);
  }
}

const lineSealer = (serverSecret: string): Sealer => sealer(serverSecret, 'line-channels');
/** Sealed for one clinic and one setting: a value copied to another clinic's row, or another column, opens for none. */
const sealContext = (clinic: string, name: ClinicSettingName) => `line_channels.${COLUMNS[name]} ${clinic}`;

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };
function parseSetting(name: ClinicSettingName, text: string): Parsed {
  const parsed = CONFIG_SCHEMA.shape[name].safeParse(text);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? 'not valid' };
}
const isClinicSetting = (name: string): name is ClinicSettingName => Object.hasOwn(COLUMNS, name);

/**
 * The settings of an operator's file checked by the environment's own rules: every problem at once. An empty
 * value is not set (as in `.env`). Returns the values to keep, trimmed.
 */
export function checkClinicSettings(settings: Readonly<Record<string, string>>): Partial<Record<ClinicSettingName, string>> {
  const problems: string[] = [];
  const kept: Partial<Record<ClinicSettingName, string>> = {};
  const parsed: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(settings)) {
    if (!isClinicSetting(name)) {
      problems.push(`${name}: not a setting a clinic holds of its own (these are: ${CLINIC_SETTING_NAMES.join(', ')})`);
      continue;
    }
    const text = raw.trim();
    if (!text) continue;
    const result = parseSetting(name, text);
    if (!result.ok) problems.push(`${name}: ${result.message}`);
    else {
      kept[name] = text;
      parsed[name] = result.value;
    }
  }
  // A clinic's service messages go with its own MINI App channel: never another clinic's, nor the environment's.
  const service = serviceTemplateProblem(parsed as ClinicOverlayConfig);
  if (service) problems.push(service);
  if (problems.length > 0) throw new ClinicSettingsError(problems);
  return kept;
}

/** The clinic's settings, replacing whatever it held: what the file lacks is not set. Nothing is written on any problem. */
export async function writeClinicOverlay(store: Store, serverSecret: string, settings: Readonly<Record<string, string>>): Promise<void> {
  const kept = checkClinicSettings(settings);
  const seal = lineSealer(serverSecret);
  await store.write(async ({ tx, emit, now }) => {
    const row: Record<string, string | number | null> = { id: 1, updated_at: now };
    for (const name of CLINIC_SETTING_NAMES) {
      const text = kept[name];
      row[COLUMNS[name]] = text === undefined ? null : isSecretSetting(name) ? seal.seal(text, sealContext(store.clinic, name)) : text;
    }
    await tx.deleteFrom('line_channels').execute();
    await tx.insertInto('line_channels').values(row as unknown as LineChannelsTable).execute();
    // Every process serving the clinic hears it and can build the clinic's settings again.
    emit({ type: 'settingsChanged' });
  });
}

/** Forgets every setting of the clinic's own; false when it had none. */
export async function clearClinicOverlay(store: Store): Promise<boolean> {
  return store.write(async ({ tx, emit }) => {
    const gone = await tx.deleteFrom('line_channels').executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    emit({ type: 'settingsChanged' });
    return true;
  });
}

/** The clinic's own settings, secrets opened; an unopened or no longer valid one is left out and reported. */
export async function readClinicOverlay(store: Store, serverSecret: string): Promise<ClinicOverlay> {
  const row = await store.db.selectFrom('line_channels').selectAll().where('id', '=', 1).executeTakeFirst();
  const config: Record<string, unknown> = {};
  const unusable: UnusableSetting[] = [];
  if (!row) return { config, unusable };
  const open = lineSealer(serverSecret);
  for (const name of CLINIC_SETTING_NAMES) {
    const stored = row[COLUMNS[name]];
    if (stored === null) continue;
    const text = isSecretSetting(name) ? open.open(stored, sealContext(store.clinic, name)) : stored;
    if (text === null) {
      unusable.push({ name, reason: 'unopened' });
      continue;
    }
    const result = parseSetting(name, text);
    if (result.ok) config[name] = result.value;
    else unusable.push({ name, reason: 'invalid' });
  }
  // A template whose MINI App secret did not open is no template: notices then go by push, as without one.
  if (serviceTemplateProblem(config as ClinicOverlayConfig)) {
    delete config.LINE_SERVICE_TEMPLATE;
    unusable.push({ name: 'LINE_SERVICE_TEMPLATE', reason: 'invalid' });
  }
  return { config: config as ClinicOverlayConfig, unusable };
}

/** What `npm run clinic -- line <id>` shows: each setting set or not, the value of non-secrets only. */
export interface ClinicSettingState {
  name: ClinicSettingName;
  secret: boolean;
  state: 'set' | 'unset' | 'unopened';
  /** Non-secret settings only. */
  value?: string;
}

export async function describeClinicOverlay(store: Store, serverSecret: string): Promise<{ updatedAt: string; settings: ClinicSettingState[] } | null> {
  const row = await store.db.selectFrom('line_channels').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return null;
  const open = lineSealer(serverSecret);
  const settings = CLINIC_SETTING_NAMES.map((name): ClinicSettingState => {
    const stored = row[COLUMNS[name]];
    const secret = isSecretSetting(name);
    if (stored === null) return { name, secret, state: 'unset' };
    if (!secret) return { name, secret, state: 'set', value: stored };
    return { name, secret, state: open.open(stored, sealContext(store.clinic, name)) === null ? 'unopened' : 'set' };
  });
  return { updatedAt: row.updated_at, settings };
}

/**
 * The `Config` a clinic runs with. `inherit` (the clinic `default`, whose channels the environment has always
 * held): what it did not set stays the environment's. Any other clinic: what it did not set is unset (its
 * default), never the environment's, so no clinic ever signs patients in or sends with another's channel.
 */
export function clinicConfig(base: Config, overlay: ClinicOverlayConfig, inherit: boolean): Config {
  if (inherit) return { ...base, ...overlay };
  // Each name its default, or undefined: zod leaves an unset optional out of what it parses, and a key left
  // out would let the environment's value through.
  const defaults: Record<string, unknown> = CONFIG_SCHEMA.pick(Object.fromEntries(CLINIC_SETTING_NAMES.map((n) => [n, true])) as { [K in ClinicSettingName]: true }).parse({});
  const unset = Object.fromEntries(CLINIC_SETTING_NAMES.map((n) => [n, defaults[n]]));
  return { ...base, ...unset, ...overlay } as Config;
}

/**
 * Whether a webhook delivery that reached this clinic's host is this clinic's: with no bot user id set, any
 * delivery whose signature the clinic's own channel secret verified; with one, only a delivery whose
 * `destination` is that bot (a channel shared by mistake, or a delivery routed to the wrong host, is not).
 */
export function deliveryForClinic(destination: unknown, botUserId: string | undefined): boolean {
  if (!botUserId) return true;
  return typeof destination === 'string' && destination === botUserId;
}
