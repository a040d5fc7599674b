import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useInvitations, useRevokeInvitation } from '../api/invitations.ts';
import { roleName } from './role-options.tsx';

/** 'Pending Invitations' (admins): who has been invited and not joined yet; revoking kills the link. */
export function InvitationsCard() {
  const invitations = useInvitations({ enabled: true });
  const revoke = useRevokeInvitation();
  const { t, i18n } = useLingui();
  return (
    <SectionCard
      title={t`Pending Invitations`}
      description={t`Links not used yet. Revoke one and it stops working.`}
    >
      <QueryView
        query={invitations}
        loading={t`Loading invitations`}
        failed={t`Failed to fetch invitations`}
        empty={t`No pending invitations.`}
      >
        {(list) => (
          <ul className="divide-y divide-border">
            {list.map((inv) => {
              const role = roleName(i18n, inv.role);
              const expires = i18n.date(inv.expiresAt, { dateStyle: 'medium' });
              const email = inv.email;
              return (
                <li
                  key={inv.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid="invitation-row"
                >
                  <div className="min-w-0 text-sm">
                    <p className="truncate font-medium" dir="auto">
                      {inv.email}
                    </p>
                    <p className="text-muted-foreground">
                      <Trans>
                        {role} · expires {expires}
                      </Trans>
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={revoke.isPending}
                    aria-label={t`Revoke the invitation for ${email}`}
                    onClick={() =>
                      revoke.mutate(inv.id, {
                        onSuccess: () => toast({ title: t`Invitation revoked`, description: inv.email }),
                        onError: (err) => toastError(t`Invitation not revoked`, err, t`Something went wrong`),
                      })
                    }
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}
