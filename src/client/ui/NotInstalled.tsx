/** Any path outside the route sets: the web app is not installed here (docs/product.md, "Other paths and errors"). */
import { t } from './language.js';

export function NotInstalled() {
  return (
    <main className="page">
      <h1>{t('notInstalled')}</h1>
    </main>
  );
}
