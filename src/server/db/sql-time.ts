import { sql } from 'kysely';

// Times are stored as ISO-8601 text in UTC (`2026-11-26T20:18:18.000Z`), so a prefix
// is the UTC day or hour, the same on SQLite and PostgreSQL, and groups in time order.

/** The UTC day (`yyyy-MM-dd`) of a stored time column. */
export const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** The UTC hour (`yyyy-MM-ddTHH`) of a stored time column. */
export const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;
