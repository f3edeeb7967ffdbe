/**
 * Versioned schema migrations, applied in this order at start and recorded in schema_migrations.
 * One file per migration; an applied migration is never edited: add a new file and list it here.
 * SQL must stay valid on PostgreSQL 15-18 and on PGlite.
 */
import type { Migration } from './migration';
import { initial } from './001-initial';
import { leadPayloadHash } from './002-lead-payload-hash';
import { sharedThrottles } from './003-shared-throttles';
import { mailSecrets } from './004-mail-secrets';
import { twoFactor } from './005-two-factor';
import { crmWork } from './006-crm-work';
import { searchWords } from './007-search-words';
import { catalogueEditing } from './008-catalogue-editing';
import { unloggedCounters } from './009-unlogged-counters';
import { searchIndexes } from './010-search-indexes';
import { leadNotifyPending } from './011-lead-notify-pending';
import { searchMatching } from './012-search-matching';
import { authHardening } from './013-auth-hardening';
import { auditLog } from './014-audit-log';
import { searchHead } from './015-search-head';
import { mailEnvelope } from './016-mail-envelope';
import { leadEventKinds } from './017-lead-event-kinds';
import { leadEmails } from './018-lead-emails';
import { consent } from './019-consent';
import { replies } from './021-replies';
import { privacy } from './022-privacy';
import { assignment } from './023-assignment';
import { repeatInquiries } from './024-repeat-inquiries';
import { leadsAtScale } from './025-leads-at-scale';
import { sequences } from './026-sequences';
import { events } from './027-events';
import { searchAcrossWords } from './029-search-across-words';
import { listedLeadsInIndexes } from './030-listed-leads-in-indexes';
import { throttlePairs } from './031-throttle-pairs';
import { consentFromThePerson } from './032-consent-from-the-person';
import { pinFunctionSearchPath } from './033-pin-function-search-path';
import { backupRuns } from './034-backup-runs';
import { applications } from './035-applications';
import { applicationListIndexes } from './036-application-list-indexes';
import { enrolment } from './037-enrolment';

export type { Migration } from './migration';

export const MIGRATIONS: readonly Migration[] = [
  initial,
  leadPayloadHash,
  sharedThrottles,
  mailSecrets,
  twoFactor,
  crmWork,
  searchWords,
  catalogueEditing,
  unloggedCounters,
  searchIndexes,
  leadNotifyPending,
  searchMatching,
  authHardening,
  auditLog,
  searchHead,
  mailEnvelope,
  leadEventKinds,
  leadEmails,
  consent,
  replies,
  privacy,
  assignment,
  repeatInquiries,
  leadsAtScale,
  sequences,
  events,
  searchAcrossWords,
  listedLeadsInIndexes,
  throttlePairs,
  consentFromThePerson,
  pinFunctionSearchPath,
  backupRuns,
  applications,
  applicationListIndexes,
  enrolment,
];
