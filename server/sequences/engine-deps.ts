/** What the sequence engine works with; `now` is the clock (a test's TestClock in tests). */
import type { Database } from '../db/database';
import type { JobLog, JobQueue, QueueSpec } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import type { Config } from '../config';
import type { Catalogue } from '../catalogue/catalogue';

export interface SequenceDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  config: Config;
  catalogue: Catalogue;
  now: () => Date;
  log: JobLog;
}

/**
 * One job per due step of an enrolment, keyed by enrolment and step (data: StepJob). `short`: at
 * most one job waits per key, but a waiting job may run while another with its key is still marked
 * active, as the job of a process killed mid-step stays until its lease ends; the step's lock and
 * run row (step-runner.ts), not the queue, make it happen once. (`stately` would hold it back.)
 */
export const STEP_QUEUE: QueueSpec = {
  name: 'sequence-step',
  policy: 'short',
  retryLimit: 10,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 600,
  pollingIntervalSeconds: 1,
  // A burst (a rule that took a batch of new leads) runs 25 steps a poll, not one.
  batchSize: 25,
};

/** Each minute: new leads matched to rules, exits noticed, due steps whose job went missing. */
export const SWEEP_QUEUE: QueueSpec = {
  name: 'sequence-sweep',
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 120,
  pollingIntervalSeconds: 2,
};
export const SWEEP_CRON = '* * * * *';

export interface StepJob {
  enrolmentId: string;
  stepId: string;
}
