/**
 * A family's numbers shown together on the patient's card (issue 35, docs/decisions/053): one card per
 * number in queue order, each with its number, name, people ahead and state (moved by the desk, held,
 * absent, checked in, as the single card shows them) and a cancel of its own behind the confirmation, which names the number and
 * the name. The first member carries the notice chooser: the notice goes once per family, at its threshold.
 * One check-in records every member (they arrive together). A chunk of its own, loaded only when a patient
 * holds more than one number.
 */
import './family.css';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { familyLabels } from '../../../shared/labels/family.js';
import { label } from '../../../shared/labels/text.js';
import type { MyReservation } from '../../../shared/schemas/functions.js';
import type { QueueSnapshot } from '../../../shared/schemas/live.js';
import { tokyoDateTime, tokyoHhmm } from '../../../shared/time/tokyo.js';
import { t, useLang } from '../../ui/language.js';
import { absenceText } from '../absence.js';
import { CheckIn, type CheckInProps } from '../CheckIn.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { PlaceEstimate } from '../WaitEstimate.js';

export interface FamilyCardsProps {
  /** Every active number of the patient, in queue order; more than one. */
  family: readonly MyReservation[];
  canceling: boolean;
  cancelError: string | null;
  /**
   * Called once the patient confirmed the cancel of this member. A refusal comes back as `cancelError`;
   * success shows in the next `family`, and until then the member is hidden here.
   */
  onCancel(member?: MyReservation): void | Promise<void>;
  snapshot?: QueueSnapshot | null;
  /** The notice chooser, on the first member's card. */
  notice?: ReactNode;
  /**
   * Arrival check-in; without it none is offered. `onSubmit` checks one member in (the first without
   * `slotId`): the family's one form calls it for each member not yet in, in queue order.
   */
  checkIn?: Omit<CheckInProps, 'arrivedAt' | 'onSubmit'> & { onSubmit(code: string, slotId?: string): Promise<void> };
}

const nameOf = (member: MyReservation) => member.memberName?.trim() || null;

function stateText(member: MyReservation): string {
  if (member.hold) return t('all.hold');
  if (member.ahead === null) return t('all.dash');
  return t('my.ahead', { n: member.ahead });
}

function MemberCard(props: {
  member: MyReservation;
  index: number;
  showArrived: boolean;
  canceling: boolean;
  children?: ReactNode;
  onAskCancel(): void;
}) {
  const { member, index, showArrived, canceling, children, onAskCancel } = props;
  const lang = useLang();
  const nameId = useId();
  const numberId = useId();
  const absent = absenceText(member);
  return (
    <li>
      <section className="card my-card family-card" aria-labelledby={`${nameId} ${numberId}`}>
        <h3 id={nameId} className="family-member">
          {nameOf(member) ?? label(familyLabels, lang, 'family.person', { i: index + 1 })}
        </h3>
        <p id={numberId} className="my-number">
          {t('my.numberValue', { n: member.reservationNumber })}
        </p>
        {member.movedFrom ? <p className="notice my-moved">{t('my.moved', { from: member.movedFrom })}</p> : null}
        {absent ? <p className="notice my-absence">{absent}</p> : null}
        <p className="my-ahead">{stateText(member)}</p>
        {showArrived && member.arrivedAt ? (
          <p className="my-arrived">{t('my.arrived', { time: tokyoHhmm(member.arrivedAt) })}</p>
        ) : null}
        {children}
        <button type="button" className="button danger block" disabled={canceling} aria-busy={canceling} onClick={onAskCancel}>
          {label(familyLabels, lang, 'family.cancel', { n: member.reservationNumber })}
        </button>
      </section>
    </li>
  );
}

export default function FamilyCards(props: FamilyCardsProps) {
  const { canceling, cancelError, onCancel, snapshot = null, notice, checkIn } = props;
  const lang = useLang();
  const [asked, setAsked] = useState<MyReservation | null>(null);
  // The member just cancelled goes at once rather than when the server's next answer arrives; a refusal
  // (cancelError) brings it back.
  const [gone, setGone] = useState<string | null>(null);
  const family = props.family.filter((m) => m.slotId !== gone || cancelError);
  const title = useRef<HTMLHeadingElement>(null);
  // The focus was on the cancel button of the card that went: it moves to the family's heading. (An effect,
  // so that it runs after the dialog's own, which hands the focus back to that button as it closes.)
  useEffect(() => {
    if (gone) title.current?.focus();
  }, [gone]);
  const titleId = useId();
  const first = family[0]!;
  // Until all have checked in each card says who has; once all have, the one check-in line says it for all.
  const lastArrival = family.every((m) => m.arrivedAt) ? family.map((m) => m.arrivedAt!).sort().at(-1)! : null;
  const askedName = asked ? nameOf(asked) : null;
  return (
    <section className="family-cards" aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1}>
        {label(familyLabels, lang, 'family.title', { n: family.length })}
      </h2>
      <ol className="family-members">
        {family.map((member, index) => (
          <MemberCard
            key={member.slotId}
            member={member}
            index={index}
            showArrived={lastArrival === null}
            canceling={canceling}
            onAskCancel={() => setAsked(member)}
          >
            {index === 0 ? (
              <>
                <PlaceEstimate snapshot={snapshot} number={member.reservationNumber} />
                {notice}
                {notice ? <p className="small-note family-notice-once">{label(familyLabels, lang, 'family.noticeOnce')}</p> : null}
              </>
            ) : null}
          </MemberCard>
        ))}
      </ol>
      {cancelError ? (
        <p className="error-line" role="alert">
          {cancelError}
        </p>
      ) : null}
      <section className="card my-card">
        {checkIn ? (
          <>
            {lastArrival === null ? <p className="small-note">{label(familyLabels, lang, 'family.checkinAll')}</p> : null}
            <CheckIn
              arrivedAt={lastArrival}
              linkCode={checkIn.linkCode}
              onDismiss={checkIn.onDismiss}
              onSubmit={async (code) => {
                // They arrive together: one code for all. A refusal stops at the first, which the form shows.
                for (const member of family) if (!member.arrivedAt) await checkIn.onSubmit(code, member.slotId);
              }}
            />
          </>
        ) : null}
        <dl className="my-facts">
          <dt>{t('my.reservedAt')}</dt>
          <dd>
            <time dateTime={first.reservedAt}>{tokyoDateTime(first.reservedAt, t)}</time>
          </dd>
        </dl>
        <p className="my-show-staff">{t('my.showStaff')}</p>
        <p className="small-note">{t('my.orderNote')}</p>
      </section>
      <ConfirmDialog
        open={asked !== null}
        message={
          asked
            ? askedName
              ? label(familyLabels, lang, 'family.cancelConfirmName', { n: asked.reservationNumber, name: askedName })
              : label(familyLabels, lang, 'family.cancelConfirm', { n: asked.reservationNumber })
            : ''
        }
        confirmLabel={t('my.cancelYes')}
        dismissLabel={t('my.cancelNo')}
        onConfirm={() => {
          const member = asked;
          setAsked(null);
          if (!member) return;
          setGone(member.slotId);
          void onCancel(member);
        }}
        onDismiss={() => setAsked(null)}
      />
    </section>
  );
}
