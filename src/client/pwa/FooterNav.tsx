/**
 * The footer navigation of the app screens (docs/product.md, "/pwa"): list on the left, the larger "take a number"
 * in the centre, the patient's reservation on the right. The tab of the current path is marked with
 * aria-current and, for sighted patients, a bar and bold label as well as colour (WCAG 1.4.1).
 */
import { Link } from '../router.js';
import { t } from '../ui/language.js';
import { MenuAllIcon, MenuBookIcon, MenuMyIcon } from './icons.js';
import type { PwaTab } from './routes.js';
import { pwaPaths } from '../routes/pwa.js';

/** Side icons 26 px, the centre one larger (34 px) because it is the main action. */
export const SIDE_ICON_PX = 26;
export const CENTRE_ICON_PX = 34;

export function FooterNav({ active }: { active: PwaTab | null }) {
  const current = (tab: PwaTab) => (active === tab ? 'page' : undefined);
  return (
    <nav className="pwa-footer" aria-label={t('nav.label')}>
      <ul>
        <li>
          <Link to={pwaPaths.all} className="pwa-tab" aria-current={current('all')}>
            <MenuAllIcon size={SIDE_ICON_PX} />
            <span className="pwa-tab-label">{t('nav.all')}</span>
          </Link>
        </li>
        <li>
          <Link to={pwaPaths.book} className="pwa-tab pwa-tab-centre" aria-current={current('book')}>
            <span className="pwa-tab-bubble">
              <MenuBookIcon size={CENTRE_ICON_PX} />
            </span>
            <span className="pwa-tab-label">{t('nav.book')}</span>
          </Link>
        </li>
        <li>
          <Link to={pwaPaths.my} className="pwa-tab" aria-current={current('my')}>
            <MenuMyIcon size={SIDE_ICON_PX} />
            <span className="pwa-tab-label">{t('nav.my')}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
