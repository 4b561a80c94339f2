/**
 * Gathers the doctor's facts. Every outside call carries an AbortSignal with the configured timeout, so a
 * LINE that never answers ends as a fail line, not a hanging command. Nothing here changes anything at
 * LINE: the Login check issues a stateless channel token (no limit on how many, gone after 15 minutes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import { BodyTooLargeError, fetchBounded, jsonObject, NoAnswerError } from '../../outside/bounded-fetch.js';
import { openStore } from '../../storage/open-store.js';
import type { DoctorFacts, Probe, StoreFacts, VapidFile } from './facts.js';

export async function probe(url: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit }, timeoutSeconds: number): Promise<Probe> {
  try {
    // The bound covers the body too: a LINE that sends headers and then stalls is also cut off.
    const answer = await fetchBounded(url, init, timeoutSeconds * 1000);
    return { kind: 'answer', status: answer.status, body: jsonObject(answer.body), date: answer.headers.get('date'), receivedAt: Date.now() };
  } catch (err) {
    if (err instanceof NoAnswerError) return { kind: 'timeout', seconds: timeoutSeconds };
    if (err instanceof BodyTooLargeError) return { kind: 'tooLarge', status: err.status };
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'network', message: cause?.code ?? cause?.message ?? (err as Error).message };
  }
}

export async function gatherLogin(config: Config): Promise<DoctorFacts['login']> {
  const id = config.LINE_LOGIN_CHANNEL_ID;
  const secret = config.LINE_LOGIN_CHANNEL_SECRET;
  if (!id || !secret || !/^\d+$/.test(id)) return { token: null, apps: null };
  const seconds = config.DOCTOR_TIMEOUT_SECONDS;
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret });
  const token = await probe(`${config.LINE_API_BASE_URL}/oauth2/v3/token`, { method: 'POST', body: form }, seconds);
  const accessToken = token.kind === 'answer' && token.status === 200 ? token.body.access_token : undefined;
  if (typeof accessToken !== 'string') return { token, apps: null };
  const apps = await probe(`${config.LINE_API_BASE_URL}/liff/v1/apps`, { headers: { authorization: `Bearer ${accessToken}` } }, seconds);
  return { token, apps };
}

/** The MINI App channel's own stateless token: the same grant as the Login channel's, with its id and secret. */
export async function gatherMiniApp(config: Config): Promise<NonNullable<DoctorFacts['miniApp']>> {
  const id = config.LINE_MINIAPP_CHANNEL_ID;
  const secret = config.LINE_MINIAPP_CHANNEL_SECRET;
  if (!id || !secret || !/^\d+$/.test(id)) return { token: null };
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret });
  return { token: await probe(`${config.LINE_API_BASE_URL}/oauth2/v3/token`, { method: 'POST', body: form }, config.DOCTOR_TIMEOUT_SECONDS) };
}

export async function gatherMessaging(config: Config): Promise<DoctorFacts['messaging']> {
  const seconds = config.DOCTOR_TIMEOUT_SECONDS;
  const token = config.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const get = (path: string) => probe(`${config.LINE_API_BASE_URL}${path}`, { headers }, seconds);
  // Asked even without a token: its answer (a 401) still carries LINE's clock.
  const bot = await get('/v2/bot/info');
  if (!token || bot.kind !== 'answer' || bot.status !== 200) return { bot, quota: null, consumption: null, webhook: null };
  const [quota, consumption, webhook] = await Promise.all([
    get('/v2/bot/message/quota'),
    get('/v2/bot/message/quota/consumption'),
    get('/v2/bot/channel/webhook/endpoint'),
  ]);
  return { bot, quota, consumption, webhook };
}

export function readVapidFile(config: Config): VapidFile {
  let text: string;
  try {
    text = readFileSync(join(config.DATA_DIR, 'vapid-keys.json'), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { found: false };
    return { found: true, error: (err as Error).message };
  }
  try {
    const { publicKey, privateKey } = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    return { found: true, publicKey: String(publicKey ?? ''), privateKey: String(privateKey ?? '') };
  } catch {
    return { found: true, error: 'not valid JSON' };
  }
}

class Rollback extends Error {}

/** Opens the store as the server does (which migrates it), tries a write and rolls it back, counts staff. */
export async function gatherStore(config: Config): Promise<StoreFacts> {
  let store;
  try {
    store = await openStore(config);
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  try {
    let writeError: string | null = null;
    try {
      await store.db.transaction().execute(async (tx) => {
        await tx.updateTable('runtime').set((eb) => ({ version: eb.ref('version') })).where('id', '=', 1).execute();
        throw new Rollback();
      });
    } catch (err) {
      if (!(err instanceof Rollback)) writeError = (err as Error).message;
    }
    const migrations = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(store.db);
    const staff = await store.db
      .selectFrom('staff_accounts')
      .select([sql<number | string>`count(*)`.as('all'), sql<number | string>`count(disabled_at)`.as('disabled')])
      .executeTakeFirstOrThrow();
    const disabled = Number(staff.disabled);
    // `ticket:<address>` (a number taken) and `identity:<address>` (a new patient): abuse/ and domain/allocation/.
    const since = new Date(Date.now() - 24 * 3600_000).toISOString();
    const counted = await store.db
      .selectFrom('rate_counters')
      .select(['key', 'count'])
      .where((eb) => eb.or([eb('key', 'like', 'ticket:%'), eb('key', 'like', 'identity:%')]))
      .where('window_start', '>=', since)
      .execute();
    const addresses = [...new Set(counted.map((c) => c.key.slice(c.key.indexOf(':') + 1)))].sort();
    const clinics = await store.deployment.selectFrom('clinics').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    // Superusers and BYPASSRLS roles skip row security (decision 077): the clinics' second line would not hold.
    const role =
      store.dialect === 'postgres'
        ? (await sql<{ bypass: boolean }>`select rolsuper or rolbypassrls as bypass from pg_roles where rolname = current_user`.execute(store.deployment)).rows[0]
        : undefined;
    return {
      ok: true,
      dialect: store.dialect,
      migrations: Number(migrations.rows[0]?.n ?? 0),
      writeError,
      activeStaff: Number(staff.all) - disabled,
      disabledStaff: disabled,
      recentClients: { addresses, units: counted.reduce((sum, c) => sum + Number(c.count), 0) },
      clinics: Number(clinics.n),
      rowSecurity: role ? !role.bypass : null,
    };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    await store.close();
  }
}

/** A database host that drops packets would keep a connection attempt waiting for ever: stop waiting. */
export function withinSeconds<T extends { ok: boolean }>(work: Promise<T>, seconds: number, late: (error: string) => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late(`no answer within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, gaveUp]).finally(() => clearTimeout(timer));
}

export const storeFailed = (error: string): StoreFacts => ({ ok: false, error });

export async function gatherFacts(config: Config): Promise<DoctorFacts> {
  const [login, messaging, miniApp, store] = await Promise.all([
    gatherLogin(config),
    gatherMessaging(config),
    gatherMiniApp(config),
    // Migrating a large store on first open takes longer than one outside call.
    withinSeconds(gatherStore(config), config.DOCTOR_TIMEOUT_SECONDS * 6, storeFailed),
  ]);
  return { config, login, messaging, miniApp, store, vapidFile: readVapidFile(config) };
}
