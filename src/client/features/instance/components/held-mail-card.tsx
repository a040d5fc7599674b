import type { HeldMail } from '#shared/schemas/instance-suspension.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useHeldMail, useHeldMailAction } from '../api/suspension.ts';
import { PagedTableCard } from './paged-table-card.tsx';

/** Why a mail waits, in words. */
const REASONS: Record<string, string> = {
  'new-organization': 'New organization',
  'organization-suspended': 'Organization suspended',
  'budget-recipient': "Recipient's daily limit",
  'budget-organization': "Organization's daily limit",
  'budget-instance': "Server's daily limit",
};

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The mail the outbox holds (operators): what it is and where it goes (the recipient's
 * domain, never the address), why and since when; release sends it at the sender's
 * next run (within the daily limits), drop discards it.
 */
export function HeldMailCard() {
  return (
    <PagedTableCard
      title="Held mail"
      description="Mail waiting because its organization is new or suspended, or a daily limit is spent. Release it to send it, or drop it."
      usePage={useHeldMail}
      loading="Loading held mail"
      failed="The held mail could not be loaded"
      empty="No mail is held."
      columns={['Organization', 'Kind', 'Subject', 'Campaign', 'To', 'Why', 'Held since']}
      actions
      pagerLabel="Pages of held mail"
      totalLabel={(total) => `${total} held`}
      row={(mail) => <HeldMailRow key={mail.id} mail={mail} />}
    />
  );
}

function HeldMailRow({ mail }: { mail: HeldMail }) {
  const act = useHeldMailAction();
  const suspended = mail.reason === 'organization-suspended';
  const run = (action: 'release' | 'drop') =>
    act.mutateAsync({ id: mail.id, action }).then(
      () =>
        toast({ title: action === 'release' ? 'Mail released' : 'Mail dropped', description: mail.subject }),
      (err) => {
        toastError(action === 'release' ? 'Not released' : 'Not dropped', err, 'Something went wrong');
        throw err;
      },
    );
  return (
    <tr>
      <td className="py-3 pr-4" dir="auto">
        {mail.organizationName ?? 'Account mail'}
      </td>
      <td className="py-3 pr-4">{mail.kind}</td>
      <td className="py-3 pr-4">{mail.subject}</td>
      <td className="py-3 pr-4" dir="auto">
        {mail.campaignName ?? '—'}
      </td>
      <td className="py-3 pr-4 font-mono">@{mail.recipientDomain}</td>
      <td className="py-3 pr-4">{REASONS[mail.reason] ?? mail.reason}</td>
      <td className="py-3 pr-4">{when(mail.heldSince)}</td>
      <td className="flex justify-end gap-2 py-3">
        <Button
          size="sm"
          variant="outline"
          disabled={suspended || act.isPending}
          title={suspended ? 'Restore the organization to send its mail' : undefined}
          aria-label={`Release the ${mail.kind} mail to @${mail.recipientDomain}`}
          onClick={() => void run('release').catch(() => {})}
        >
          Release
        </Button>
        <ConfirmButton
          size="sm"
          variant="outline"
          aria-label={`Drop the ${mail.kind} mail to @${mail.recipientDomain}`}
          title="Drop this mail?"
          description="It is never sent: its address and text are deleted. This cannot be undone."
          confirmLabel="Drop"
          onConfirm={() => run('drop')}
        >
          Drop
        </ConfirmButton>
      </td>
    </tr>
  );
}
