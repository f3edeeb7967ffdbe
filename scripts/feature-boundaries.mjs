#!/usr/bin/env node
/**
 * `npm run lint` (part): a feature folder is one concern, and other modules use it only through its
 * public modules (issue 30). A product module (server/, src/, site/, widget/) outside a feature's
 * folder that imports one of the folder's other files fails. Tests may reach a feature's internals.
 * Add a feature here when its folder gets a public module.
 * Usage: node scripts/feature-boundaries.mjs [project folder]   (prints each crossing, exits 1 if any)
 */
import { join, relative, resolve, sep } from 'node:path';
import { projectImports } from './project-imports.mjs';

const ROOT = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));

/** Each feature's folder and the files other modules may import from it. */
const FEATURES = [
  // index.ts: its jobs, timeline renderer, personal data; feature.ts: its routes, for server/app.ts.
  { folder: 'server/events', publicModules: ['index.ts', 'feature.ts'] },
  // Sign-in's routes (feature.ts) and the auth plumbing every staff route and store uses: the guards,
  // ids and tokens, accounts, sessions, passwords and reset links, the second factor (sealed at rest),
  // the sign-in limits housekeeping purges, and the first admin (server start). Private: the sign-in
  // steps themselves (completion, TOTP, recovery codes, the hashing queue, password strength).
  {
    folder: 'server/auth',
    publicModules: [
      'feature.ts',
      'guards.ts',
      'tokens.ts',
      'users.ts',
      'sessions.ts',
      'passwords.ts',
      'current-password.ts',
      'password-reset.ts',
      'two-factor.ts',
      'signin-challenge.ts',
      'signin-throttle.ts',
      'first-admin.ts',
      'add-staff-command.ts',
    ],
  },
  // feature.ts: staff, account and audit routes; an account's status (sign-in refuses inactive ones); the staff store (names on records).
  { folder: 'server/staff', publicModules: ['feature.ts', 'account-status.ts', 'staff-store.ts'] },
  // The audit log: recordAudit (audit-log.ts) and its helpers for other features' records; feature.ts: its routes (the staff feature registers them).
  {
    folder: 'server/audit',
    publicModules: [
      'feature.ts',
      'audit-log.ts',
      'bulk-reads.ts',
      'client-address.ts',
      'recorded-export.ts',
      'settings-audit.ts',
      'staff-audit.ts',
    ],
  },
  // index.ts: the record, store, validation, mails' greeting, confirmation limit, notifier; spool.ts:
  // the outage spool (server.ts, /api/health), kept out of index.ts, which the AppContext's lead-life imports.
  // confirmation-limit.ts: a confirmation's recipient key (a leaf: consent's confirmed addresses, which
  // the notifier uses through consent's index.ts, would otherwise import leads' index.ts in a circle).
  { folder: 'server/leads', publicModules: ['index.ts', 'feature.ts', 'spool.ts', 'confirmation-limit.ts'] },
  // index.ts: the lead-not-found message, the inbox's filters and search, charts' weeks, CSV lines, tallies.
  { folder: 'server/crm', publicModules: ['index.ts', 'feature.ts'] },
  { folder: 'server/merge', publicModules: ['feature.ts'] },
  // index.ts: the retention job, timeline renderers, the export's extras; personal-tables.ts: the
  // types with which each feature's personal-data.ts declares its tables (seven features import it).
  { folder: 'server/privacy', publicModules: ['index.ts', 'feature.ts', 'personal-tables.ts'] },
  // catalogue.ts: the in-memory catalogue, read wherever a course is named; public-read.ts: the one
  // read path of public data (the fast path, the site's pages, the search route); answer-components.ts:
  // its answers' names, which server/openapi/answers-public.ts calls in the document's order.
  {
    folder: 'server/catalogue',
    publicModules: ['index.ts', 'feature.ts', 'catalogue.ts', 'public-read.ts', 'answer-components.ts'],
  },
  // answer-components.ts: its answer's name, called by server/openapi/answers-public.ts in the document's order.
  { folder: 'server/search', publicModules: ['index.ts', 'feature.ts', 'answer-components.ts'] },
  // image-check.ts: pictures checked by their bytes and the photos' addresses (a leaf module the public
  // catalogue and applicants' documents use; through index.ts it would drag the editor's store along).
  { folder: 'server/catalogue-edit', publicModules: ['index.ts', 'feature.ts', 'image-check.ts'] },
  { folder: 'server/outreach', publicModules: ['index.ts', 'feature.ts'] },
  { folder: 'server/sequences', publicModules: ['index.ts', 'feature.ts'] },
  { folder: 'server/replies', publicModules: ['index.ts', 'feature.ts'] },
  // contact.ts: "not contacted yet" as SQL, for the CRM's lead list and lead (through index.ts it would be a circle).
  { folder: 'server/assignment', publicModules: ['index.ts', 'feature.ts', 'contact.ts'] },
  { folder: 'server/consent', publicModules: ['index.ts', 'feature.ts'] },
  // Enrolment is the next step of an application (issue 34): it reads the application, records on
  // its history and checks staff's view of it through these; privacy, the seal at rest, the seed and
  // the timeline use the applicant's documents, keys, personal data and defaults.
  {
    folder: 'server/applications',
    publicModules: [
      'feature.ts',
      'applicant-session.ts',
      'application-store.ts',
      'application-events.ts',
      'staff-visibility.ts',
      'staff-applicant-mail.ts',
      'staff-labels.ts',
      'checklist-store.ts',
      'decision-letter-defaults.ts',
      'forget-applicant.ts',
      'document-export.ts',
      'document-keys.ts',
      'personal-data.ts',
    ],
  },
  // enrolment-pass.ts and refund-reminders.ts: its jobs (server.ts); personal-data.ts: the privacy registry's.
  { folder: 'server/enrolment', publicModules: ['feature.ts', 'enrolment-pass.ts', 'refund-reminders.ts', 'personal-data.ts'] },
];

/**
 * Imports of a feature's internals known to cross today, as 'importer -> imported' (paths from the
 * project root). Empty: the crossings found when the check came (housekeeping's mail-cap purge, the
 * timeline's renderer, the event jobs, the privacy registry's personal data) go through index.ts.
 */
const KNOWN_EXCEPTIONS = new Set([]);

const PRODUCT = ['server', 'src', 'site', 'widget'];
const { imports } = projectImports(ROOT);
const path = (file) => relative(ROOT, file).split(sep).join('/');
const inFolder = (file, folder) => file.startsWith(`${folder}/`);

const crossings = [];
for (const [file, targets] of imports) {
  const importer = path(file);
  if (!PRODUCT.some((folder) => inFolder(importer, folder))) continue;
  for (const target of targets.map(path)) {
    const feature = FEATURES.find(({ folder }) => inFolder(target, folder) && !inFolder(importer, folder));
    if (!feature || feature.publicModules.some((name) => target === `${feature.folder}/${name}`)) continue;
    if (!KNOWN_EXCEPTIONS.has(`${importer} -> ${target}`)) crossings.push({ importer, target, feature });
  }
}
for (const { importer, target, feature } of crossings) {
  console.error(`${importer} imports ${target}: use ${feature.publicModules.map((name) => `${feature.folder}/${name}`).join(' or ')}`);
}
if (crossings.length > 0) process.exit(1);
console.log(`Features used through their public modules: ${FEATURES.map(({ folder }) => folder).join(', ')}.`);
