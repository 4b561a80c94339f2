/**
 * The patient's notification sign-up, kept live: checked when signed in and again (debounced 400 ms) whenever
 * the app comes back to the front, because the patient may have changed the permission in the phone's
 * settings or the browser may have replaced the subscription meanwhile. A live subscription is saved with
 * saveSafariSubscription once per page (which also renews it on the server); every failure keeps its reason
 * and brings the prompt back.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import { t } from '../ui/language.js';
import type { PushSubscriptionJson } from '../../shared/schemas/functions.js';
import type { PatientAuth } from '../patient/patient-context.js';
import * as push from './push.js';

export type PushView =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'notConfigured' }
  | { kind: 'prompt'; reason: string | null }
  | { kind: 'denied' }
  | { kind: 'subscribed' };

export type TestStatus = 'idle' | 'sending' | 'sent';

export interface PushControl {
  view: PushView;
  busy: boolean;
  test: TestStatus;
  enable(): void;
  sendTest(): void;
}

export function usePush(auth: PatientAuth, clinicName: string | null): PushControl {
  const [view, setView] = useState<PushView>(() => (push.pushSupported() ? { kind: 'checking' } : { kind: 'unsupported' }));
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<TestStatus>('idle');
  const token = auth.status === 'ready' ? auth.token : null;
  // Refs, not state: the click handler must not wait for a render before asking for permission.
  const key = useRef<string | null>(null);
  const saved = useRef<PushSubscriptionJson | null>(null);
  const working = useRef(false);
  const generation = useRef(0);

  const fail = useCallback((err: unknown) => {
    if (err instanceof FnError && err.status === 'FAILED_PRECONDITION') return setView({ kind: 'notConfigured' });
    saved.current = null;
    setView({ kind: 'prompt', reason: push.pushReason(err) });
  }, []);

  /** The server's VAPID key, asked once; FAILED_PRECONDITION (push not configured) is thrown on. */
  const loadKey = useCallback(async () => {
    key.current ??= (await callFn('getWebPushPublicKey', {})).publicKey;
    return key.current;
  }, []);

  const save = useCallback(
    async (subscription: PushSubscription) => {
      const json = push.subscriptionJson(subscription);
      if (saved.current?.endpoint === json.endpoint || !token) return;
      await callFn('saveSafariSubscription', { subscription: json }, token);
      saved.current = json;
    },
    [token],
  );

  const check = useCallback(async () => {
    if (!token || !push.pushSupported() || working.current) return;
    const mine = ++generation.current;
    const current = () => mine === generation.current && !working.current;
    try {
      const publicKey = await loadKey();
      if (Notification.permission === 'denied') return current() && setView({ kind: 'denied' });
      let subscription = await push.existingSubscription();
      if (subscription && !push.madeWithKey(subscription, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
        saved.current = null;
        if (current()) return setView({ kind: 'prompt', reason: t('push.reason.keyChanged') });
      }
      if (!subscription || Notification.permission !== 'granted') {
        // Keep an earlier failure's reason on screen until something succeeds.
        return current() && setView((v) => ({ kind: 'prompt', reason: v.kind === 'prompt' ? v.reason : null }));
      }
      await save(subscription);
      if (current()) setView({ kind: 'subscribed' });
    } catch (err) {
      // Offline: nothing to say about notifications yet; the next check (focus, online) tries again.
      if (err instanceof FnError && err.status === 'UNAVAILABLE') return;
      if (current()) fail(err);
    }
  }, [token, loadKey, save, fail]);

  useEffect(() => {
    void check();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      timer = setTimeout(() => void check(), push.PUSH_CHECK_DEBOUNCE_MS);
    };
    window.addEventListener('focus', later);
    window.addEventListener('online', later);
    document.addEventListener('visibilitychange', later);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', later);
      window.removeEventListener('online', later);
      document.removeEventListener('visibilitychange', later);
    };
  }, [check]);

  const enable = useCallback(() => {
    if (working.current || !push.pushSupported()) return;
    const asked = push.requestPermission(); // first, while the tap still counts as a user gesture (iOS)
    working.current = true;
    setBusy(true);
    void (async () => {
      try {
        const permission = await asked;
        if (permission !== 'granted') {
          setView(permission === 'denied' ? { kind: 'denied' } : { kind: 'prompt', reason: t('push.reason.denied') });
          return;
        }
        const subscription = await push.subscribe(await loadKey());
        saved.current = null;
        await save(subscription);
        setView({ kind: 'subscribed' });
      } catch (err) {
        fail(err);
      } finally {
        working.current = false;
        setBusy(false);
      }
    })();
  }, [loadKey, save, fail]);

  const sendTest = useCallback(() => {
    const subscription = saved.current;
    if (!subscription || !token) return;
    setTest('sending');
    callFn(
      'sendWebpushTest',
      { subscription, title: clinicName || t('push.fallbackTitle'), body: t('push.testBody'), link: push.PUSH_LINK },
      token,
    ).then(
      () => setTest('sent'),
      (err: unknown) => {
        setTest('idle');
        fail(err);
      },
    );
  }, [token, clinicName, fail]);

  return { view, busy, test, enable, sendTest };
}
