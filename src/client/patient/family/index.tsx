/**
 * The family chunk (issue 35, docs/decisions/053): the book screen's picker, the numbers shown together on
 * the card and LINE's confirmation list, with their labels (src/shared/labels/family.ts) and styles. One
 * lazy chunk rather than three: each lazy import costs /pwa's first load its file names, and it has none to
 * spare. Loaded only when the clinic offers families or the patient holds more than one number.
 */
import FamilyCards, { type FamilyCardsProps } from './FamilyCards.js';
import FamilyNumbers, { type FamilyNumbersProps } from './FamilyNumbers.js';
import FamilyPicker, { type FamilyPickerProps } from './FamilyPicker.js';

export type FamilyPartProps =
  | ({ part: 'picker' } & FamilyPickerProps)
  | ({ part: 'cards' } & FamilyCardsProps)
  | ({ part: 'numbers' } & FamilyNumbersProps);

export default function Family(props: FamilyPartProps) {
  if (props.part === 'cards') return <FamilyCards {...props} />;
  if (props.part === 'numbers') return <FamilyNumbers {...props} />;
  return <FamilyPicker {...props} />;
}
