import { DAY_MS } from '#shared/durations.ts';
import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../auth/index.ts';

// Every reminder mail's link to the data held for its address (issue 27 item 3,
// docs/api.md "Privacy"): a random token, stored hashed (reminderDataLinks), good for
// DATA_LINK_TTL_MS; modules/privacy serves the page it opens, where the address's owner
// sees, downloads and erases that data (erasing deletes the link with the rest).

/** How long a mail's data link works. */
export const DATA_LINK_TTL_MS = 7 * DAY_MS;

/** The page a data link opens, on the site the reminder was scheduled from. */
export const dataLinkUrl = (origin: string, token: string) => `${origin}/my-data/${token}`;

/** A random link token for the address, stored hashed in `table` with the mail's transaction: the token for the mail. */
export async function issueLinkToken(
  trx: Db,
  table: 'reminderUnsubscribes' | 'reminderDataLinks',
  link: { organizationId: number; emailKey: string; now: number },
): Promise<string> {
  const token = newToken();
  const { now, ...owner } = link;
  const lapses = table === 'reminderDataLinks' && {
    expiresAt: new Date(now + DATA_LINK_TTL_MS).toISOString(),
  };
  await trx
    .insertInto(table)
    .values({
      ...owner,
      tokenHash: hashToken(token),
      createdAt: new Date(now).toISOString(),
      ...lapses,
    } as never)
    .execute();
  return token;
}
