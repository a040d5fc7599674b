import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogOutIcon, UserMinusIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { type Member, ROLES, type Role } from '#shared/schemas/members.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { Checkbox, Select } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { displayName, useUser } from '#client/features/auth/index.ts';
import { LockedButton } from './role-locked.tsx';
import { useMembers, useRemoveMember, useUpdateMemberRole } from '../api/members.ts';
import { useRole } from '../hooks/use-role.ts';
import { RoleOptions, roleName } from './role-options.tsx';

// The first words are the server's LAST_ADMIN_MESSAGE (#shared/schemas/members.ts).
const LAST_ADMIN_HELP = msg`An organization needs at least one admin: make another member an admin first.`;

/** 'Team Members': everyone with their role; admins change roles and remove, anyone may leave. */
export function MembersCard({ invite, orgName }: { invite: React.ReactNode; orgName: string }) {
  const members = useMembers();
  const { can } = useRole();
  const { data: me } = useUser();
  const { t } = useLingui();
  const admins = members.data?.filter((m) => m.role === 'admin').length ?? 0;

  return (
    <SectionCard
      title={t`Team Members`}
      description={t`Viewers see everything; editors also manage campaigns, assets and templates; admins also manage settings and the team.`}
      action={can('admin') && invite}
    >
      <QueryView query={members} loading={t`Loading members`} failed={t`Failed to fetch members`}>
        {(list) => (
          <DataTable columns={[t`Member`, t`Role`, t`Joined`]} actions>
            {list.map((m) => (
              <MemberRow
                key={m.id}
                member={m}
                isMe={m.id === me?.id}
                isAdmin={can('admin')}
                lastAdmin={m.role === 'admin' && admins <= 1}
                orgName={orgName}
              />
            ))}
          </DataTable>
        )}
      </QueryView>
    </SectionCard>
  );
}

function MemberRow({
  member: m,
  isMe,
  isAdmin,
  lastAdmin,
  orgName,
}: {
  member: Member;
  isMe: boolean;
  isAdmin: boolean;
  lastAdmin: boolean;
  orgName: string;
}) {
  const navigate = useNavigate();
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const { t, i18n } = useLingui();
  const name = displayName(m);
  const username = m.username;
  const lastAdminHelp = i18n._(LAST_ADMIN_HELP);
  const helpId = `member-${m.id}-last-admin`;

  const changeRole = (role: Role) =>
    updateRole.mutate(
      { userId: m.id, role },
      {
        onSuccess: () => {
          const newRole = roleName(i18n, role);
          toast({ title: t`Role updated`, description: t`${name} is now ${newRole}` });
        },
        onError: (err) => toastError(t`Role not changed`, err, t`Something went wrong`),
      },
    );

  // An editor an admin lets review changes waiting for review (an admin always may).
  const setCanReview = (canReview: boolean) =>
    updateRole.mutate(
      { userId: m.id, canReview },
      {
        onSuccess: () =>
          toast({ title: canReview ? t`${name} can review changes` : t`${name} no longer reviews changes` }),
        onError: (err) => toastError(t`Permission not changed`, err, t`Something went wrong`),
      },
    );

  const removeMember = () =>
    remove.mutateAsync({ userId: m.id, self: isMe }).then(
      () => {
        if (isMe) {
          toast({ title: t`You left the organization` });
          navigate('/onboarding', { replace: true });
        } else toast({ title: t`Member removed`, description: t`${name} no longer belongs to ${orgName}` });
      },
      (err) => toastError(isMe ? t`Could not leave` : t`Member not removed`, err, t`Something went wrong`),
    );

  return (
    <tr data-testid="member-row">
      <td className="py-3 pe-4">
        <p className="font-medium" dir="auto">
          {name}
          {isMe && (
            <span className="text-muted-foreground">
              {' '}
              <Trans>(you)</Trans>
            </span>
          )}
        </p>
        <p className="text-muted-foreground" dir="ltr">
          @{m.username}
          {m.email && <> · {m.email}</>}
        </p>
        {lastAdmin && (isAdmin || isMe) && (
          <p id={helpId} className="mt-1 text-xs text-muted-foreground">
            {lastAdminHelp}
          </p>
        )}
      </td>
      <td className="py-3 pe-4">
        {isAdmin ? (
          <Select
            aria-label={t`Role of ${username}`}
            aria-describedby={lastAdmin ? helpId : undefined}
            value={m.role}
            disabled={lastAdmin || updateRole.isPending}
            onChange={(e) => changeRole(e.target.value as Role)}
            className="w-32"
          >
            <RoleOptions roles={ROLES} />
          </Select>
        ) : (
          <Badge variant={m.role === 'admin' ? 'default' : 'secondary'}>{roleName(i18n, m.role)}</Badge>
        )}
        {isAdmin && m.role === 'editor' && (
          <div className="mt-2 flex items-center gap-2">
            <Checkbox
              id={`member-${m.id}-can-review`}
              checked={m.canReview}
              disabled={updateRole.isPending}
              onCheckedChange={(on) => setCanReview(on)}
            />
            <Label htmlFor={`member-${m.id}-can-review`} className="text-sm font-normal">
              <Trans>Can review</Trans>
            </Label>
          </div>
        )}
      </td>
      <td className="whitespace-nowrap py-3 pe-4 text-muted-foreground">
        {m.joinedAt ? i18n.date(m.joinedAt, { dateStyle: 'medium' }) : '-'}
      </td>
      <td className="py-3 text-end">
        {(isMe || isAdmin) &&
          (lastAdmin ? (
            <LockedButton reason={lastAdminHelp} size="sm" variant="ghost">
              {isMe ? t`Leave` : t`Remove`}
              <span className="sr-only"> {m.username}</span>
            </LockedButton>
          ) : isMe ? (
            <ConfirmButton
              size="sm"
              variant="ghost"
              title={t`Leave this organization?`}
              description={t`You will keep your account but lose access to ${orgName} and its campaigns. An admin can invite you again.`}
              confirmLabel={t`Leave Organization`}
              onConfirm={removeMember}
            >
              <LogOutIcon aria-hidden /> <Trans>Leave</Trans>
            </ConfirmButton>
          ) : (
            <ConfirmButton
              size="sm"
              variant="ghost"
              aria-label={t`Remove ${username}`}
              title={t`Remove ${name}?`}
              description={t`${name} keeps their account but loses access to ${orgName} at once.`}
              confirmLabel={t`Remove Member`}
              onConfirm={removeMember}
            >
              <UserMinusIcon aria-hidden /> <Trans>Remove</Trans>
            </ConfirmButton>
          ))}
      </td>
    </tr>
  );
}
