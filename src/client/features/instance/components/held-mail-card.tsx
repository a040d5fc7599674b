import { useState } from 'react';
import type { HeldMail } from '#shared/schemas/instance-suspension.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useHeldMail, useHeldMailAction } from '../api/suspension.ts';
import { Pager } from './pager.tsx';

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
  const [page, setPage] = useState(1);
  const query = useHeldMail(page);
  return (
    <SectionCard
      title="Held mail"
      description="Mail waiting because its organization is new or suspended, or a daily limit is spent. Release it to send it, or drop it."
    >
      <QueryView query={query} loading="Loading held mail" failed="The held mail could not be loaded">
        {(data) => (
          <>
            {data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No mail is held.</p>
            ) : (
              <DataTable
                columns={['Organization', 'Kind', 'Subject', 'Campaign', 'To', 'Why', 'Held since']}
                actions
              >
                {data.items.map((mail) => (
                  <HeldMailRow key={mail.id} mail={mail} />
                ))}
              </DataTable>
            )}
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
              <p>{data.total} held</p>
              <Pager label="Pages of held mail" {...data} onPage={setPage} />
            </div>
          </>
        )}
      </QueryView>
    </SectionCard>
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
