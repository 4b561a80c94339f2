/**
 * Staff labels of "leave home by" (issue 36, docs/decisions/055): the staff list's notice column names a
 * patient's minutes before their turn as it names their people ahead. Japanese only, like ja-staff.ts.
 */
export const jaStaffLeave = {
  'admin.noticeMinutes': '{n}分前',
  'admin.noticeMinutesAt': '{n}分前 {time}',
} as const;
