/** The global error screen (docs/product.md, "Other paths and errors"): the error, URL, time and user agent; reload, back, copy. */
import { useState } from 'react';
import { t } from './language.js';
import { tokyoDate, tokyoHhmmss } from '../../shared/time/tokyo.js';

export function errorDetails(error: unknown, at: Date = new Date()) {
  const message = error instanceof Error ? error.message : String(error);
  return {
    message,
    url: window.location.href,
    // Tokyo time in the reader's date pattern (decision 023), as every other date of the patient screens.
    time: `${tokyoDate(at, t)} ${tokyoHhmmss(at)}`,
    userAgent: navigator.userAgent,
  };
}

export function ErrorScreen({ error }: { error: unknown }) {
  const [details] = useState(() => errorDetails(error));
  const [copied, setCopied] = useState(false);
  const [label, urlLabel, timeLabel, uaLabel] = [
    t('errorScreen.error'),
    t('errorScreen.url'),
    t('errorScreen.time'),
    t('errorScreen.userAgent'),
  ];
  const text = `${label}: ${details.message}\nURL: ${details.url}\n${timeLabel}: ${details.time}\n${uaLabel}: ${details.userAgent}`;
  return (
    <main className="page error-screen">
      {/* The alert (title and details) inside the landmark: role="alert" on <main> would hide it (axe). */}
      <div role="alert">
        <h1>{t('errorScreen.title')}</h1>
        <dl className="error-details">
          <dt>{label}</dt>
          <dd>{details.message}</dd>
          <dt>{urlLabel}</dt>
          <dd>{details.url}</dd>
          <dt>{timeLabel}</dt>
          <dd>{details.time}</dd>
          <dt>{uaLabel}</dt>
          <dd>{details.userAgent}</dd>
        </dl>
      </div>
      <div className="button-row">
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          {t('errorScreen.reload')}
        </button>
        <button type="button" className="button" onClick={() => window.history.back()}>
          {t('errorScreen.back')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {t('errorScreen.copy')}
        </button>
        <span role="status">{copied ? t('errorScreen.copied') : ''}</span>
      </div>
    </main>
  );
}
