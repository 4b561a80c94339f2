import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import type { QueueChange } from '../../../shared/schemas/queues.js';
import { decideRemove, decideSave, type LiveQueue, newQueueId, overlappingRanges, queueNameInText } from './rule.js';

const main: LiveQueue = { id: 'main', position: 0, nameJa: '一般', nameEn: 'General', firstNumber: 1 };
const vacc: LiveQueue = { id: 'qvacc', position: 1, nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 501 };
const change = (over: Partial<QueueChange> = {}): QueueChange => ({
  nameJa: '発熱外来', nameEn: 'Fever clinic', firstNumber: 1001, online: false, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null, ...over,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return `${e.code} ${e.messageKey} ${JSON.stringify(e.params)}`;
    throw e;
  }
  return 'ok';
};

describe('decideSave', () => {
  it('a new queue gets the id given and the place after the last', () => {
    expect(decideSave([main, vacc], change(), 200, 0, 'qnew')).toEqual({ id: 'qnew', position: 2, created: true });
  });

  it('a change keeps the queue id and place', () => {
    expect(decideSave([main, vacc], change({ id: 'qvacc', nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 601 }), 200, 0, 'x')).toEqual({ id: 'qvacc', position: 1, created: false });
  });

  it('refuses a range that overlaps another queue, at either edge, and takes one that just touches', () => {
    // main is 1–200 with N = 200; vacc 501–700.
    expect(refusal(() => decideSave([main, vacc], change({ firstNumber: 200 }), 200, 0, 'q'))).toBe('INVALID_ARGUMENT queues.error.overlap {"name":"一般","from":1,"to":200,"n":200}');
    expect(refusal(() => decideSave([main, vacc], change({ firstNumber: 302 }), 200, 0, 'q'))).toBe('INVALID_ARGUMENT queues.error.overlap {"name":"予防接種","from":501,"to":700,"n":200}');
    expect(refusal(() => decideSave([main, vacc], change({ firstNumber: 700 }), 200, 0, 'q'))).toContain('queues.error.overlap');
    expect(refusal(() => decideSave([main, vacc], change({ firstNumber: 201 }), 300, 0, 'q'))).toContain('queues.error.overlap');
    expect(refusal(() => decideSave([main, vacc], change({ firstNumber: 201 }), 200, 0, 'q'))).toBe('ok');
    expect(refusal(() => decideSave([main, vacc], change({ firstNumber: 301 }), 200, 0, 'q'))).toBe('ok');
    expect(refusal(() => decideSave([main, vacc], change({ firstNumber: 701 }), 200, 0, 'q'))).toBe('ok');
  });

  it('a queue does not overlap itself', () => {
    expect(refusal(() => decideSave([main, vacc], change({ id: 'qvacc', nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 450 }), 200, 0, 'q'))).toBe('ok');
  });

  it('refuses a name another queue has, in Japanese or in English (any case)', () => {
    expect(refusal(() => decideSave([main, vacc], change({ nameJa: '予防接種' }), 200, 0, 'q'))).toBe('ALREADY_EXISTS queues.error.duplicateName {"name":"予防接種"}');
    expect(refusal(() => decideSave([main, vacc], change({ nameEn: 'general' }), 200, 0, 'q'))).toBe('ALREADY_EXISTS queues.error.duplicateName {"name":"general"}');
  });

  it('refuses an eleventh queue, but changes one of ten', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ id: `q${i}`, position: i, nameJa: `項目${i}`, nameEn: `Q${i}`, firstNumber: 1 + i * 200 }));
    expect(refusal(() => decideSave(ten, change({ firstNumber: 5000 }), 200, 0, 'q'))).toBe('FAILED_PRECONDITION queues.error.tooMany {"max":10}');
    expect(refusal(() => decideSave(ten, change({ id: 'q9', firstNumber: 1801 }), 200, 0, 'q'))).toBe('ok');
  });

  it('refuses a queue that is not there', () => {
    expect(refusal(() => decideSave([main], change({ id: 'gone' }), 200, 0, 'q'))).toBe('NOT_FOUND error.unknownQueue {}');
  });

  it('keeps the range of a queue that gave numbers in the open session, but lets its other settings change', () => {
    expect(refusal(() => decideSave([main, vacc], change({ id: 'qvacc', nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 801 }), 200, 3, 'q'))).toBe(
      'FAILED_PRECONDITION queues.error.rangeInUse {"name":"予防接種","n":3}',
    );
    expect(refusal(() => decideSave([main, vacc], change({ id: 'qvacc', nameJa: '予防接種 B', nameEn: 'Vaccination', firstNumber: 501 }), 200, 3, 'q'))).toBe('ok');
  });
});

describe('decideRemove', () => {
  it('removes a queue nobody waits in', () => {
    expect(decideRemove([main, vacc], 'qvacc', 0)).toEqual(vacc);
  });
  it('never removes the first queue', () => {
    expect(refusal(() => decideRemove([main, vacc], 'main', 0))).toBe('FAILED_PRECONDITION queues.error.removeFirst {"name":"一般"}');
  });
  it('refuses while patients wait in it', () => {
    expect(refusal(() => decideRemove([main, vacc], 'qvacc', 2))).toBe('FAILED_PRECONDITION queues.error.waiting {"name":"予防接種","n":2}');
  });
  it('refuses a queue that is not there (or already removed)', () => {
    expect(refusal(() => decideRemove([main], 'qvacc', 0))).toBe('NOT_FOUND error.unknownQueue {}');
  });
});

describe('overlappingRanges', () => {
  it('names the first two queues that would share a number with n numbers a session', () => {
    expect(overlappingRanges([vacc, main], 500)).toBeNull();
    expect(overlappingRanges([vacc, main], 501)).toEqual([main, vacc]);
    expect(overlappingRanges([main], 999)).toBeNull();
  });
});

describe('queueNameInText', () => {
  it('names the queue in the patient\'s language only when the clinic has more than one', () => {
    expect(queueNameInText([main, vacc], 'qvacc', 'ja')).toBe('予防接種');
    expect(queueNameInText([main, vacc], 'qvacc', 'en')).toBe('Vaccination');
    expect(queueNameInText([main, vacc], 'main', 'en')).toBe('General');
    // One queue: the texts stay as they were, whatever the queue is called.
    expect(queueNameInText([main], 'main', 'ja')).toBeNull();
    // A number of a queue since removed is not named.
    expect(queueNameInText([main, vacc], 'qgone', 'ja')).toBeNull();
  });
});

describe('newQueueId', () => {
  it('is q and the next number after every queue the clinic ever had, removed ones counted', () => {
    expect(newQueueId(['main'])).toBe('q2');
    expect(newQueueId(['main', 'q2', 'q3'])).toBe('q4');
    // q3 was removed: its row stays, so its id is never given again.
    expect(newQueueId(['main', 'q2', 'q3', 'q4'])).toBe('q5');
    // Ids of earlier versions (q and 10 hex digits) count as queues and stay as they are.
    expect(newQueueId(['main', 'q3f9a01c2d4'])).toBe('q3');
  });

  it('skips a number already taken, whatever the order of the ids', () => {
    expect(newQueueId(['q3', 'main'])).toBe('q4');
    expect(newQueueId(['main', 'q3', 'q4'])).toBe('q5');
  });
});
