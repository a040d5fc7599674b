import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { UserAvatar, displayName, roleLabel } from '#client/features/auth/index.ts';

export function ProfileSummary({ user }: { user: PublicUser }) {
  const { i18n, t } = useLingui();
  const formatDate = (iso: string | null | undefined) => {
    const d = iso ? new Date(iso) : null;
    return d && !Number.isNaN(d.getTime()) ? i18n.date(d, { dateStyle: 'medium' }) : t`Unknown`;
  };
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
        <UserAvatar user={user} className="size-20 text-2xl" />
        <div>
          <h2 className="text-xl font-semibold" dir="auto">
            {displayName(user)}
          </h2>
          <p className="text-sm text-muted-foreground">
            {user.email ? <bdi>{user.email}</bdi> : t`No email set`}
          </p>
        </div>
        <Badge variant="secondary">{roleLabel(user.role)}</Badge>
        <dl className="mt-2 w-full divide-y divide-border border-t border-border text-start text-sm">
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-muted-foreground">
              <Trans>Username</Trans>
            </dt>
            <dd className="truncate font-medium" dir="auto">
              {user.username}
            </dd>
          </div>
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-muted-foreground">
              <Trans>Member Since</Trans>
            </dt>
            <dd className="font-medium">{formatDate(user.createdAt)}</dd>
          </div>
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-muted-foreground">
              <Trans>Last Updated</Trans>
            </dt>
            <dd className="font-medium">{formatDate(user.updatedAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
