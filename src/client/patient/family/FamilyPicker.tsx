/**
 * The book screen's family picker (issue 35, docs/decisions/053): how many people (1…the clinic's
 * `familyMax`, 1 unless chosen) and an optional short name for each. A chunk of its own, loaded only when the
 * clinic offers families, so /pwa's first load does not carry it. It tells the book screen what to send:
 * `members` (one name or '' per person) for more than one person or a typed name, else nothing, which is
 * the request exactly as before families.
 */
import './family.css';
import { useEffect, useId, useState } from 'react';
import type { FamilyPickerProps } from './take.js';
import { familyRefusal } from './refusals.js';
import { MEMBER_NAME_MAX } from '../../../shared/queue/family.js';
import { familyLabels } from '../../../shared/labels/family.js';
import { label } from '../../../shared/labels/text.js';
import { useLang } from '../../ui/language.js';

export type { FamilyPickerProps };

/** What the take sends: nothing for one person without a name, so families off and on look alike then. */
export function membersToSend(count: number, names: readonly string[]): string[] | undefined {
  const members = Array.from({ length: count }, (_, i) => (names[i] ?? '').trim());
  return count === 1 && members[0] === '' ? undefined : members;
}

export default function FamilyPicker({ familyMax: max = 1, members, authenticating, busy }: FamilyPickerProps) {
  const disabled = authenticating || busy;
  const lang = useLang();
  const [chosen, setChosen] = useState(1);
  const [names, setNames] = useState<string[]>([]);
  // The clinic may lower its setting while the screen is open: never offer or send more than it allows now.
  const count = Math.min(chosen, max);
  const legendId = useId();
  const hintId = useId();
  const name = useId();

  // The book screen reads it when the patient taps; gone (families turned off), nothing picked is sent.
  useEffect(() => {
    if (!members) return;
    members.current = membersToSend(count, names);
    members.refusal = familyRefusal;
    return () => void Object.assign(members, { current: undefined, refusal: undefined });
  }, [count, names, members]);

  return (
    <section className="card family-picker" aria-labelledby={legendId}>
      <fieldset className="family-count" disabled={disabled}>
        <legend id={legendId}>{label(familyLabels, lang, 'family.count')}</legend>
        <p className="small-note">{label(familyLabels, lang, 'family.countNote', { max })}</p>
        <div className="family-count-choices">
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
            <label key={n} className="family-count-choice">
              <input type="radio" name={name} value={n} checked={count === n} onChange={() => setChosen(n)} />
              <span>{n === 1 ? label(familyLabels, lang, 'family.one') : label(familyLabels, lang, 'family.many', { n })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="family-names" disabled={disabled}>
        <legend>{label(familyLabels, lang, 'family.names')}</legend>
        <p id={hintId} className="small-note">
          {label(familyLabels, lang, 'family.nameHint', { max: MEMBER_NAME_MAX })}
        </p>
        {Array.from({ length: count }, (_, i) => (
          <label key={i} className="family-name">
            <span>{label(familyLabels, lang, 'family.nameLabel', { i: i + 1 })}</span>
            <input
              type="text"
              autoComplete="off"
              maxLength={MEMBER_NAME_MAX}
              aria-describedby={hintId}
              value={names[i] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setNames((all) => {
                  const next = [...all];
                  next[i] = value;
                  return next;
                });
              }}
            />
          </label>
        ))}
      </fieldset>
      {count > 1 ? (
        <p className="family-together">
          {label(familyLabels, lang, 'family.together', { n: count })}
        </p>
      ) : null}
    </section>
  );
}
