/** Answer shape of the dashboard's backup notice: the schema of src/backup-schemas.ts, named for the API description. */
import type { BackupStatus } from '../../src/backup-contract';
import { backupStatusSchema } from '../../src/backup-schemas';
import { answerSchema } from './answer-schema';

export const backupStatusAnswer = answerSchema<BackupStatus>()('BackupStatus', backupStatusSchema);
