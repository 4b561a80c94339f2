/**
 * The /web route set (docs/product.md, "/web"): the public, read-only queue list with a link to reserve through the
 * clinic's LINE official account, and the week's online hours. No sign-in and no call beyond the public
 * stream and the public calendar. /web/ticket is a printed ticket's page (TicketScreen.tsx); other /web
 * paths show the list too.
 */
import { use } from 'react';
import { Redirect, usePath } from '../router.js';
import { webPaths } from '../routes/web.js';
import { t } from '../ui/language.js';
import { AllScreen } from '../patient/AllScreen.js';
import { FullList } from '../patient/FullList.js';
import { QueueList } from '../patient/queues/list-lazy.js';
import { loadClientConfig } from '../patient/client-config.js';
import { lazyChunk } from '../ui/lazy-chunk.js';

// A printed ticket's page (decision 068): a chunk of its own, so the public list's first load stays as it was.
const TicketScreen = lazyChunk(() => import('./TicketScreen.js'));

export default function WebApp() {
  const path = usePath();
  const config = use(loadClientConfig());
  if (path === webPaths.ticket) return <TicketScreen />;
  if (path !== webPaths.all) return <Redirect to={webPaths.all} />;
  return (
    <AllScreen List={FullList} showWeek Queues={QueueList}>
      {config.line.officialAccountUrl ? <ReserveLink href={config.line.officialAccountUrl} /> : null}
    </AllScreen>
  );
}

export function ReserveLink({ href }: { href: string }) {
  return (
    <p className="reserve-here">
      <a className="button primary block" href={href}>
        {t('web.reserveHere')}
      </a>
    </p>
  );
}
