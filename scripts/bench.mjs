#!/usr/bin/env node
/**
 * `npm run bench`: measures the throughput budgets (docs/benchmarks.md) on this machine (not run in CI).
 *   1. Our server pinned to one core versus nginx (also one core) serving the same bytes from a file:
 *      names-website, a server-rendered course page, the widget script, a site asset; with a bare
 *      Node http server as the ceiling. Budget: >= 50 % (scripts/bench/vs-nginx.mjs).
 *   2. `--leads`: POST /api/leads at 50 connections for 60 s against PostgreSQL (DATABASE_URL or
 *      the local server), restarting PostgreSQL mid-run. Budget: 0 lost, 0 duplicated, 0 5xx.
 *      This restarts the machine's PostgreSQL cluster: run it on a development machine only.
 *   2b. `--leads-ratio`: leads on PostgreSQL against pgbench's bare INSERT of the same row (>= 0.4x),
 *      and leads on PGlite at 50 connections (p99 <= 500 ms, 0 errors) (scripts/bench/leads-ratio.mjs).
 *   3. `--scale`: 10,000 synthetic courses in a PostgreSQL database of their own; search p50/p95
 *      (budget p95 <= 20 ms), answer sizes and first-page times (scripts/bench/scale.mjs).
 *   3b. `--inbox`: a million leads in a PostgreSQL database of their own; the staff inbox's first page,
 *      every filter, fragment searches (p95 <= 50 ms), dashboard and charts (<= 150 ms), and the CSV of
 *      every lead streamed with the server's memory sampled (scripts/bench/inbox.mjs). BENCH_KEEP=1 keeps
 *      and reuses the database, BENCH_CSV=0 skips the export, BENCH_DETAIL=1 names each case's slowest fragments.
 *   3c. `--event-registrations`: 200 parallel registrations for a 100-seat event on PostgreSQL, under
 *      5 s with exactly 100 registered and 100 waitlisted (scripts/bench/event-registrations.mjs).
 *   3d. `--backup`: 100,000 leads backed up from a running server on PostgreSQL and restored into
 *      PostgreSQL and into PGlite, then backed up from PGlite (<= 60 s, restore <= 120 s, /api/health
 *      p95 <= 50 ms throughout each backup) (scripts/bench/backup.mjs).
 *   3e. `--applications`: 10,000 applications on PostgreSQL; the staff's and the applicant's application
 *      page p95 <= 200 ms, and a 10 MB PDF accepted in <= 2 s holding at most one copy in memory
 *      (scripts/bench/applications.mjs).
 *   4. `--widget`: open() to a usable widget form under 4x CPU and Fast 3G (Chromium, CDP
 *      throttling), median of 5, prefetched and cold. Budgets: <= 1.5 s and <= 2.2 s.
 *      `--widget-only` runs just that one (needs Chromium, not wrk or nginx).
 * Needs wrk and nginx (apt-get install wrk nginx-light) and a build (npm run build).
 */
import { runVsNginxBench } from './bench/vs-nginx.mjs';
import { runLeadsBench } from './bench/leads.mjs';
import { runLeadsRatioBench } from './bench/leads-ratio.mjs';
import { runScaleBench } from './bench/scale.mjs';
import { runWidgetOpenBench } from './bench/widget-open.mjs';
import { runInboxBench } from './bench/inbox.mjs';
import { runEventRegistrationsBench } from './bench/event-registrations.mjs';
import { runBackupBench } from './bench/backup.mjs';
import { runApplicationsBench } from './bench/applications.mjs';

const args = new Set(process.argv.slice(2));
if (args.has('--leads-ratio')) {
  await runLeadsRatioBench();
  process.exit();
}
if (args.has('--event-registrations')) {
  await runEventRegistrationsBench();
  process.exit();
}
if (args.has('--applications')) {
  await runApplicationsBench();
  process.exit();
}
if (args.has('--backup')) {
  await runBackupBench();
  process.exit();
}
if (args.has('--inbox')) {
  await runInboxBench();
  process.exit();
}
if (args.has('--scale')) {
  await runScaleBench();
  process.exit();
}
if (!args.has('--leads-only') && !args.has('--widget-only')) await runVsNginxBench();
if (args.has('--leads') || args.has('--leads-only')) await runLeadsBench();
if (args.has('--widget') || args.has('--widget-only')) await runWidgetOpenBench();
