// Personal data (issue 27, docs/privacy.md): the retention jobs. One strips raw events'
// personal fields past each organisation's months, one removes the reminder data that
// lapsed, one strips former members from audit entries past the audit retention. The
// registry they follow is db/personal-data.ts.
export {
  anonymousId,
  cutoffFor,
  personalDataRetentionJob,
  RETENTION_EVERY_MS,
  RETENTION_JOB,
  stripExpiredPersonalData,
} from './retention.job.ts';
export {
  AUDIT_RETENTION_JOB,
  auditRetentionJob,
  FORMER_MEMBER_TARGET,
  stripFormerMembers,
} from './audit-retention.job.ts';
export {
  expireReminderData,
  REMINDER_RETENTION_JOB,
  reminderDataRetentionJob,
} from './reminder-retention.job.ts';
// A supporter's data: its export and its erasure (issue 27 item 3), for the supporter's
// own requests and the admins' data requests.
export { eraseSupporterData, exportSupporterData, type SupporterSubject } from './supporter-data.ts';
export { MY_DATA_ERASURES_PER_MINUTE, MY_DATA_READS_PER_MINUTE, myDataRoutes } from './my-data.routes.ts';
