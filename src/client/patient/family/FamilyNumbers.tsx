/**
 * The numbers a family just took, listed on LINE's confirmation page (/line/reserved, issue 35): each number
 * with its name, and the number it came from when the desk moved it (decision 067). A chunk of its own,
 * loaded only after taking more than one number.
 */
import './family.css';
import { familyLabels } from '../../../shared/labels/family.js';
import { label } from '../../../shared/labels/text.js';
import type { MyReservation } from '../../../shared/schemas/functions.js';
import { t, useLang } from '../../ui/language.js';

export type FamilyNumber = Pick<MyReservation, 'slotId' | 'reservationNumber' | 'memberName' | 'movedFrom'>;

export interface FamilyNumbersProps {
  family: readonly FamilyNumber[];
}

export default function FamilyNumbers({ family }: FamilyNumbersProps) {
  const lang = useLang();
  return (
    <>
      <h2 className="stat-label">{label(familyLabels, lang, 'family.title', { n: family.length })}</h2>
      <ol className="family-list">
        {family.map((member, i) => (
          <li key={member.slotId}>
            <span className="my-number">{t('my.numberValue', { n: member.reservationNumber })}</span>
            <span className="family-member">{member.memberName?.trim() || label(familyLabels, lang, 'family.person', { i: i + 1 })}</span>
            {member.movedFrom ? <span className="family-moved">{label(familyLabels, lang, 'family.movedFrom', { from: member.movedFrom })}</span> : null}
          </li>
        ))}
      </ol>
    </>
  );
}
