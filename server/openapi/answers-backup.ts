/** Answer shape of the dashboard's backup notice (src/backup-contract.ts). */
import { z } from 'zod';
import type { BackupStatus } from '../../src/backup-contract';
import { answerSchema, instantSchema } from './answer-schema';

export const backupStatusAnswer = answerSchema<BackupStatus>()(
  'BackupStatus',
  z.object({ last_success_at: instantSchema.nullable(), days_old: z.number().int().nullable(), stale: z.boolean() }),
);
