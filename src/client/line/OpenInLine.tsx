/**
 * /line/open-in-line: the mini-app works inside LINE only; a button opens the asked-for page there
 * (`to`: book, all, my; reservation means my): the page's own LIFF app when it has one, else the general
 * app with the page in the URL's path, which LINE hands to the endpoint as liff.state. A queue the link
 * named (`&queue=<id>`) goes along, so the book screen still opens on it.
 */
import { useSearch } from '../router.js';
import { t } from '../ui/language.js';
import { type LiffApps, liffPageUrl } from '../../shared/line/liff-apps.js';
import { linkedQueue, openInLineTarget } from './platform.js';

export function OpenInLine({ apps, officialAccountUrl }: { apps: LiffApps; officialAccountUrl: string | null }) {
  const search = useSearch();
  const target = openInLineTarget(search.get('to'));
  const href = liffPageUrl(target, apps, linkedQueue(search)) ?? officialAccountUrl;
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
