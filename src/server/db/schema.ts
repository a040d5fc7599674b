import type { AssetType } from '#shared/constants.ts';
import type { ColumnType, Generated } from 'kysely';

// Column names are camelCase in both dialects (Kysely quotes them), so rows map
// straight onto the shared types. Timestamps are ISO-8601 UTC strings in TEXT
// columns: they sort and compare the same way on SQLite and PostgreSQL
// (docs/decisions/0002-portable-schema.md).

/** A nullable column that inserts may leave out: it is then null. */
type NullByDefault<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** nameKey(username): unique, so look-alike names collide (NULL for legacy look-alikes). */
  usernameKey: string | null;
  passwordHash: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The membership's role (admin, editor, viewer); 'user' while in no organisation. */
  role: Generated<string>;
  phone: string | null;
  organizationId: number | null;
  /** When the user joined their organisation (null while in none). */
  joinedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * An operator of the instance (modules/instance): 1 or 0 on both databases, only ever
   * tested for truth on reading. An instance role, apart from the organisation's `role`.
   */
  isOperator: ColumnType<boolean | number, number | undefined, number>;
  /** The member's profile language (a locale); null: negotiated from their browser (migration 0042). */
  language: NullByDefault<string>;
  /** An editor an admin let review (1) or not (0); admins always review (migration 0047). */
  canReview: ColumnType<boolean | number, number | undefined, number>;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  username: string;
  /** nameKey(username): unique, so look-alike names collide (NULL for legacy look-alikes). */
  usernameKey: string | null;
  description: string | null;
  creatorId: number;
  createdAt: string;
  /** Suspended by an operator since then (modules/instance); null while active. */
  suspendedAt: NullByDefault<string>;
  /** The operator's reason, shown to the members in the staff banner. */
  suspendedReason: NullByDefault<string>;
  /** The operator who suspended it (null from the command line). */
  suspendedBy: NullByDefault<number>;
  /** Months raw events keep their personal fields (migration 0035; docs/api.md "Privacy"). */
  personalDataMonths: Generated<number>;
  /** The retention job's last finished cutoff: events before it are stripped. */
  personalDataStrippedTo: NullByDefault<string>;
  /** Months the audit log keeps a former member's personal fields (migration 0039). */
  auditMonths: Generated<number>;
  /** The language of what belongs to no campaign (migration 0042). */
  defaultLanguage: Generated<string>;
}

export interface SessionsTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  userAgent: string | null;
  /** Refreshed at most once a minute (sessions.ts), so reads stay cheap. */
  lastSeenAt: string | null;
}

export interface CampaignsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  status: Generated<string>;
  organizationId: number;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  /**
   * UTM tags on the campaign's tracked links: stored 1 (the default) or 0 on both
   * databases, and written so; read, it is only ever tested for truth, and the API's
   * schema answers it as true or false (z.coerce.boolean), hence the read type.
   */
  utmEnabled: ColumnType<boolean, number | undefined, number>;
  /** utm_medium and utm_campaign as staff set them; null is the default (`social`, the name's slug). */
  utmMedium: NullByDefault<string>;
  utmCampaign: NullByDefault<string>;
  /** The locale it is shown in unless a supporter's language says otherwise (migration 0042). */
  defaultLanguage: Generated<string>;
  /** The locales it offers, as a JSON array in menu order (`["en","es"]`); read with campaignLanguages. */
  languages: Generated<string>;
  /** The id a bulk import gave it, unique in its organisation (migration 0045); null: none. */
  externalId: NullByDefault<string>;
  /** The line every share of the campaign carries (`#ad`), migration 0046; null: none. */
  disclosure: NullByDefault<string>;
  /** Its goal (migration 0048): the figure (`shares`, `supporters`, `clickThroughs`), the target, an optional yyyy-MM-dd; all null: none. */
  goalMetric: NullByDefault<string>;
  goalTarget: NullByDefault<number>;
  goalDeadline: NullByDefault<string>;
  /**
   * When the campaign-end job wrote the `campaign.ended` event of its end date passing
   * (migration 0051); null until then, and again once an edit moves the end ahead.
   * Never in API responses (toCampaign leaves it out).
   */
  endedEventAt: NullByDefault<string>;
  /** Bumped when the goal's figure or target changes or it is removed (migration 0053): its staff mails' key. */
  goalVersion: Generated<number>;
}

export interface AssetsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  type: AssetType;
  content: string;
  campaignId: number;
  organizationId: number;
  /** Display order inside the campaign (ascending; ties broken by id). */
  position: number;
  createdAt: string;
  /** Set when the asset is deleted: it leaves the page and the order, its shares stay. */
  deletedAt: NullByDefault<string>;
  /** The caption supporters share for an image or video asset; null falls back to the description (assetShareText). */
  shareText: NullByDefault<string>;
  /** The image's alt text; null: the description serves (migration 0042). */
  altText: NullByDefault<string>;
  /** Its words in other languages, a JSON object keyed by locale (`{"es":{"shareText":"..."}}`); null: none. */
  translations: NullByDefault<string>;
  /** The id a bulk import gave it, unique in its organisation (migration 0045); null: none. */
  externalId: NullByDefault<string>;
  /**
   * Whether supporters may edit its words, or only add a message above them (migration
   * 0046): stored 0 (the default) or 1 on both databases, read like campaigns.utmEnabled.
   */
  textEditable: ColumnType<boolean, number | undefined, number>;
}

export interface SharesTable {
  id: Generated<number>;
  assetId: number;
  platform: string;
  supporterInfo: Generated<string>;
  campaignId: number;
  organizationId: number;
  scheduledFor: string | null;
  /**
   * A logged share's outcome: 'shared' (a share sheet resolved), 'opened' (a platform
   * window opened) or 'prepared' (media saved, caption copied; migration 0029); a
   * scheduled one is 'pending', then 'reminded', 'rescheduled' or 'expired'.
   */
  status: Generated<string>;
  /** Tracked-link code of this share (unique when present). */
  ref: string | null;
  /** Anonymous first-party supporter id (cookie), never personal data. */
  supporterId: string | null;
  /** The name the supporter gave with consent, when the organisation collects it. */
  supporterName: NullByDefault<string>;
  createdAt: string;
  /** The share whose link this sharer arrived through (same campaign), if any. */
  parentShareId: number | null;
  /** Referral generation: parent's depth + 1, 0 without a parent. */
  depth: Generated<number>;
  /** A scheduled share's text (personal message and caption), as the supporter chose it. */
  shareText: NullByDefault<string>;
  /** A scheduled share's IANA time zone, as the supporter picked the time. */
  timeZone: NullByDefault<string>;
  /** Keyed hash of the personal message a logged share carried (normalised), never its words. */
  messageHash: NullByDefault<string>;
  /** The share-text variant the sharer was shown (an A/B text of the asset), if any. */
  variantId: NullByDefault<number>;
  /** The `src` tag the sharer arrived with (e.g. `qr`), if any. */
  source: NullByDefault<string>;
  /** The locale the supporter page was in (LOCALES); null: not recorded (before migration 0043, or not sent). */
  language: NullByDefault<string>;
  /** The member whose staff session made it on the supporter page (migration 0049); null otherwise. */
  memberId: NullByDefault<number>;
  /** The shared moment this scheduled share commits to (migration 0050), else null. */
  momentId: NullByDefault<number>;
}

/**
 * A supporter's name for an organisation's boards (migration 0049): one per organisation
 * and visitor id; on a board only with `onBoard` and while not hidden by staff.
 */
export interface SupporterProfilesTable {
  id: Generated<number>;
  organizationId: number;
  supporterId: string;
  displayName: string;
  /** 1 or 0 on both databases: the supporter opted in to the boards. */
  onBoard: ColumnType<boolean | number, number | undefined, number>;
  hiddenAt: NullByDefault<string>;
  hiddenBy: NullByDefault<number>;
  createdAt: string;
  updatedAt: string;
}

/** An alternative share text of an asset (A/B test); removed ones keep their row. */
export interface AssetVariantsTable {
  id: Generated<number>;
  assetId: number;
  organizationId: number;
  text: string;
  position: number;
  createdAt: string;
  deletedAt: NullByDefault<string>;
}

/** One confirmed visit per visitor, campaign and UTC day, with its source tag. */
export interface VisitsTable {
  id: Generated<number>;
  campaignId: number;
  organizationId: number;
  visitorId: string;
  /** UTC date (YYYY-MM-DD) of the visit: the dedupe key with campaign and visitor. */
  day: string;
  source: string | null;
  createdAt: string;
}

/** Which variant a visitor was shown, once per UTC day. */
export interface VariantViewsTable {
  variantId: number;
  visitorId: string;
  day: string;
  campaignId: number;
  createdAt: string;
}

export interface ClicksTable {
  id: Generated<number>;
  shareId: number;
  campaignId: number;
  organizationId: number;
  /** Supporter id of the share's author, so My Impact can count clicks per supporter. */
  sharerId: string | null;
  visitorId: string;
  createdAt: string;
  /** Keyed hash of the client network (IPv4 address, IPv6 /64), for the per-network cap. */
  networkHash: string | null;
}

/** A scheduled share's reminder, kept only until it is sent (migration 0012-reminders). */
export interface RemindersTable {
  id: Generated<number>;
  shareId: number;
  organizationId: number;
  /** The share's scheduledFor (ISO UTC): when the job sends it. */
  dueAt: string;
  /** 'pending' until a job claims it, then 'sending' (claimed rows are never sent again). */
  status: Generated<string>;
  email: string | null;
  /** Keyed hash of the normalised address, so an unsubscribe link finds its reminders. */
  emailKey: string | null;
  /** The PushSubscriptionJSON the browser gave, as JSON text. */
  pushSubscription: string | null;
  origin: string;
  claimedAt: string | null;
  /** Failed deliveries so far (migration 0017): retried with backoff until REMINDER_MAX_ATTEMPTS. */
  attempts: Generated<number>;
  createdAt: string;
}

/** Keyed address hashes that unsubscribed in an organisation: never mailed again (migration 0017). */
export interface ReminderSuppressionsTable {
  id: Generated<number>;
  organizationId: number;
  emailKey: string;
  createdAt: string;
}

/** Single-use unsubscribe links of reminder mails. */
export interface ReminderUnsubscribesTable {
  id: Generated<number>;
  tokenHash: string;
  organizationId: number;
  emailKey: string;
  createdAt: string;
  usedAt: string | null;
}

/** A reminder mail's link to the data held for its address (migration 0037): erasing through it deletes it. */
export interface ReminderDataLinksTable {
  id: Generated<number>;
  tokenHash: string;
  organizationId: number;
  emailKey: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * Every mail the server sends, or decided not to send, with why (migration 0021-outbox,
 * docs/decisions/0024-outbox.md). The sender job claims `queued` rows whose
 * `nextAttemptAt` has come.
 */
export interface OutboxTable {
  id: Generated<number>;
  /** 'email' (Web Push reminders are still sent by the reminders job). */
  channel: string;
  /** What the mail is: 'reminder-confirm', 'reminder', 'invitation', 'password-reset', ... */
  kind: string;
  /** The organisation the mail is sent for (its budget and hold); null for account mail. */
  organizationId: number | null;
  /** The address as given, kept only until the row is finished. */
  recipient: string | null;
  /** Keyed hash of the normalised address: what the per-recipient budget counts. */
  recipientKey: string;
  /** The row the mail is about, per kind (a reminder: its share; a confirmation: its reminderAddresses row). */
  refId: number | null;
  /** Always the instance's own words, never campaign or organisation text. */
  subject: string;
  /** Plain text, kept only until the row is finished. */
  body: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe). */
  headers: string | null;
  /** 'queued' | 'held' | 'sending' | 'sent' | 'failed' | 'expired' | 'dropped'. */
  status: string;
  /** Why it is held, failed, expired or dropped (a code: docs/api.md). */
  reason: string | null;
  attempts: Generated<number>;
  nextAttemptAt: string;
  /** Not sent by then: expired (a reminder's moment has passed, a confirmation link has lapsed). */
  expiresAt: string;
  claimedAt: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Since when it waits, while `held` (the operators' list of held mail). */
  heldAt: NullByDefault<string>;
  /** A webhook message's `webhook-id` (channel 'webhook'; migration 0044), the same on every attempt. */
  messageId: NullByDefault<string>;
}

/** A shared moment staff set on a campaign (migration 0050, docs/api.md "Momentum"). */
export interface MomentsTable {
  id: Generated<number>;
  organizationId: number;
  campaignId: number;
  /** ISO time, UTC. */
  at: string;
  /** A platform id, or 'any'. */
  platform: string;
  /** The asset to post, or null: the supporter picks one. */
  assetId: NullByDefault<number>;
  createdAt: string;
}

/** An organisation's webhook receiver (migration 0044, docs/api.md "Integrations"). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  organizationId: number;
  url: string;
  description: Generated<string>;
  /** The subscribed event types, a JSON array. */
  events: string;
  /** 1 or 0. */
  enabled: ColumnType<number, number | undefined, number>;
  /** Why it is disabled: 'failing' (the retry window passed) or 'admin'; null while enabled. */
  disabledReason: NullByDefault<string>;
  /** The signing secret, sealed (lib/sealed-secret.ts). */
  secretSealed: string;
  /** The secret's first characters, for display. */
  secretPrefix: string;
  /** The secret before the last rotation, still signing until previousSecretExpiresAt. */
  previousSecretSealed: NullByDefault<string>;
  previousSecretExpiresAt: NullByDefault<string>;
  /** The first failed attempt since the last delivered one; null while healthy. */
  failingSince: NullByDefault<string>;
  createdAt: string;
  updatedAt: string;
}

/**
 * One item of a batched webhook event (share.created, click.confirmed) waiting to be
 * bundled into a message (migration 0044): appended by the change's transaction, taken
 * by the sender within a second. No index but its key, no foreign key: the share path
 * pays one cheap insert (an endpoint deleted meanwhile has its items dropped when bundled).
 */
export interface WebhookItemsTable {
  id: Generated<number>;
  endpointId: number;
  organizationId: number;
  type: string;
  /** The item's JSON (a share or a click-through as the event lists it). */
  body: string;
  createdAt: string;
}

/** A share.created item waiting to be bundled (migration 0054): its endpoint and share, no key. */
export interface WebhookShareItemsTable {
  endpointId: number;
  shareId: number;
}

/** One attempt to deliver a webhook message (migration 0044): the endpoint's delivery log. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpointId: number;
  messageId: string;
  eventType: string;
  /** 1 for the first attempt of the message. */
  attempt: number;
  attemptedAt: string;
  /** The receiver's status; null when no answer came (refused address, network error, timeout). */
  statusCode: number | null;
  durationMs: number;
  /** English; with the code and its values (migration 0052) for the client to word. */
  error: string | null;
  errorCode: string | null;
  /** JSON of `webhookErrorParamsSchema`. */
  errorParams: string | null;
  /** The first 500 characters of the receiver's answer. */
  responseExcerpt: string | null;
}

/** Addresses that confirmed (or were asked to confirm) reminders from an organisation (migration 0021). */
export interface ReminderAddressesTable {
  id: Generated<number>;
  organizationId: number;
  /** Keyed hash of the normalised address, as reminders.emailKey (unsubscribe and expiry find reminders by it). */
  emailKey: string;
  /** Keyed hash of the exact mailbox (address-key.ts mailboxKey): the address that confirms is the one mailed. */
  mailboxKey: string;
  /** 'pending' until the link in the confirmation mail is used, then 'confirmed'. */
  status: string;
  /** SHA-256 of the confirmation link's token; null once used. */
  tokenHash: string | null;
  createdAt: string;
  /** A pending address lapses then, and its reminders expire. */
  expiresAt: string | null;
  confirmedAt: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface JobRunsTable {
  /** A periodic job's name (jobs/job-runs.ts). */
  name: string;
  /** ISO time its last complete run finished. */
  lastRunAt: string;
}

export interface RollupStateTable {
  /** 'shares', 'clicks' or 'visits' */
  name: string;
  lastId: number;
}

export interface RollupTotalsTable {
  campaignId: number;
  platform: string;
  organizationId: number;
  shares: number;
  clicks: number;
  /** Opened platform windows and prepared posts (migration 0029-share-outcomes). */
  opened: Generated<number>;
  prepared: Generated<number>;
  lastAt: string | null;
}

export interface RollupCampaignHoursTable {
  campaignId: number;
  /** UTC hour, 'YYYY-MM-DDTHH' */
  hour: string;
  organizationId: number;
  shares: number;
  clicks: number;
  /** Opened platform windows and prepared posts (migration 0034-outcome-rollups). */
  opened: Generated<number>;
  prepared: Generated<number>;
}

export interface RollupOrgHoursTable {
  organizationId: number;
  hour: string;
  shares: number;
  clicks: number;
  /** Opened platform windows and prepared posts (migration 0034-outcome-rollups). */
  opened: Generated<number>;
  prepared: Generated<number>;
}

export interface RollupDaysTable {
  campaignId: number;
  /** UTC day, 'YYYY-MM-DD' */
  day: string;
  assetId: number;
  platform: string;
  depth: number;
  organizationId: number;
  shares: number;
  clicks: number;
  /** Opened platform windows and prepared posts (migration 0034-outcome-rollups). */
  opened: Generated<number>;
  prepared: Generated<number>;
}

export interface RollupSupporterDaysTable {
  campaignId: number;
  day: string;
  supporterId: string;
  organizationId: number;
  shares: number;
  clicks: number;
}

export interface SupporterCampaignsTable {
  campaignId: number;
  supporterId: string;
  organizationId: number;
  lastAt: string;
}

export interface SupporterOrgsTable {
  organizationId: number;
  supporterId: string;
  lastAt: string;
}

/**
 * Per campaign and UTC hour ('YYYY-MM-DDTHH'): click-through confirmations without a
 * valid visit token (migration 0025), counted apart from the click-throughs.
 */
export interface UnconfirmedClicksTable {
  campaignId: number;
  hour: string;
  organizationId: number;
  count: number;
}

/** Per UTC day, campaign and `?src=` tag: tagged visits, and shares made by visitors who came with it. */
export interface RollupSourceDaysTable {
  campaignId: number;
  day: string;
  source: string;
  organizationId: number;
  visits: number;
  shares: number;
}

/** Per scope and UTC day: supporters who shared, by gap since their previous share day. */
/** Per campaign, UTC day and language ('' when not recorded): the figures rollupDays counts (migration 0043). */
export interface RollupLanguageDaysTable {
  campaignId: number;
  day: string;
  language: string;
  organizationId: number;
  shares: number;
  clicks: number;
  opened: number;
  prepared: number;
}

export interface RollupCampaignReachTable {
  campaignId: number;
  day: string;
  organizationId: number;
  /** Distinct supporters with a share that day. */
  supporters: number;
  /** JSON {gap: supporters}: days since the previous share day, 0 = first or over 366. */
  gaps: string;
  /** JSON [[supporterId, shares], ...]: the day's most active supporters, most first. */
  leaders: string;
}

export interface RollupOrgReachTable {
  organizationId: number;
  day: string;
  supporters: number;
  gaps: string;
  leaders: string;
}

/** All-time distinct supporters of a campaign. */
export interface RollupCampaignSupportersTable {
  campaignId: number;
  organizationId: number;
  supporters: number;
}

export interface RollupOrgSupportersTable {
  organizationId: number;
  supporters: number;
}

/** How many supporters' latest share falls in each UTC hour ('YYYY-MM-DDTHH'). */
export interface RollupCampaignLastHoursTable {
  campaignId: number;
  hour: string;
  organizationId: number;
  supporters: number;
}

export interface RollupOrgLastHoursTable {
  organizationId: number;
  hour: string;
  supporters: number;
}

export interface TemplatesTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  description: string | null;
  category: string;
  /** JSON: [{ title, description, type, content }] */
  assets: string;
  sourceCampaignId: number | null;
  createdAt: string;
}

export interface LoginAttemptsTable {
  /** 'user:<name key>@<network>' or 'net:<network>' */
  key: string;
  /** Fixed window start for networks; the latest attempt for usernames (a sliding window). */
  windowStart: string;
  count: number;
  /** A (username, network) pair waits until then: the growing delay after repeated failures. */
  blockedUntil: string | null;
}

/** Every stored upload: whose it is (quota, rate limit) and when (cleanup of unused ones). */
export interface UploadsTable {
  id: Generated<number>;
  /** The stored file name (`/uploads/<name>`). */
  name: string;
  organizationId: number;
  userId: number | null;
  size: number;
  createdAt: string;
}

export interface InvitationsTable {
  id: Generated<number>;
  organizationId: number;
  email: string;
  role: string;
  tokenHash: string;
  invitedBy: number | null;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  acceptedBy: number | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** An email change: waiting for the new address's confirmation, then undoable from the old one. */
export interface EmailChangesTable {
  id: Generated<number>;
  userId: number;
  oldEmail: string | null;
  /** Null: the email is being removed. */
  newEmail: string | null;
  /** SHA-256 of the token mailed to the new address; null once spent (or for a removal). */
  confirmTokenHash: string | null;
  confirmBy: string;
  confirmedAt: string | null;
  /** SHA-256 of the token mailed to the old address once the change is made. */
  undoTokenHash: string | null;
  undoBy: string | null;
  undoneAt: string | null;
  createdAt: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  /** Null for events outside any organisation (a sign-in before onboarding). */
  organizationId: number | null;
  /** The user who acted; for an API key, the user who made the key. */
  actorId: number | null;
  /** 'user' (a person's session) or 'api_key' (a request made with an API key). */
  actorKind: Generated<string>;
  /** The key that acted, when actorKind is 'api_key' (its row may be gone since: revoked). */
  apiKeyId: number | null;
  /** The key's name when the entry was written. */
  apiKeyName: string | null;
  action: string;
  target: string;
  createdAt: string;
}

/** The console's instance settings by key (a JSON value each), and the `firstOperator` claim. */
export interface InstanceSettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}

/** An operator's one-use sign-up link: only the token's SHA-256 is stored. */
export interface InstanceInvitationsTable {
  id: Generated<number>;
  tokenHash: string;
  createdBy: number | null;
  createdAt: string;
  expiresAt: string;
  usedAt: NullByDefault<string>;
  usedBy: NullByDefault<number>;
}

/** What operators did, from the console or the command line (lib/instance-audit.ts). */
export interface InstanceAuditTable {
  id: Generated<number>;
  action: string;
  /** The operator who acted; null from the command line (or once the account is gone). */
  actorId: number | null;
  /** Their username when the entry was written, or 'command line'. */
  actorName: string;
  target: string;
  /** The organisation concerned, if any (no reference: the entry outlives it). */
  organizationId: NullByDefault<number>;
  /** Further facts as JSON (the new policy, a reason). */
  detail: NullByDefault<string>;
  createdAt: string;
}

/** An organisation's API key: the key itself is never stored, only its SHA-256. */
export interface ApiKeysTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  /** 'viewer' or 'editor' (capped by its creator's current role). */
  role: string;
  /** The key's first characters, shown so people can tell keys apart. */
  prefix: string;
  tokenHash: string;
  /** The admin who made it: requests with the key act as them (audit log, upload quota). */
  createdBy: number | null;
  createdAt: string;
  /** Written at most once a minute (api-key-auth.ts). */
  lastUsedAt: string | null;
  /** Start of the key's current one-minute rate-limit window, and its requests in it. */
  windowStart: string | null;
  windowCount: Generated<number>;
}

/** The operator console's figures of an organisation, refreshed by a periodic job (migration 0033). */
export interface OrganizationFiguresTable {
  organizationId: number;
  members: number;
  campaigns: number;
  /** Shares and click-throughs of the 30 days before `refreshedAt`, from rollupOrgHours. */
  shares30d: number;
  clicks30d: number;
  /** Outbox mail sent since midnight UTC, and since the first of the month UTC, of `refreshedAt`. */
  mailToday: number;
  mailMonth: number;
  storageBytes: number;
  /** The later of its last activity-log entry and its last hour with a share or click-through. */
  lastActivityAt: string | null;
  refreshedAt: string;
}

export interface OrganizationSettingsTable {
  organizationId: number;
  data: string;
  updatedAt: string;
}

/** A member's own notification switches in their organisation (JSON over the defaults). */
export interface MemberNotificationsTable {
  userId: number;
  organizationId: number;
  data: string;
  /** The site address the member last saved their switches from: mail links use it when PUBLIC_URL is unset. */
  origin: string | null;
  updatedAt: string;
}

/** A campaign's changes to its public fields that wait for review (migration 0047). */
export interface CampaignRevisionsTable {
  id: Generated<number>;
  organizationId: number;
  campaignId: number;
  /** The campaign's id while open (pending, changes requested), else null: one open revision per campaign. */
  openCampaignId: number | null;
  state: string;
  /** JSON: ReviewChange[] (#shared/schemas/reviews.ts). */
  changes: string;
  /** JSON: ReviewComment[]. */
  comments: string;
  submittedBy: number | null;
  /** JSON: the ids of every member whose change is in it; none of them may decide it. */
  contributors: string;
  submittedAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
}

/** An approved version of a campaign's public fields (migration 0047). */
export interface CampaignVersionsTable {
  id: Generated<number>;
  organizationId: number;
  campaignId: number;
  version: number;
  revisionId: number;
  /** JSON: the public fields of the campaign and its assets after the change. */
  content: string;
  submittedBy: number | null;
  approvedBy: number | null;
  approvedAt: string;
}

/** A staff notification mailed once: unique by (kind, subjectId, period, organizationId). */
export interface StaffNoticesTable {
  id: Generated<number>;
  /** 'digest-daily', 'digest-weekly', 'campaign-ended', 'member-joined', 'milestone', 'goal'. */
  kind: string;
  organizationId: number;
  /** The digest's member, the campaign that ended, the member who joined. */
  subjectId: number;
  /** The digest's first local day, the member's joinedAt, the milestone, a goal's `{goalVersion}:{metric}:{target}:{step}`; '' for a campaign's end. */
  period: string;
  createdAt: string;
}

/** A getting-started step a member has done (migration 0028): `linkCopied`, `supporterOpened`, `dismissed`. */
export interface FirstRunStepsTable {
  userId: number;
  organizationId: number;
  step: string;
  createdAt: string;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  sessions: SessionsTable;
  campaigns: CampaignsTable;
  assets: AssetsTable;
  shares: SharesTable;
  supporterProfiles: SupporterProfilesTable;
  clicks: ClicksTable;
  templates: TemplatesTable;
  loginAttempts: LoginAttemptsTable;
  appSecrets: AppSecretsTable;
  reminders: RemindersTable;
  reminderSuppressions: ReminderSuppressionsTable;
  reminderUnsubscribes: ReminderUnsubscribesTable;
  reminderDataLinks: ReminderDataLinksTable;
  outbox: OutboxTable;
  webhookEndpoints: WebhookEndpointsTable;
  moments: MomentsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookItems: WebhookItemsTable;
  webhookShareItems: WebhookShareItemsTable;
  reminderAddresses: ReminderAddressesTable;
  rollupState: RollupStateTable;
  jobRuns: JobRunsTable;
  rollupTotals: RollupTotalsTable;
  rollupCampaignHours: RollupCampaignHoursTable;
  rollupOrgHours: RollupOrgHoursTable;
  rollupDays: RollupDaysTable;
  rollupSupporterDays: RollupSupporterDaysTable;
  supporterCampaigns: SupporterCampaignsTable;
  supporterOrgs: SupporterOrgsTable;
  rollupCampaignReach: RollupCampaignReachTable;
  rollupOrgReach: RollupOrgReachTable;
  rollupCampaignSupporters: RollupCampaignSupportersTable;
  rollupOrgSupporters: RollupOrgSupportersTable;
  rollupCampaignLastHours: RollupCampaignLastHoursTable;
  rollupOrgLastHours: RollupOrgLastHoursTable;
  rollupSourceDays: RollupSourceDaysTable;
  rollupLanguageDays: RollupLanguageDaysTable;
  unconfirmedClicks: UnconfirmedClicksTable;
  uploads: UploadsTable;
  invitations: InvitationsTable;
  passwordResets: PasswordResetsTable;
  emailChanges: EmailChangesTable;
  auditLog: AuditLogTable;
  organizationSettings: OrganizationSettingsTable;
  organizationFigures: OrganizationFiguresTable;
  memberNotifications: MemberNotificationsTable;
  campaignRevisions: CampaignRevisionsTable;
  campaignVersions: CampaignVersionsTable;
  staffNotices: StaffNoticesTable;
  firstRunSteps: FirstRunStepsTable;
  apiKeys: ApiKeysTable;
  assetVariants: AssetVariantsTable;
  visits: VisitsTable;
  variantViews: VariantViewsTable;
  instanceSettings: InstanceSettingsTable;
  instanceInvitations: InstanceInvitationsTable;
  instanceAudit: InstanceAuditTable;
}
