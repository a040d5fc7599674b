import type { InstanceAuditEntry } from '#shared/schemas/instance-suspension.ts';
import { useInstanceAudit } from '../api/suspension.ts';
import { PagedTableCard } from './paged-table-card.tsx';

/** The log's actions in words; an action not listed shows as it is. */
const ACTIONS: Record<string, string> = {
  'organization.suspended': 'Suspended an organization',
  'organization.restored': 'Restored an organization',
  'held_mail.released': 'Released held mail',
  'held_mail.dropped': 'Dropped held mail',
  'registration.changed': 'Changed the sign-up policy',
  'operator.granted': 'Made an operator',
  'operator.revoked': 'Removed an operator',
  'signup_invitation.created': 'Created a sign-up link',
  'signup_invitation.revoked': 'Revoked a sign-up link',
  'user.created': 'Created an account',
  'user.password_reset_link': 'Made a password reset link',
};

/** The reason of a suspension, the only detail worth a column of its own. */
const reasonOf = (entry: InstanceAuditEntry) =>
  typeof entry.detail?.reason === 'string' ? entry.detail.reason : '';

/** What operators did to the instance, newest first (operators). */
export function InstanceAuditCard() {
  return (
    <PagedTableCard
      title="Instance audit log"
      description="What operators did: suspensions and restorations, held mail released or dropped, sign-up policy and operator changes, from the console or the command line."
      usePage={useInstanceAudit}
      loading="Loading the audit log"
      failed="The audit log could not be loaded"
      empty="Nothing yet."
      columns={['When', 'Who', 'What', 'Of', 'Reason']}
      pagerLabel="Pages of the audit log"
      row={(entry) => (
        <tr key={entry.id}>
          <td className="py-3 pr-4">{new Date(entry.createdAt).toLocaleString()}</td>
          <td className="py-3 pr-4">{entry.actorName}</td>
          <td className="py-3 pr-4">{ACTIONS[entry.action] ?? entry.action}</td>
          <td className="py-3 pr-4" dir="auto">
            {entry.target}
          </td>
          <td className="py-3" dir="auto">
            {reasonOf(entry)}
          </td>
        </tr>
      )}
    />
  );
}
