/**
 * LINE delivers the clinic's notices only to patients who added its official account, and tells the
 * sender nothing when they did not. Sign-in learns the friendship; this says what to do.
 */
import { t } from '../ui/language.js';

export function AddFriendNotice({ officialAccountUrl }: { officialAccountUrl: string }) {
  return (
    <aside className="line-friend-notice" aria-label={t('line.addFriendButton')}>
      <p>{t('line.addFriend')}</p>
      <a className="button primary block" href={officialAccountUrl}>
        {t('line.addFriendButton')}
      </a>
    </aside>
  );
}
