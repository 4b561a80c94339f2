/** Any path outside the route sets: the web app is not installed here (SPEC.md §2 "Other paths"). */
import { t } from '../../shared/labels/ja.js';

export function NotInstalled() {
  return (
    <main className="page">
      <h1>{t('notInstalled')}</h1>
    </main>
  );
}
