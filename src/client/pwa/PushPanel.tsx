/**
 * What the patient sees of notifications. The prompt (docs/product.md, "Notification prompt") follows
 * the book and my screens until notices can reach the phone, with the reason of the last failure; the quiet
 * status with the "send me a test" action follows the patient's own reservation. Pure views: usePush feeds
 * them, PwaApp places them.
 */
import { useId } from 'react';
import { t } from '../ui/language.js';
import type { PushView, TestStatus } from './usePush.js';

export function PushPrompt({ view, busy, onEnable }: { view: PushView; busy: boolean; onEnable(): void }) {
  const textId = useId();
  if (view.kind === 'denied') {
    return (
      <section className="card push-card" aria-labelledby={textId}>
        <p id={textId} className="push-text">
          {t('push.denied')}
        </p>
      </section>
    );
  }
  if (view.kind !== 'prompt') return null;
  return (
    <section className="card push-card" aria-labelledby={textId}>
      <p id={textId} className="push-text">
        {t('push.prompt')}
      </p>
      {view.reason ? (
        <p className="error-line push-reason" role="alert">
          {t('push.failed', { reason: view.reason })}
        </p>
      ) : null}
      <button type="button" className="button primary block" disabled={busy} aria-busy={busy} onClick={onEnable}>
        {busy ? t('push.allowing') : t('push.allow')}
      </button>
    </section>
  );
}

export function PushStatus({ view, test, onTest }: { view: PushView; test: TestStatus; onTest(): void }) {
  if (view.kind === 'notConfigured') return <p className="small-note">{t('push.notConfigured')}</p>;
  if (view.kind === 'unsupported') return <p className="small-note">{t('push.unsupported')}</p>;
  if (view.kind !== 'subscribed') return null;
  return (
    <div className="card push-status">
      <p className="push-enabled">{t('push.enabled')}</p>
      <button type="button" className="button block" disabled={test === 'sending'} aria-busy={test === 'sending'} onClick={onTest}>
        {test === 'sending' ? t('push.testing') : t('push.test')}
      </button>
      <p className="small-note" role="status">
        {test === 'sent' ? t('push.testSent') : ''}
      </p>
    </div>
  );
}
