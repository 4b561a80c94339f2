/**
 * A settings field that picks one whole number from a list, each choice worded for the reader: the staff
 * settings forms' one shape of field. A list rather than a typed number, so nothing can fall outside what the
 * server accepts.
 */
import './choice-field.css';

export type ChoiceFieldProps = {
  /** The label's class: the form lays its fields out. */
  className: string;
  label: string;
  value: number;
  choices: readonly number[];
  word(n: number): string;
  onChange(n: number): void;
  /** The id of a note that says more about the field. */
  describedBy?: string;
};

export function ChoiceField({ className, label, value, choices, word, onChange, describedBy }: ChoiceFieldProps) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select
        className="choice-field"
        value={value}
        aria-describedby={describedBy}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {word(n)}
          </option>
        ))}
      </select>
    </label>
  );
}
