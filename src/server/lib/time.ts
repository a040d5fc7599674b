/** Current time as the ISO-8601 UTC string every timestamp column holds. */
export const nowIso = (): string => new Date().toISOString();

export const isoAfter = (ms: number, from = Date.now()): string => new Date(from + ms).toISOString();
export const isoBefore = (ms: number, from = Date.now()): string => new Date(from - ms).toISOString();
