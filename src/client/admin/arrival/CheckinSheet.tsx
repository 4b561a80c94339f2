/**
 * The sheet the desk prints and puts up (issue 34): the QR code of the LINE mini-app's check-in link, and
 * the same desk code in large digits for app users, who type it (docs/decisions/048 records why both).
 * On paper only this sheet prints (arrival.css).
 */
import { useMemo } from 'react';
import { t } from '../labels.js';
import { qrPath } from './qr-path.js';

export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

export function CheckinSheet({ deskCode, deskLink }: { deskCode: string; deskLink: string }) {
  return (
    <article className="checkin-sheet" aria-labelledby="checkin-sheet-title">
      <h3 id="checkin-sheet-title" className="checkin-sheet-title">
        {t('arrival.sheetTitle')}
      </h3>
      <p className="checkin-sheet-lead">{t('arrival.sheetLead')}</p>
      <div className="checkin-sheet-ways">
        <figure className="checkin-sheet-way">
          <QrCode text={deskLink} label={t('arrival.qrLabel')} />
          <figcaption>{t('arrival.sheetLine')}</figcaption>
        </figure>
        <div className="checkin-sheet-way">
          <p>{t('arrival.sheetApp')}</p>
          <p className="checkin-sheet-code-label">{t('arrival.sheetCode')}</p>
          <p className="checkin-sheet-code">{deskCode}</p>
        </div>
      </div>
      <p className="checkin-sheet-link screen-only">{t('arrival.link', { link: deskLink })}</p>
    </article>
  );
}
