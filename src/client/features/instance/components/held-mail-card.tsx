import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HeldMail } from '#shared/schemas/instance-suspension.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useHeldMail, useHeldMailAction } from '../api/suspension.ts';
import { formatWhen } from '../lib/format.ts';
import { PagedTableCard } from './paged-table-card.tsx';

/** Why a mail waits, in words. */
const REASONS: Record<string, MessageDescriptor> = {
  'new-organization': msg`New organization`,
  'organization-suspended': msg`Organization suspended`,
  'budget-recipient': msg`Recipient's daily limit`,
  'budget-organization': msg`Organization's daily limit`,
  'budget-instance': msg`Server's daily limit`,
};

/**
 * The mail the outbox holds (operators): what it is and where it goes (the recipient's
 * domain, never the address), why and since when; release sends it at the sender's
 * next run (within the daily limits), drop discards it.
 */
export function HeldMailCard() {
  const { t, i18n } = useLingui();
  return (
    <PagedTableCard
      title={t`Held mail`}
      description={t`Mail waiting because its organization is new or suspended, or a daily limit is spent. Release it to send it, or drop it.`}
      usePage={useHeldMail}
      loading={t`Loading held mail`}
      failed={t`The held mail could not be loaded`}
      empty={t`No mail is held.`}
      columns={[t`Organization`, t`Kind`, t`Subject`, t`Campaign`, t`To`, t`Why`, t`Held since`]}
      actions
      pagerLabel={t`Pages of held mail`}
      totalLabel={(n) => {
        const total = i18n.number(n);
        return t`${total} held`;
      }}
      row={(mail) => <HeldMailRow key={mail.id} mail={mail} />}
    />
  );
}

function HeldMailRow({ mail }: { mail: HeldMail }) {
  const act = useHeldMailAction();
  const { t, i18n } = useLingui();
  const kind = mail.kind;
  const domain = mail.recipientDomain;
  const suspended = mail.reason === 'organization-suspended';
  const run = (action: 'release' | 'drop') =>
    act.mutateAsync({ id: mail.id, action }).then(
      () =>
        toast({
          title: action === 'release' ? t`Mail released` : t`Mail dropped`,
          description: mail.subject,
        }),
      (err) => {
        toastError(action === 'release' ? t`Not released` : t`Not dropped`, err, t`Something went wrong`);
        throw err;
      },
    );
  return (
    <tr>
      <td className="py-3 pe-4" dir="auto">
        {mail.organizationName ?? t`Account mail`}
      </td>
      <td className="py-3 pe-4">{mail.kind}</td>
      <td className="py-3 pe-4" dir="auto">
        {mail.subject}
      </td>
      <td className="py-3 pe-4" dir="auto">
        {mail.campaignName ?? '—'}
      </td>
      <td className="py-3 pe-4 font-mono" dir="ltr">
        @{mail.recipientDomain}
      </td>
      <td className="py-3 pe-4">{mail.reason in REASONS ? i18n._(REASONS[mail.reason]) : mail.reason}</td>
      <td className="py-3 pe-4">{formatWhen(i18n, mail.heldSince)}</td>
      <td className="flex justify-end gap-2 py-3">
        <Button
          size="sm"
          variant="outline"
          disabled={suspended || act.isPending}
          title={suspended ? t`Restore the organization to send its mail` : undefined}
          aria-label={t`Release the ${kind} mail to @${domain}`}
          onClick={() => void run('release').catch(() => {})}
        >
          <Trans>Release</Trans>
        </Button>
        <ConfirmButton
          size="sm"
          variant="outline"
          aria-label={t`Drop the ${kind} mail to @${domain}`}
          title={t`Drop this mail?`}
          description={t`It is never sent: its address and text are deleted. This cannot be undone.`}
          confirmLabel={t`Drop`}
          onConfirm={() => run('drop')}
        >
          <Trans>Drop</Trans>
        </ConfirmButton>
      </td>
    </tr>
  );
}
