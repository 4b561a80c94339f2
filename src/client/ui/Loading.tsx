/** The loading fallback: nothing for the first 1,200 ms (most loads finish), then a quiet notice. */
import { useEffect, useState } from 'react';
import { t } from './language.js';

export const LOADING_DELAY_MS = 1200;

export function Loading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <p className="loading" role="status">
      {t('loading')}
    </p>
  ) : null;
}
