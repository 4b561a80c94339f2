/** Out of online-reception hours (SPEC.md "Closed card", §9 windows). */
import './patient.css';
import { useId } from 'react';
import { t } from '../../shared/labels/ja.js';

export function ClosedCard({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="card closed-card" aria-labelledby={id}>
      <Heading id={id} className="closed-title">
        {t('closed.title')}
      </Heading>
      <p className="closed-hours">{t('closed.hours')}</p>
      <p className="closed-note">{t('closed.note')}</p>
    </section>
  );
}
