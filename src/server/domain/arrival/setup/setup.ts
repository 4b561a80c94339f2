/**
 * Setting up absence and check-in (the staff page 「来院確認・不在」, docs/decisions/047 and 048): the clinic's
 * settings, the printed desk code with its link, the wall monitor's key and code, and renewing the codes.
 * No rule file: the settings' bounds are the payload's schema, and the codes are ../codes.ts.
 */
import type { ArrivalSettings, ArrivalSetup } from '../../../../shared/schemas/functions.js';
import { type LiffApps, liffPageUrl } from '../../../../shared/line/liff-apps.js';
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import { type Actor, writeAudit } from '../../audit.js';
import { arrivalSettings } from '../settings.js';
import { currentMonitorCode, deskCode, monitorKey, monitorKeyMatches, newCheckinSecret } from '../codes.js';
import { ensureCheckinSecret, readCheckinSecret } from '../secret.js';


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
}

/** For staff: makes the secret on first use (one write, once), then reads only. */
export async function getArrivalSetup({ store, apps, origin }: SetupContext): Promise<ArrivalSetup> {
  const secret = await ensureCheckinSecret(store);
  const runtime = await store.db
    .selectFrom('runtime')
    .select(['absence_places', 'absence_hold_after', 'absent_first_unarrived'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const desk = deskCode(secret);
  return { settings: arrivalSettings(runtime), deskCode: desk, deskLink: deskLink(desk, apps, origin), monitorKey: monitorKey(secret) };
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

/**
 * A new secret: the printed code, the monitor's codes and its key all change, and the old ones stop working
 * at once (the monitor must be opened again from a staff screen). The audit line names no code.
 */
export async function renewCheckinCodes({ store, actor }: { store: Store; actor?: Actor }) {
  return store.write(async ({ tx, emit, now }) => {
    await tx.updateTable('runtime').set({ checkin_secret: newCheckinSecret() }).where('id', '=', 1).execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'renewCheckinCodes' }, now);
    return { ok: true as const };
  });
}

/** For the wall monitor: its code now, for the key staff gave it; any other key is refused. */
export async function getMonitorCheckinCode(store: Store, key: string, now: Date): Promise<{ code: string; until: string }> {
  const secret = await readCheckinSecret(store);
  if (!secret || !monitorKeyMatches(secret, key)) throw new AppError('PERMISSION_DENIED', 'error.monitorKeyWrong');
  return currentMonitorCode(secret, now.getTime());
}
