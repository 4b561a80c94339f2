/** The clinic calendar: anyone reads the week ahead; staff read a month and edit (every edit audited). */
import * as scheduleView from '../domain/schedule/view.js';
import * as scheduleEdit from '../domain/schedule/edit/apply.js';
import type { FunctionDef } from '../http/function-def.js';

export const getPublicSchedule: FunctionDef<'getPublicSchedule'> = {
  access: 'anyone',
  async run(_payload, _caller, _request, deps) {
    return scheduleView.getPublicSchedule(deps.store, deps.clock.now());
  },
};

export const getSchedule: FunctionDef<'getSchedule'> = {
  access: 'staff',
  async run({ month }, _staff, _request, deps) {
    return scheduleView.getScheduleForStaff(deps.store, month);
  },
};

export const saveWeeklyHours: FunctionDef<'saveWeeklyHours'> = {
  access: 'staff',
  async run({ weekly }, actor, _request, deps) {
    return scheduleEdit.saveWeeklyHours({ store: deps.store, weekly, actor });
  },
};

export const saveScheduleSettings: FunctionDef<'saveScheduleSettings'> = {
  access: 'staff',
  async run({ settings }, actor, _request, deps) {
    return scheduleEdit.saveScheduleSettings({ store: deps.store, settings, actor });
  },
};

export const saveScheduleOverride: FunctionDef<'saveScheduleOverride'> = {
  access: 'staff',
  async run(override, actor, _request, deps) {
    return scheduleEdit.saveScheduleOverride({ store: deps.store, override, actor });
  },
};

export const deleteScheduleOverride: FunctionDef<'deleteScheduleOverride'> = {
  access: 'staff',
  async run({ date }, actor, _request, deps) {
    return scheduleEdit.deleteScheduleOverride({ store: deps.store, date, actor });
  },
};

export const setHolidayOpening: FunctionDef<'setHolidayOpening'> = {
  access: 'staff',
  async run({ date, open }, actor, _request, deps) {
    return scheduleEdit.setHolidayOpening({ store: deps.store, date, open, actor });
  },
};
