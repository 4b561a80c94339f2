/**
 * Setting up absence and check-in (the staff page 「来院確認・不在」, docs/decisions/047 and 048): the clinic's
 * settings, the printed desk code with its link, the wall monitor's key and code, and renewing either.
 * No rule file: the settings' bounds are the payload's schema, and the codes are ../codes.ts.
 */
import type { ArrivalSettings, ArrivalSetup } from '../../../../shared/schemas/functions.js';
import { type LiffApps, liffPageUrl } from '../../../../shared/line/liff-apps.js';
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import { type Actor, writeAudit } from '../../audit.js';
import { arrivalSettings } from '../settings.js';
import type { Sealer } from '../../../auth/sealed.js';
import { currentMonitorCode, deskCode, monitorKeyMatches } from '../codes.js';
import { newSecretValue } from '../keys.js';
import { ensureCheckinKeys, keysInWrite, readCheckinKeys } from '../secret.js';


/**
 * The link the printed QR code opens: the patient's own page in the LINE mini-app, which checks in with the
 * code it carries. Inside LINE when a LIFF app is configured; else the /line page on this server's public
 * origin (a browser then signs in with LINE first). App (PWA) users type the code printed beside it.
 */
export function deskLink(code: string, apps: LiffApps, origin: string): string {
  const query = `checkin=${encodeURIComponent(code)}`;
  const liff = liffPageUrl('my', apps);
  return liff ? `${liff}?${query}` : `${origin}/line/my?${query}`;
}

export interface SetupContext {
  store: Store;
  apps: LiffApps;
  /** PUBLIC_ORIGIN when configured, else the origin the staff's request came to. */
  origin: string;
  /** Seals the secrets at rest (keys.ts). */
  seal: Sealer;
}

/** For staff: makes the secrets on first use (one write, once), then reads only. */
export async function getArrivalSetup({ store, apps, origin, seal }: SetupContext): Promise<ArrivalSetup> {
  const { secret, monitorKey } = await ensureCheckinKeys(store, seal);
  const runtime = await store.db
    .selectFrom('runtime')
    .select(['absence_places', 'absence_hold_after', 'absent_first_unarrived'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const desk = deskCode(secret);
  return { settings: arrivalSettings(runtime), deskCode: desk, deskLink: deskLink(desk, apps, origin), monitorKey };
}

export async function saveArrivalSettings({ store, settings, actor }: { store: Store; settings: ArrivalSettings; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const before = arrivalSettings(runtime);
    await tx
      .updateTable('runtime')
      .set({
        absence_places: settings.absencePlaces,
        absence_hold_after: settings.absenceHoldAfter,
        absent_first_unarrived: settings.absentFirstUnarrived ? 1 : 0,
      })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'saveArrivalSettings', before, after: settings }, now);
    return { ok: true as const };
  });
}

interface RenewOptions {
  store: Store;
  seal: Sealer;
  actor?: Actor;
}

/**
 * A new code secret: the printed code and the monitor's codes change, and the old ones stop working at once.
 * The monitor's key stays: the wall monitor shows the new codes without being opened again (decision 059).
 * The audit line names no code.
 */
export async function renewCheckinCodes({ store, seal, actor }: RenewOptions) {
  return renew(store, seal, actor, 'renewCheckinCodes', () => ({ secret: newSecretValue() }));
}

/**
 * A new key for the wall monitor: a monitor (or a copy of its key) opened before stops getting codes and
 * must be opened again from a staff screen; the printed sheet stays valid. Audited, no key in the line.
 */
export async function renewMonitorKey({ store, seal, actor }: RenewOptions) {
  return renew(store, seal, actor, 'renewMonitorKey', () => ({ monitorKey: newSecretValue() }));
}

function renew(store: Store, seal: Sealer, actor: Actor | undefined, action: string, change: () => { secret?: string; monitorKey?: string }) {
  return store.write(async (ctx) => {
    await keysInWrite(ctx, seal, change);
    ctx.emit({ type: 'settingsChanged' });
    await writeAudit(ctx.tx, actor, { action }, ctx.now);
    return { ok: true as const };
  });
}

/** For the wall monitor: its code now, for the key staff gave it; any other key is refused. */
export async function getMonitorCheckinCode(store: Store, seal: Sealer, key: string, now: Date): Promise<{ code: string; until: string }> {
  const { secret, monitorKey } = await readCheckinKeys(store, seal);
  if (!secret || !monitorKeyMatches(monitorKey, key)) throw new AppError('PERMISSION_DENIED', 'error.monitorKeyWrong');
  return currentMonitorCode(secret, now.getTime());
}
