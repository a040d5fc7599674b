// Every query key of the client, once. A key starts with the path it reads (the default
// query function fetches `queryKey[0]` when a query names no other), and invalidating a
// key refreshes every query whose key starts with it: [...queryKeys.campaigns] reaches
// each campaign list, whatever its filter. The keys sit here, not in their features,
// because the supporter page's sharing code refreshes staff reads (stats, campaigns)
// and must not import a staff feature to name them.

export const queryKeys = {
  // Auth and account
  user: ['/api/user'],
  sessions: ['/api/user/sessions'],
  activity: ['/api/user/activity'],
  notifications: ['/api/user/notifications'],
  /** The member's getting-started steps, per organisation they are in. */
  firstRun: (orgId: number) => ['/api/user/first-run', orgId] as const,
  serverInfo: ['/api/auth-status', 'server-info'],

  // The organisation
  organization: ['/api/organization'],
  settings: ['/api/organization/settings'],
  members: ['/api/organization/members'],
  /** The admin's activity log, one key per filter (pages within it). */
  orgActivity: ['/api/organization/activity'],
  /** An admin's search for a supporter (a data request), keyed by its whole URL. */
  supporterSearch: (url: string) => [url] as const,
  /** An admin's list of handed-out secrets: API keys, invitations. */
  revocableList: (path: string) => [path] as const,
  invitation: (token: string) => ['/api/invitations', token] as const,
  /** The admin's webhook endpoints (Settings > Integrations). */
  webhooks: ['/api/webhooks'],
  /** One endpoint's delivery log, one key per page. */
  webhookDeliveries: (id: number, page: number) => [`/api/webhooks/${id}/deliveries`, page] as const,

  // The instance (operators)
  /** The console's organisation table, one key per query (filter, sort, page). */
  instanceOrganizations: ['/api/instance/organizations'],
  instanceHealth: ['/api/instance/health'],
  instanceSettings: ['/api/instance/settings'],
  instanceInvitations: ['/api/instance/invitations'],

  // Campaigns, assets, templates
  campaigns: ['/api/campaigns'],
  campaign: (id: number) => [`/api/campaigns/${id}`] as const,
  /** Under the campaign's key: every write to the campaign refreshes what waits for review too. */
  campaignReview: (id: number) => [`/api/campaigns/${id}`, 'review'] as const,
  campaignVersions: (id: number) => [`/api/campaigns/${id}`, 'versions'] as const,
  reviews: ['/api/reviews'],
  campaignAssets: (campaignId: number) => [`/api/campaigns/${campaignId}/assets`] as const,
  campaignMoments: (campaignId: number) => [`/api/campaigns/${campaignId}/moments`] as const,
  qrPreview: (campaignId: number) => [`/api/campaigns/${campaignId}/qr.svg`] as const,
  assets: ['/api/assets'],
  templates: ['/api/templates'],

  // Stats
  organizationStats: ['/api/organization/stats'],
  campaignStats: (campaignId: number) => [`/api/campaigns/${campaignId}/stats`] as const,
  /** One analytics read, keyed by its whole URL (scope, range and zone). */
  analytics: (url: string) => [url] as const,
  assetAnalytics: (assetId: number) => [`/api/assets/${assetId}/analytics`] as const,

  // Shares
  scheduledShares: ['/api/shares/scheduled'],

  // The supporter page
  supporterCampaign: (campaignId: number) => [`/api/supporter/campaigns/${campaignId}`] as const,
  supporterMoment: (momentId: number) => [`/api/supporter/moments/${momentId}`] as const,
  supporterImpact: (campaignId: number) => [`/api/supporter/campaigns/${campaignId}/impact`] as const,
  supporterScheduled: (campaignId: number) => [`/api/supporter/campaigns/${campaignId}/scheduled`] as const,
  /** A reminder's one-tap link: one scheduled share, with the ref the link carried. */
  supporterScheduledShare: (campaignId: number, shareId: number, ref: string | undefined) =>
    [`/api/supporter/campaigns/${campaignId}/scheduled/${shareId}`, ref] as const,
  /** Recognition: the visitor's own display name, and the campaign's public board. */
  supporterProfile: (campaignId: number) => [`/api/supporter/campaigns/${campaignId}/profile`] as const,
  supporterBoard: (campaignId: number) => [`/api/supporter/campaigns/${campaignId}/board`] as const,
  /** The staff leaderboard, keyed by its whole URL (kind, campaign, period). */
  leaderboard: (url: string) => [url] as const,
  elsewhere: (campaignId: number | undefined) =>
    [`/api/supporter/campaigns/${campaignId}/elsewhere`] as const,

  // The instance's held mail and audit log (operators), one key per page within each
  instanceHeldMail: ['/api/instance/held-mail'],
  instanceAudit: ['/api/instance/audit'],
} as const;
