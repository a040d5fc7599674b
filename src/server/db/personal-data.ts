import type { Database } from './schema.ts';

// Every column of every table, classified: either it can hold personal data (what,
// why, for how long, whose, and what erasure does to it) or it cannot. The type makes
// every table and column of `Database` appear here (tsc fails on a missing one);
// `personal-data.test.ts` checks the migrated schema of both databases against it (a
// column here that no table has, a column there that is not here), and that
// docs/privacy.md says what it says (`npm run privacy:doc` writes the tables there).
//
// It lives beside the schema, not in src/shared: it names tables and columns, which
// only the server knows, and the retention job and (later) the supporter and staff
// erasure walk it. An eraser finds a subject's rows by the columns whose `holds` is
// the subject's key (`visitorId` for a supporter's browser, `userId` for a member,
// `emailKey` for a reminder address) and applies each personal column's `erase`.

/** Whose data it is: a supporter's, a staff member's, or kept to run the service. */
export type Category = 'supporter' | 'staff' | 'operational';

/**
 * What erasure (and the retention job, for `rawEvents` columns) does to a value:
 * - `delete-row`: the row goes (it exists only for that person);
 * - `null`: the column is set to null;
 * - `empty`: set to '' (a not-null text);
 * - `anonymise`: replaced by a fresh `anon:` id that links to nothing (a not-null id
 *   that is part of a key or a unique index: the row and every count of it stay); the
 *   retention job draws one per row;
 * - `keep`: left as it is, with the reason in `note` (a key hash the person asked to
 *   keep, such as a reminder suppression).
 *
 * A supporter's erasure (modules/privacy/supporter-data.ts) applies these rules to the
 * subject's rows with one difference: every `visitorId` column, whatever its rule,
 * takes ONE fresh `anon:` id per erased visitor id, the same across that subject's
 * rows (events not yet rolled up included), so distinct-supporter counts and the
 * per-supporter rollups' keys stay exactly as they were, linked to nothing else.
 */
export type Erasure = 'delete-row' | 'null' | 'empty' | 'anonymise' | 'keep';

/** The kind of personal value a column holds. */
export type Holds =
  | 'visitorId'
  | 'name'
  | 'freeText'
  | 'message'
  | 'messageHash'
  | 'timeZone'
  | 'referral'
  | 'email'
  | 'emailKey'
  | 'pushSubscription'
  | 'networkHash'
  | 'network'
  | 'userAgent'
  | 'userId'
  | 'username'
  | 'phone'
  | 'label'
  | 'mailBody'
  | 'origin';

/** How long a value stays, in the words docs/privacy.md prints. */
export const RETENTION = {
  rawEvents:
    "The organisation's retention for raw events (Settings > Privacy, default 13 months, at least 1): then stripped by the retention job, once rolled up",
  rollups:
    'As long as the campaign or organisation: a pseudonymous key of the figures (distinct supporters, top supporters)',
  reminder: 'Until the reminder is sent, fails for good or expires: the row is deleted',
  reminderAddress:
    'A pending confirmation until its link lapses; a confirmed address until the supporter unsubscribes',
  suppression: 'For good: an unsubscribed address is never mailed again (only its keyed hash)',
  unsubscribeLink: 'Until the unsubscribe link lapses',
  dataLink: 'Until the link lapses (7 days) or the address erases its data through it',
  outbox: 'The address and body until the mail is sent, fails or expires; the row 32 days',
  account: 'As long as the account exists',
  session: 'Until the session ends, then 30 days after it expires',
  loginThrottle: '15 minutes after the last attempt',
  token: 'Until used or lapsed; the row stays as a record of the request',
  invitation:
    'A pending invitation until accepted, revoked or lapsed; an accepted one as long as the organisation',
  emailChange: 'As long as the account: the record of the change and its undo',
  audit:
    "The entry as long as the organisation; who acted, and the person its target names (the actor in an entry of their own account, the member removed or given a new role, the address invited), until both the organisation's audit retention (Settings > Privacy, default 24 months, 1 to 120) has passed and they are no longer a member: then the audit retention job strips them and the entry shows a former member",
  instanceAudit: 'As long as the instance',
  organization: 'As long as the organisation',
  supporterProfile:
    'Until the supporter changes it or has their data erased (the row goes), else as long as the organisation',
} as const;
export type Retention = keyof typeof RETENTION;

export interface PersonalColumn {
  personal: true;
  category: Category;
  holds: Holds;
  purpose: string;
  retention: Retention;
  erase: Erasure;
  /** Who sees it, beyond the server. */
  seenBy: string;
  note?: string;
}

export interface NotPersonal {
  personal: false;
}

export type ColumnClass = PersonalColumn | NotPersonal;

const NOT_PERSONAL: NotPersonal = { personal: false };

/** The space-separated words of a string type: 'id name' -> 'id' | 'name'. */
type Words<S extends string> = S extends `${infer Head} ${infer Tail}` ? Head | Words<Tail> : S;

/** Columns that hold nothing about a person (ids, counts, times, campaign content), space-separated. */
function none<S extends string>(columns: S): Record<Words<S>, NotPersonal> {
  return Object.fromEntries(columns.split(' ').map((c) => [c, NOT_PERSONAL])) as Record<
    Words<S>,
    NotPersonal
  >;
}

const p = (
  category: Category,
  holds: Holds,
  retention: Retention,
  erase: Erasure,
  purpose: string,
  seenBy: string,
  note?: string,
): PersonalColumn => ({
  personal: true,
  category,
  holds,
  retention,
  erase,
  purpose,
  seenBy,
  ...(note && { note }),
});

/** Every table of the schema, every column of each. */
export type Registry = { [T in keyof Database]: { [C in keyof Database[T] & string]: ColumnClass } };

const VISITOR = 'Nobody: the server, and the supporter in their own export (never shown to staff)';
const ANALYTICS = "The organisation's members (analytics, CSV export)";
const ADMINS = "The organisation's admins";
const SENDER = 'Nobody: the mail sender only';

/** A member's own row: gone with their account. */
const membersOwn = (purpose: string) => p('staff', 'userId', 'account', 'delete-row', purpose, 'The member');

const MEMBER_NAME = p(
  'staff',
  'name',
  'account',
  'null',
  "The member's name, shown to their team",
  "The organisation's members",
);

const LEADERS = p(
  'supporter',
  'visitorId',
  'rollups',
  'anonymise',
  "The day's most active supporters (JSON of visitor ids and counts)",
  'Members, as a pseudonym or the name given',
);

export const PERSONAL_DATA: Registry = {
  // Raw events: retention-bound personal fields, stripped after the organisation's months.
  shares: {
    ...none('id assetId platform campaignId organizationId scheduledFor status ref'),
    ...none('createdAt depth variantId source language momentId'),
    supporterId: p(
      'supporter',
      'visitorId',
      'rawEvents',
      'null',
      'Recognises the browser that shared: My Impact, distinct supporters, its own scheduled shares',
      VISITOR,
    ),
    supporterName: p(
      'supporter',
      'name',
      'rawEvents',
      'null',
      'The name the supporter chose to give (only when the organisation collects it, with consent)',
      ANALYTICS,
    ),
    supporterInfo: p(
      'supporter',
      'freeText',
      'rawEvents',
      'empty',
      'Free text a supporter added to a share',
      ANALYTICS,
    ),
    shareText: p(
      'supporter',
      'message',
      'rawEvents',
      'null',
      "A scheduled share's text with the supporter's personal message, posted when the reminder comes",
      'The supporter (their scheduled shares)',
    ),
    timeZone: p(
      'supporter',
      'timeZone',
      'rawEvents',
      'null',
      'The zone a scheduled share was timed in (its calendar file and reminder)',
      'The supporter (their scheduled shares)',
    ),
    messageHash: p(
      'supporter',
      'messageHash',
      'rawEvents',
      'null',
      "Keyed hash of a share's personal message: the nudge when many post the same words",
      VISITOR,
    ),
    parentShareId: p(
      'supporter',
      'referral',
      'organization',
      'null',
      'The share whose link the sharer arrived through: referral generations',
      ANALYTICS,
      'Links two shares, not two people, once their visitor ids are stripped; erasure unlinks both directions',
    ),
    memberId: p(
      'staff',
      'userId',
      'rawEvents',
      'null',
      "The member whose signed-in session made the share on the supporter page: the members' leaderboard",
      ANALYTICS,
    ),
  },
  // A supporter's name for the organisation's boards, given by them (docs/api.md "Recognition").
  supporterProfiles: {
    ...none('id organizationId onBoard hiddenAt createdAt updatedAt'),
    supporterId: p(
      'supporter',
      'visitorId',
      'supporterProfile',
      'delete-row',
      'Whose display name it is: the supporter sets and reads their own by their visitor cookie',
      VISITOR,
    ),
    displayName: p(
      'supporter',
      'name',
      'supporterProfile',
      'delete-row',
      "The name the supporter chose for the campaign's boards (shown only when they opted in and staff did not hide it)",
      "Everyone on the public boards when the supporter opted in; the organisation's members (leaderboard)",
    ),
    hiddenBy: p('staff', 'userId', 'supporterProfile', 'null', 'The member who hid the name', ANALYTICS),
  },
  clicks: {
    ...none('id shareId campaignId organizationId createdAt'),
    sharerId: p(
      'supporter',
      'visitorId',
      'rawEvents',
      'null',
      "The visitor id of the share's author: click-throughs per supporter (My Impact)",
      VISITOR,
    ),
    visitorId: p(
      'supporter',
      'visitorId',
      'rawEvents',
      'anonymise',
      'One click-through per visitor and share; a sharer never counts their own',
      VISITOR,
    ),
    networkHash: p(
      'supporter',
      'networkHash',
      'rawEvents',
      'null',
      'Keyed hash of the IPv4 address or IPv6 /64: the per-network cap on click-throughs',
      VISITOR,
    ),
  },
  visits: {
    ...none('id campaignId organizationId day source createdAt'),
    visitorId: p(
      'supporter',
      'visitorId',
      'rawEvents',
      'anonymise',
      'One visit per visitor, campaign and day: visits per source',
      VISITOR,
    ),
  },
  variantViews: {
    ...none('variantId day campaignId createdAt'),
    visitorId: p(
      'supporter',
      'visitorId',
      'rawEvents',
      'anonymise',
      'One view of an A/B text per visitor and day',
      VISITOR,
    ),
  },

  // Rollups keyed by supporter (pseudonymous visitor ids).
  rollupSupporterDays: {
    ...none('campaignId day organizationId shares clicks'),
    supporterId: p(
      'supporter',
      'visitorId',
      'rollups',
      'anonymise',
      "A supporter's shares and click-throughs per day: reach, top supporters",
      VISITOR,
    ),
  },
  supporterCampaigns: {
    ...none('campaignId organizationId lastAt'),
    supporterId: p(
      'supporter',
      'visitorId',
      'rollups',
      'anonymise',
      "Distinct supporters of a campaign and each one's latest share",
      VISITOR,
    ),
  },
  supporterOrgs: {
    ...none('organizationId lastAt'),
    supporterId: p(
      'supporter',
      'visitorId',
      'rollups',
      'anonymise',
      "Distinct supporters of an organisation and each one's latest share",
      VISITOR,
    ),
  },
  rollupCampaignReach: {
    ...none('campaignId day organizationId supporters gaps'),
    leaders: LEADERS,
  },
  rollupOrgReach: {
    ...none('organizationId day supporters gaps'),
    leaders: LEADERS,
  },

  // Reminders of scheduled shares.
  reminders: {
    ...none('id shareId organizationId dueAt status claimedAt createdAt attempts'),
    email: p('supporter', 'email', 'reminder', 'delete-row', 'Where the reminder mail goes', SENDER),
    emailKey: p(
      'supporter',
      'emailKey',
      'reminder',
      'delete-row',
      'Keyed hash of the address: unsubscribe and confirmation find its reminders',
      SENDER,
    ),
    pushSubscription: p(
      'supporter',
      'pushSubscription',
      'reminder',
      'delete-row',
      "The browser's Web Push endpoint and keys, for a browser reminder",
      SENDER,
    ),
    origin: p(
      'supporter',
      'origin',
      'reminder',
      'delete-row',
      'The site address the supporter scheduled from: the link in the reminder',
      SENDER,
    ),
  },
  reminderAddresses: {
    ...none('id organizationId status createdAt expiresAt confirmedAt tokenHash'),
    emailKey: p(
      'supporter',
      'emailKey',
      'reminderAddress',
      'delete-row',
      'Keyed hash of an address that confirmed reminders from the organisation',
      SENDER,
    ),
    mailboxKey: p(
      'supporter',
      'emailKey',
      'reminderAddress',
      'delete-row',
      'Keyed hash of the exact mailbox that confirmed',
      SENDER,
    ),
  },
  reminderSuppressions: {
    ...none('id organizationId createdAt'),
    emailKey: p(
      'supporter',
      'emailKey',
      'suppression',
      'keep',
      'Keyed hash of an address that unsubscribed: never mailed again',
      SENDER,
      'it is what keeps the address from being mailed again, and names nobody without the key',
    ),
  },
  reminderUnsubscribes: {
    ...none('id tokenHash organizationId createdAt usedAt'),
    emailKey: p(
      'supporter',
      'emailKey',
      'unsubscribeLink',
      'delete-row',
      'The address an unsubscribe link stands for (keyed hash)',
      SENDER,
    ),
  },

  reminderDataLinks: {
    ...none('id tokenHash organizationId createdAt expiresAt'),
    emailKey: p(
      'supporter',
      'emailKey',
      'dataLink',
      'delete-row',
      "The address a reminder mail's link to its data stands for (keyed hash)",
      SENDER,
    ),
  },

  // Mail.
  outbox: {
    ...none('id channel kind organizationId refId subject status reason attempts'),
    ...none('nextAttemptAt expiresAt claimedAt createdAt sentAt heldAt messageId'),
    recipient: p('operational', 'email', 'outbox', 'null', 'Where the mail goes', 'Operators (held mail)'),
    recipientKey: p(
      'operational',
      'emailKey',
      'outbox',
      'anonymise',
      'Keyed hash of the address: the per-recipient mail budget',
      'Nobody',
    ),
    body: p(
      'operational',
      'mailBody',
      'outbox',
      'null',
      "The mail's text (a supporter's reminder carries their share text)",
      SENDER,
    ),
    headers: p(
      'operational',
      'mailBody',
      'outbox',
      'null',
      "Extra headers: the address's signed List-Unsubscribe link",
      SENDER,
    ),
  },

  // Staff accounts.
  users: {
    ...none('id passwordHash role organizationId createdAt updatedAt joinedAt isOperator canReview'),
    // The interface language a member picked: one of six locales, shared by everyone who picked it.
    ...none('language'),
    username: p(
      'staff',
      'username',
      'account',
      'anonymise',
      'Signs in; names the member to their team',
      ADMINS,
    ),
    usernameKey: p('staff', 'username', 'account', 'anonymise', 'Keeps look-alike usernames apart', 'Nobody'),
    email: p('staff', 'email', 'account', 'null', 'Password resets, notifications', ADMINS),
    firstName: MEMBER_NAME,
    lastName: MEMBER_NAME,
    phone: p('staff', 'phone', 'account', 'null', 'A contact number the member chose to give', ADMINS),
  },
  sessions: {
    ...none('id tokenHash createdAt expiresAt lastSeenAt'),
    userId: p(
      'staff',
      'userId',
      'session',
      'delete-row',
      'Whose session it is',
      'The member (their sessions)',
    ),
    userAgent: p(
      'staff',
      'userAgent',
      'session',
      'delete-row',
      'Tells the member which browser a session is (to end it)',
      'The member (their sessions)',
    ),
  },
  passwordResets: {
    ...none('id tokenHash createdAt expiresAt usedAt'),
    userId: p('staff', 'userId', 'token', 'delete-row', 'The account a reset link is for', 'Nobody'),
  },
  emailChanges: {
    ...none('id confirmTokenHash confirmBy confirmedAt undoTokenHash undoBy undoneAt createdAt'),
    userId: p('staff', 'userId', 'emailChange', 'delete-row', 'The account whose address changes', 'Nobody'),
    oldEmail: p('staff', 'email', 'emailChange', 'delete-row', 'The address the undo link goes to', 'Nobody'),
    newEmail: p('staff', 'email', 'emailChange', 'delete-row', 'The address that must confirm', 'Nobody'),
  },
  invitations: {
    ...none('id organizationId role tokenHash createdAt expiresAt acceptedAt'),
    email: p('staff', 'email', 'invitation', 'delete-row', 'The address invited to join', ADMINS),
    invitedBy: p('staff', 'userId', 'invitation', 'null', 'The member who invited', ADMINS),
    acceptedBy: p('staff', 'userId', 'invitation', 'null', 'The account that accepted', ADMINS),
  },
  memberNotifications: {
    ...none('organizationId data updatedAt'),
    userId: membersOwn("A member's own notification switches"),
    origin: p('staff', 'origin', 'account', 'delete-row', 'The site address their mail links use', 'Nobody'),
  },
  firstRunSteps: {
    ...none('organizationId step createdAt'),
    userId: membersOwn("A member's getting-started checklist"),
  },
  uploads: {
    ...none('id name organizationId size createdAt'),
    userId: p('staff', 'userId', 'organization', 'null', "Who uploaded a file: the member's quota", 'Nobody'),
  },
  auditLog: {
    ...none('id organizationId actorKind apiKeyId action createdAt'),
    actorId: p('staff', 'userId', 'audit', 'null', 'The member who acted (or made the acting key)', ADMINS),
    apiKeyName: p('staff', 'label', 'audit', 'keep', "The acting key's name (a label staff chose)", ADMINS),
    target: p(
      'staff',
      'name',
      'audit',
      'keep',
      'What was done to: a username or an invited address for team changes',
      ADMINS,
      "the record of who was invited, removed or given a new role, until the retention has passed and nobody of that username or address is a member (invited and never joined, removed, left, deleted): then it reads a former member; in an entry of the actor's own account (sign-ins, account and address changes, joining, leaving, deleting it) it names the actor, and is stripped with them; a campaign's, asset's, key's or setting's name stays",
    ),
  },
  apiKeys: {
    ...none('id organizationId role prefix tokenHash createdAt lastUsedAt windowStart'),
    ...none('windowCount'),
    name: p('staff', 'label', 'organization', 'keep', 'Tells keys apart (a label staff chose)', ADMINS),
    createdBy: p('staff', 'userId', 'organization', 'null', 'The admin the key acts as', ADMINS),
  },
  organizations: {
    ...none('id name username usernameKey description createdAt suspendedAt suspendedReason'),
    ...none('personalDataMonths personalDataStrippedTo auditMonths defaultLanguage'),
    creatorId: p('staff', 'userId', 'organization', 'keep', 'The member who created it', 'Operators'),
    suspendedBy: p('staff', 'userId', 'instanceAudit', 'null', 'The operator who suspended it', 'Operators'),
  },
  // Review before publishing (migration 0047): who submitted and decided, and their comments.
  campaignRevisions: {
    ...none('id organizationId campaignId openCampaignId state changes submittedAt decidedAt'),
    comments: p(
      'staff',
      'freeText',
      'organization',
      'keep',
      "Reviewers' and authors' comments on a change, with the commenter's name",
      'Members',
    ),
    submittedBy: p(
      'staff',
      'userId',
      'organization',
      'null',
      'The member who submitted the change',
      'Members',
    ),
    decidedBy: p('staff', 'userId', 'organization', 'null', 'The reviewer who decided on it', 'Members'),
    contributors: p(
      'staff',
      'userId',
      'organization',
      'keep',
      'The members whose changes are in it (ids): none of them may decide it',
      'Members',
    ),
  },
  campaignVersions: {
    ...none('id organizationId campaignId version revisionId content approvedAt'),
    submittedBy: p(
      'staff',
      'userId',
      'organization',
      'null',
      'The member who submitted the change',
      'Members',
    ),
    approvedBy: p('staff', 'userId', 'organization', 'null', 'The reviewer who approved it', 'Members'),
  },
  staffNotices: {
    ...none('id kind organizationId period createdAt'),
    subjectId: p(
      'staff',
      'userId',
      'organization',
      'keep',
      'Which member a digest or a new-member notice was for (also a campaign id)',
      'Nobody',
      'An id only, of a member or a campaign depending on the kind',
    ),
  },
  loginAttempts: {
    ...none('windowStart count blockedUntil'),
    key: p(
      'operational',
      'network',
      'loginThrottle',
      'delete-row',
      'Login throttle: a username and the network it was tried from',
      'Nobody',
    ),
  },

  // The instance.
  instanceInvitations: {
    ...none('id tokenHash createdAt expiresAt usedAt'),
    createdBy: p('staff', 'userId', 'token', 'null', 'The operator who made the sign-up link', 'Operators'),
    usedBy: p('staff', 'userId', 'token', 'null', 'The account that signed up with it', 'Operators'),
  },
  instanceAudit: {
    ...none('id action organizationId createdAt'),
    actorId: p('staff', 'userId', 'instanceAudit', 'null', 'The operator who acted', 'Operators'),
    actorName: p(
      'staff',
      'username',
      'instanceAudit',
      'keep',
      "The operator's username when they acted",
      'Operators',
    ),
    target: p(
      'staff',
      'name',
      'instanceAudit',
      'keep',
      'What was done to (an organisation, a username)',
      'Operators',
    ),
    detail: p(
      'staff',
      'freeText',
      'instanceAudit',
      'keep',
      'Further facts: a reason the operator wrote',
      'Operators',
    ),
  },

  // No personal data.
  campaigns: {
    ...none('id name description status organizationId startDate endDate createdAt utmEnabled utmMedium'),
    ...none(
      'utmCampaign defaultLanguage languages externalId goalMetric goalTarget goalDeadline goalVersion',
    ),
    ...none('disclosure endedEventAt'),
  },
  assets: {
    ...none('id title description type content campaignId organizationId position createdAt deletedAt'),
    ...none('shareText altText translations externalId textEditable'),
  },
  assetVariants: none('id assetId organizationId text position createdAt deletedAt'),
  templates: none('id organizationId name description category assets sourceCampaignId createdAt'),
  appSecrets: none('name value'),
  jobRuns: none('name lastRunAt'),
  rollupState: none('name lastId'),
  rollupTotals: none('campaignId platform organizationId shares clicks opened prepared lastAt'),
  rollupCampaignHours: none('campaignId hour organizationId shares clicks opened prepared'),
  rollupOrgHours: none('organizationId hour shares clicks opened prepared'),
  rollupDays: none('campaignId day assetId platform depth organizationId shares clicks opened prepared'),
  rollupCampaignSupporters: none('campaignId organizationId supporters'),
  rollupOrgSupporters: none('organizationId supporters'),
  rollupCampaignLastHours: none('campaignId hour organizationId supporters'),
  rollupOrgLastHours: none('organizationId hour supporters'),
  rollupSourceDays: none('campaignId day source organizationId visits shares'),
  rollupLanguageDays: none('campaignId day language organizationId shares clicks opened prepared'),
  unconfirmedClicks: none('campaignId hour organizationId count'),
  organizationSettings: none('organizationId data updatedAt'),
  organizationFigures: none(
    'organizationId members campaigns shares30d clicks30d mailToday mailMonth storageBytes lastActivityAt refreshedAt',
  ),
  instanceSettings: none('key value updatedAt'),
  // Shared moments: a time staff set, nothing of any supporter (commitments are shares).
  moments: none('id organizationId campaignId at platform assetId createdAt'),
  // Webhook receivers and their attempts: addresses of the organisation's own tools.
  webhookEndpoints: none(
    'id organizationId url description events enabled disabledReason secretSealed secretPrefix previousSecretSealed previousSecretExpiresAt failingSince createdAt updatedAt',
  ),
  webhookDeliveries: none(
    'id endpointId messageId eventType attempt attemptedAt statusCode durationMs error errorCode errorParams responseExcerpt',
  ),
  // What the analytics show of a share or click-through (no supporter), for a second.
  webhookItems: none('id endpointId organizationId type body createdAt'),
  // Which share an endpoint is still to hear of, for a second: two ids.
  webhookShareItems: none('endpointId shareId'),
};

export type TableName = keyof Database;

/** One personal column with its table and name. */
export interface PersonalField extends PersonalColumn {
  table: TableName;
  column: string;
}

/** Every personal column of every table, in registry order. */
export function personalFields(): PersonalField[] {
  return Object.entries(PERSONAL_DATA).flatMap(([table, columns]) =>
    Object.entries(columns as Record<string, ColumnClass>).flatMap(([column, c]) =>
      c.personal ? [{ ...c, table: table as TableName, column }] : [],
    ),
  );
}

/** The prefix of an `anonymise`d value: never a visitor id (base64url), a username or an address. */
export const ANONYMOUS_PREFIX = 'anon:';
