import { format, parseISO } from 'date-fns';
import { DATE_FORMAT } from '#shared/constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { roleLabel } from '#client/features/auth/index.ts';
import { useInvitations, useRevokeInvitation } from '../api/invitations.ts';

/** 'Pending Invitations' (admins): who has been invited and not joined yet; revoking kills the link. */
export function InvitationsCard() {
  const invitations = useInvitations({ enabled: true });
  const revoke = useRevokeInvitation();
  return (
    <SectionCard
      title="Pending Invitations"
      description="Links not used yet. Revoke one and it stops working."
    >
      <QueryView
        query={invitations}
        loading="Loading invitations"
        failed="Failed to fetch invitations"
        empty="No pending invitations."
      >
        {(list) => (
          <ul className="divide-y divide-border">
            {list.map((inv) => (
              <li
                key={inv.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="invitation-row"
              >
                <div className="min-w-0 text-sm">
                  <p className="truncate font-medium">{inv.email}</p>
                  <p className="text-muted-foreground">
                    {roleLabel(inv.role)} · expires {format(parseISO(inv.expiresAt), DATE_FORMAT)}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={revoke.isPending}
                  aria-label={`Revoke the invitation for ${inv.email}`}
                  onClick={() =>
                    revoke.mutate(inv.id, {
                      onSuccess: () => toast({ title: 'Invitation revoked', description: inv.email }),
                      onError: (err) => toastError('Invitation not revoked', err, 'Something went wrong'),
                    })
                  }
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}
