/** The staff API as documented: own account and two-factor settings, the CRM's leads, activities and staff. */
import { ownPasswordSchema } from '../staff/own-password';
import { staffChangeSchema } from '../staff/staff-changes';
import { confirmBody, passwordBody, policyBody } from '../routes/two-factor';
import { inviteSchema } from '../routes/staff';
import { leadQuerySchema } from '../crm/lead-filters';
import { leadChangeSchema, noteSchema } from '../crm/lead-changes';
import { activityChangeSchema, activityQuerySchema, newActivitySchema } from '../crm/activity-input';
import { messageAnswer } from './answers-public';
import {
  accountAnswer, activityAnswer, csvText, activityListAnswer, dashboardAnswer, dashboardChartsAnswer, meAnswer, recoveryCodesAnswer,
  staffLeadAnswer, staffLeadPageAnswer, staffListAnswer, staffMemberAnswer, timelineAnswer, twoFactorSetupAnswer, twoFactorStatusAnswer,
} from './answers-staff';
import { adminCall, created, fileAnswer, staffCall, type ApiOperation } from './registry';

const password = { body: passwordBody, example: { password: 'their current password' } };

export const staffOperations: ApiOperation[] = [
  staffCall('post', '/users/signout', 'End this session', { ok: messageAnswer }),
  staffCall('get', '/users/me', 'Who is signed in', { ok: meAnswer }),
  staffCall('get', '/users/account', 'The signed-in member\'s account', { ok: accountAnswer }),
  staffCall('post', '/users/account/password', 'Change one\'s own password (ends the account\'s other sessions)', {
    body: ownPasswordSchema, ok: messageAnswer, errors: [429],
    example: { current_password: 'their current password', password: 'a new long passphrase', cPassword: 'a new long passphrase' },
  }),
  staffCall('get', '/users/two-factor', 'Two-factor sign-in: on or off, required or not, recovery codes left', { ok: twoFactorStatusAnswer }),
  staffCall('post', '/users/two-factor/setup', 'Start turning on two-factor sign-in: the key and its QR code', {
    ...password, ok: twoFactorSetupAnswer, errors: [409, 429],
  }),
  staffCall('post', '/users/two-factor/confirm', 'Confirm with a first code: turns it on and answers recovery codes', {
    body: confirmBody, ok: recoveryCodesAnswer, example: { code: '123456' },
  }),
  staffCall('post', '/users/two-factor/recovery-codes', 'New recovery codes (the old ones stop working)', { ...password, ok: recoveryCodesAnswer, errors: [409, 429] }),
  staffCall('post', '/users/two-factor/disable', 'Turn two-factor sign-in off', { ...password, ok: messageAnswer, errors: [409, 429] }),
  adminCall('put', '/users/two-factor/policy', 'Require two-factor sign-in of every account, or not', {
    body: policyBody, ok: twoFactorStatusAnswer, errors: [409], example: { required: false },
  }),
  staffCall('get', '/crm/leads', 'The leads inbox: filtered, searched, paged', { query: leadQuerySchema, ok: staffLeadPageAnswer }),
  staffCall('get', '/crm/leads.csv', 'The same filters as the inbox, as a CSV file (needs the export permission; recorded in the audit log)', {
    query: leadQuerySchema, ok: fileAnswer(csvText, 'text/csv', 'A CSV file (Content-Disposition: attachment).'),
  }),
  staffCall('get', '/crm/leads/{id}', 'One lead', { ok: staffLeadAnswer, errors: [404] }),
  staffCall('patch', '/crm/leads/{id}', 'Change a lead\'s stage or owner, naming the version read', {
    body: leadChangeSchema, ok: staffLeadAnswer, errors: [404, 409], example: { version: 1, stage: 2 },
  }),
  staffCall('get', '/crm/leads/{id}/timeline', 'A lead\'s history: inquiry, notes, changes, activities', { ok: timelineAnswer, errors: [404] }),
  staffCall('post', '/crm/leads/{id}/notes', 'Add a note to a lead', {
    body: noteSchema, ok: created(messageAnswer), errors: [404], example: { text: 'Called back; wants the evening schedule.' },
  }),
  staffCall('post', '/crm/leads/{id}/activities', 'Plan a call, e-mail, meeting or task on a lead', {
    body: newActivitySchema, ok: created(activityAnswer), errors: [404],
    example: { type: 1, subject: 'Call about the intake', due_at: '2030-01-15T14:00:00-05:00', owner_id: '<a staff id>' },
  }),
  staffCall('get', '/crm/activities', 'Activities by owner, due filter and state, with overdue and due-today counts', {
    query: activityQuerySchema, ok: activityListAnswer,
  }),
  staffCall('patch', '/crm/activities/{id}', 'Change an activity or mark it done, naming the version read', {
    body: activityChangeSchema, ok: activityAnswer, errors: [404, 409], example: { version: 1, done: true },
  }),
  staffCall('get', '/crm/dashboard', 'Lead counts by stage and source, and the newest leads', { ok: dashboardAnswer }),
  staffCall('get', '/crm/dashboard/charts', 'The dashboard\'s charts: weeks by source, funnel, course types, top courses, activities', {
    ok: dashboardChartsAnswer,
  }),
  staffCall('get', '/crm/staff', 'Every staff account (for owner pickers)', { ok: staffListAnswer }),
  adminCall('post', '/crm/staff', 'Invite a staff member (they choose a password from the e-mailed link)', {
    body: inviteSchema, ok: created(staffMemberAnswer), errors: [409],
    example: { name: 'Grace Hopper', email: 'grace@example.com', role: 'counsellor' },
  }),
  adminCall('patch', '/crm/staff/{id}', 'Change a member\'s role, status, catalogue-editor or lead-export permission, naming the version read', {
    body: staffChangeSchema, ok: staffMemberAnswer, errors: [404, 409], example: { version: 1, role: 'counsellor', catalogue_editor: true },
  }),
];
