/**
 * The scheduled backup's cron read in Toronto (server/backup/backup-job.ts), evaluated by pg-boss's
 * own schedule arithmetic: once a day at 02:30 local time on both sides of each DST change. On the
 * spring-forward Sunday 02:30 does not exist, and the day's backup runs at 03:30 EDT instead (not
 * skipped); on the fall-back Sunday 02:30 happens once.
 */
import { PgBoss } from 'pg-boss';
import { BACKUP_TIME_ZONE, backupCron } from '../../server/backup/backup-job';
import { backupFileName, backupReasonOf } from '../../server/backup/backup-file-name';

// Never connected: previewSchedule is arithmetic on the expression.
const boss = new PgBoss('postgres://unused@127.0.0.1:1/unused');
const preview = (from: string, count: number) =>
  boss
    .previewSchedule(backupCron({ hour: 2, minute: 30 }), { tz: BACKUP_TIME_ZONE, from: new Date(from), count })
    .map((at) => at.toISOString());

test('02:30 in Toronto is 07:30 UTC in winter and 06:30 UTC in summer, once a day across the March change', () => {
  expect(backupCron({ hour: 2, minute: 30 })).toBe('30 2 * * *');
  expect(preview('2027-03-12T12:00:00Z', 4)).toEqual([
    '2027-03-13T07:30:00.000Z', // Saturday, EST
    '2027-03-14T07:30:00.000Z', // the change: 02:30 does not exist, 03:30 EDT
    '2027-03-15T06:30:00.000Z', // EDT
    '2027-03-16T06:30:00.000Z',
  ]);
});

test('once on the November day 01:00-02:00 happens twice', () => {
  expect(preview('2027-11-05T12:00:00Z', 3)).toEqual(['2027-11-06T06:30:00.000Z', '2027-11-07T07:30:00.000Z', '2027-11-08T07:30:00.000Z']);
});

describe('backup file names', () => {
  test('say when and why, and are read back by retention, a same-second copy included; other names are not ours', () => {
    const at = new Date('2026-11-28T07:30:05.123Z');
    expect(backupFileName(at, 'scheduled')).toBe('college-backup-20261128-073005Z-scheduled.tar');
    expect(backupReasonOf(backupFileName(at, 'scheduled', 2))).toBe('scheduled');
    expect(backupReasonOf(backupFileName(at, 'before-migrate'))).toBe('before-migrate');
    for (const name of ['college-backup-20261128-073005Z-scheduled.tar.partial', 'notes.txt', 'college-backup-x-scheduled.tar']) {
      expect(backupReasonOf(name)).toBeNull();
    }
  });
});
