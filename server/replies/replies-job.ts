/**
 * Reading the replies mailbox on a schedule, as a pg-boss job: each pass schedules the next one
 * IMAP_POLL_SECONDS later (a cron schedule cannot go below a minute), and a cron sweep each minute
 * restarts the chain should a pass die with its process. The queue is `stately`: one pass runs
 * at a time across all instances and at most one waits; two passes at once would still store each
 * reply once (store-reply.ts). An unreachable mailbox is logged and tried again at the next pass:
 * messages stay in the mailbox until read, so an outage delays replies and loses none.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { JobLog, JobQueue, QueueSpec } from '../jobs/job-queue';
import type { AttachServices } from './attach-reply';
import { imapSettings, type ImapSettings } from './imap-settings';
import { pollMailbox } from './poll-mailbox';

export const REPLIES_QUEUE_NAME = 'imap-replies';
const SWEEP_CRON = '* * * * *';

export function repliesQueue(pollSeconds: number): QueueSpec {
  return {
    name: REPLIES_QUEUE_NAME,
    policy: 'stately',
    // Only a failure to schedule the next pass (the database away) is retried; the sweep covers the rest.
    retryLimit: 3,
    retryDelaySeconds: 5,
    retryDelayMaxSeconds: 60,
    pollingIntervalSeconds: Math.max(0.5, Math.min(5, pollSeconds / 2)),
  };
}

export interface ReplyPollingOptions {
  jobs: JobQueue;
  db: Database;
  services: AttachServices;
  settings: ImapSettings;
  pollSeconds: number;
  log: JobLog;
  /** The clock the next pass is timed by (tests). */
  now?: () => number;
}

/** Runs the passes in this process, stores the sweep's schedule and queues a first pass. */
export async function startReplyPolling(options: ReplyPollingOptions): Promise<void> {
  const { jobs, log, settings } = options;
  const now = options.now ?? Date.now;
  const spec = repliesQueue(options.pollSeconds);
  await jobs.work(spec, async () => {
    let more = false;
    try {
      const result = await pollMailbox(options);
      more = result.more;
      log.debug(`replies: ${settings.label} read: ${JSON.stringify(result.counts)}`);
    } catch (error) {
      log.warn(
        `replies: ${settings.label} could not be read (${error instanceof Error ? error.message : String(error)}); next try in ${options.pollSeconds} s`,
      );
    }
    const seconds = more ? 1 : options.pollSeconds;
    await jobs.send(spec.name, {}, { startAfter: new Date(now() + seconds * 1000) });
  });
  await jobs.schedule(spec.name, SWEEP_CRON);
  await jobs.send(spec.name, {});
}

/** Starts polling when IMAP_URL is set; without it the CRM says replies are not connected. */
export async function startRepliesIfConfigured(
  config: Pick<Config, 'imapUrl' | 'imapPollSeconds' | 'siteUrl'>,
  parts: { jobs: JobQueue; db: Database; mailer: Mailer; log: JobLog },
): Promise<void> {
  if (!config.imapUrl) return;
  await startReplyPolling({
    ...parts,
    services: { mailer: parts.mailer, config },
    settings: imapSettings(config.imapUrl),
    pollSeconds: config.imapPollSeconds,
  });
}
