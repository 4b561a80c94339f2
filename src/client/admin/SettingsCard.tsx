/**
 * A staff settings form as a card: its heading names it, its fields come between, and it ends with the save
 * button (held while the save runs) and what the save said. The shape every settings section on the staff
 * screens shares.
 */
import type { ReactNode } from 'react';
import { SaveMessage, type SaveState } from './schedule/save-status.js';

export type SettingsCardProps = {
  /** The heading's id and the card's class. */
  id: string;
  title: string;
  saveLabel: string;
  save: { busy: boolean; state: SaveState };
  onSubmit(): Promise<void>;
  /** The class of the row that holds the button and the message. */
  actionsClass: string;
  /** Left to our own checks: the browser's bubble for min/max would speak its language, not the clinic's catalogue. */
  noValidate?: boolean;
  children: ReactNode;
};

export function SettingsCard({ id, title, saveLabel, save, onSubmit, actionsClass, noValidate, children }: SettingsCardProps) {
  return (
    <form
      noValidate={noValidate}
      className={`card ${id}`}
      aria-labelledby={id}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <h2 id={id}>{title}</h2>
      {children}
      <div className={actionsClass}>
        <button type="submit" className="button primary" disabled={save.busy}>
          {saveLabel}
        </button>
        <SaveMessage state={save.state} />
      </div>
    </form>
  );
}
