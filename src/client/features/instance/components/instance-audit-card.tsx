import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { InstanceAuditEntry } from '#shared/schemas/instance-suspension.ts';
import { useInstanceAudit } from '../api/suspension.ts';
import { formatWhen } from '../lib/format.ts';
import { PagedTableCard } from './paged-table-card.tsx';

/** The log's actions in words; an action not listed shows as it is. */
const ACTIONS: Record<string, MessageDescriptor> = {
  'organization.suspended': msg`Suspended an organization`,
  'organization.restored': msg`Restored an organization`,
  'held_mail.released': msg`Released held mail`,
  'held_mail.dropped': msg`Dropped held mail`,
  'registration.changed': msg`Changed the sign-up policy`,
  'operator.granted': msg`Made an operator`,
  'operator.revoked': msg`Removed an operator`,
  'signup_invitation.created': msg`Created a sign-up link`,
  'signup_invitation.revoked': msg`Revoked a sign-up link`,
  'user.created': msg`Created an account`,
  'user.password_reset_link': msg`Made a password reset link`,
};

/** The reason of a suspension, the only detail worth a column of its own. */
const reasonOf = (entry: InstanceAuditEntry) =>
  typeof entry.detail?.reason === 'string' ? entry.detail.reason : '';

/** What operators did to the instance, newest first (operators). */
export function InstanceAuditCard() {
  const { t, i18n } = useLingui();
  return (
    <PagedTableCard
      title={t`Instance audit log`}
      description={t`What operators did: suspensions and restorations, held mail released or dropped, sign-up policy and operator changes, from the console or the command line.`}
      usePage={useInstanceAudit}
      loading={t`Loading the audit log`}
      failed={t`The audit log could not be loaded`}
      empty={t`Nothing yet.`}
      columns={[t`When`, t`Who`, t`What`, t`Of`, t`Reason`]}
      pagerLabel={t`Pages of the audit log`}
      row={(entry) => (
        <tr key={entry.id}>
          <td className="py-3 pe-4">{formatWhen(i18n, entry.createdAt)}</td>
          <td className="py-3 pe-4" dir="auto">
            {entry.actorName}
          </td>
          <td className="py-3 pe-4">
            {entry.action in ACTIONS ? i18n._(ACTIONS[entry.action]) : entry.action}
          </td>
          <td className="py-3 pe-4" dir="auto">
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
