/**
 * The sequence engine on the job queue: each due step is a delayed job keyed by enrolment and step
 * (step-runner.ts), and a schedule each minute runs the sweep (sweep.ts). Every instance works
 * both queues; pg-boss hands each job to one of them.
 */
import type { JobQueue } from '../jobs/job-queue';
import { STEP_QUEUE, SWEEP_CRON, SWEEP_QUEUE, type SequenceDeps, type StepJob } from './engine-deps';
import { runStepJob } from './step-runner';
import { sweep } from './sweep';

export async function workSequences(deps: SequenceDeps): Promise<void> {
  await deps.jobs.work<StepJob>(STEP_QUEUE, (job) => runStepJob(deps, job));
  await deps.jobs.work(SWEEP_QUEUE, async () => {
    const done = await sweep(deps);
    if (done.enrolled + done.ended + done.resent > 0) deps.log.debug(`sequence sweep: ${JSON.stringify(done)}`);
  });
  await deps.jobs.schedule(SWEEP_QUEUE.name, SWEEP_CRON);
  // At start: steps whose job was cut off by a crash (still 'active' until its lease ends) go again now.
  await kickSweep(deps.jobs);
}

/** A sweep soon (a sequence resumed: its due steps get their jobs again), not waiting for the minute. */
export async function kickSweep(jobs: JobQueue): Promise<void> {
  await jobs.send(SWEEP_QUEUE.name, {}, { singletonKey: 'kick' });
}
