// What a write path needs of the supporter page's read cache (modules/supporter/
// supporter-cache.ts implements it; app.ts hands the one instance to every write path
// in AppDeps): only the right to invalidate. Declared here, below the modules, so a
// module that writes campaigns or settings does not depend on the supporter module.
/** What a write path needs of the supporter cache: only the right to invalidate. */
export interface SupporterCacheInvalidator {
  invalidate(campaignId: number): void;
  /** For a change that reaches every campaign's view (an organisation's branding). */
  invalidateAll(): void;
}
