// Personal data (issue 27, docs/privacy.md): the retention job that strips raw events'
// personal fields past each organisation's months. The registry it walks is
// db/personal-data.ts.
export {
  cutoffFor,
  personalDataRetentionJob,
  RETENTION_EVERY_MS,
  RETENTION_JOB,
  stripExpiredPersonalData,
} from './retention.job.ts';
