/** Any path outside the route sets: the web app is not installed here (SPEC.md §2 "Other paths"). */
import { t } from '../../shared/labels/ja.js';

export function NotInstalled() {
  return (
    <main style={{ padding: '2rem 1rem', fontSize: '1.25rem', lineHeight: 1.6 }}>
      <h1 style={{ fontSize: '1.5rem' }}>{t('notInstalled')}</h1>
    </main>
  );
}
