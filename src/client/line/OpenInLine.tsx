/**
 * /line/open-in-line: the mini-app works inside LINE only; a button opens the asked-for page there
 * (`to`: book, all, my; reservation means my). The LIFF URL carries the page in its path, which LINE hands
 * to the endpoint as liff.state.
 */
import { useSearch } from '../router.js';
import { t } from '../../shared/labels/ja.js';
import { openInLineTarget } from './platform.js';

export function liffUrl(liffId: string, page: string): string {
  return `https://liff.line.me/${encodeURIComponent(liffId)}/${page}`;
}

export function OpenInLine({ liffId, officialAccountUrl }: { liffId: string | null; officialAccountUrl: string | null }) {
  const target = openInLineTarget(useSearch().get('to'));
  const href = liffId ? liffUrl(liffId, target) : officialAccountUrl;
  return (
    <main className="page patient">
      <h1>{t('openInLine.title')}</h1>
      <p>{t('openInLine.note')}</p>
      {href ? (
        <a className="button primary block" href={href}>
          {t('openInLine.button')}
        </a>
      ) : null}
    </main>
  );
}
