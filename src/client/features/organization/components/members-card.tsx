import { format, parseISO } from 'date-fns';
import { LogOutIcon, UserMinusIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { DATE_FORMAT } from '#shared/constants.ts';
import { LAST_ADMIN_MESSAGE, type Member, ROLES, type Role } from '#shared/schemas/members.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { Select } from '#client/components/ui/input.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { displayName, roleLabel, useUser } from '#client/features/auth/index.ts';
import { LockedButton } from './role-locked.tsx';
import { useMembers, useRemoveMember, useUpdateMemberRole } from '../api/members.ts';
import { useRole } from '../hooks/use-role.ts';
import { RoleOptions } from './role-options.tsx';

const LAST_ADMIN_HELP = `${LAST_ADMIN_MESSAGE}: make another member an admin first.`;

/** 'Team Members': everyone with their role; admins change roles and remove, anyone may leave. */
export function MembersCard({ invite, orgName }: { invite: React.ReactNode; orgName: string }) {
  const members = useMembers();
  const { can } = useRole();
  const { data: me } = useUser();
  const admins = members.data?.filter((m) => m.role === 'admin').length ?? 0;

  return (
    <SectionCard
      title="Team Members"
      description="Viewers see everything; editors also manage campaigns, assets and templates; admins also manage settings and the team."
      action={can('admin') && invite}
    >
      <QueryView query={members} loading="Loading members" failed="Failed to fetch members">
        {(list) => (
          <DataTable columns={['Member', 'Role', 'Joined']} actions>
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
  const name = displayName(m);
  const helpId = `member-${m.id}-last-admin`;

  const changeRole = (role: Role) =>
    updateRole.mutate(
      { userId: m.id, role },
      {
        onSuccess: () => toast({ title: 'Role updated', description: `${name} is now ${roleLabel(role)}` }),
        onError: (err) => toastError('Role not changed', err, 'Something went wrong'),
      },
    );

  const removeMember = () =>
    remove.mutateAsync({ userId: m.id, self: isMe }).then(
      () => {
        if (isMe) {
          toast({ title: 'You left the organization' });
          navigate('/onboarding', { replace: true });
        } else toast({ title: 'Member removed', description: `${name} no longer belongs to ${orgName}` });
      },
      (err) => toastError(isMe ? 'Could not leave' : 'Member not removed', err, 'Something went wrong'),
    );

  return (
    <tr data-testid="member-row">
      <td className="py-3 pr-4">
        <p className="font-medium" dir="auto">
          {name}
          {isMe && <span className="text-muted-foreground"> (you)</span>}
        </p>
        <p className="text-muted-foreground">
          @{m.username}
          {m.email && <> · {m.email}</>}
        </p>
        {lastAdmin && (isAdmin || isMe) && (
          <p id={helpId} className="mt-1 text-xs text-muted-foreground">
            {LAST_ADMIN_HELP}
          </p>
        )}
      </td>
      <td className="py-3 pr-4">
        {isAdmin ? (
          <Select
            aria-label={`Role of ${m.username}`}
            aria-describedby={lastAdmin ? helpId : undefined}
            value={m.role}
            disabled={lastAdmin || updateRole.isPending}
            onChange={(e) => changeRole(e.target.value as Role)}
            className="w-32"
          >
            <RoleOptions roles={ROLES} />
          </Select>
        ) : (
          <Badge variant={m.role === 'admin' ? 'default' : 'secondary'}>{roleLabel(m.role)}</Badge>
        )}
      </td>
      <td className="whitespace-nowrap py-3 pr-4 text-muted-foreground">
        {m.joinedAt ? format(parseISO(m.joinedAt), DATE_FORMAT) : '-'}
      </td>
      <td className="py-3 text-right">
        {(isMe || isAdmin) &&
          (lastAdmin ? (
            <LockedButton reason={LAST_ADMIN_HELP} size="sm" variant="ghost">
              {isMe ? 'Leave' : 'Remove'}
              <span className="sr-only"> {m.username}</span>
            </LockedButton>
          ) : isMe ? (
            <ConfirmButton
              size="sm"
              variant="ghost"
              title="Leave this organization?"
              description={`You will keep your account but lose access to ${orgName} and its campaigns. An admin can invite you again.`}
              confirmLabel="Leave Organization"
              onConfirm={removeMember}
            >
              <LogOutIcon aria-hidden /> Leave
            </ConfirmButton>
          ) : (
            <ConfirmButton
              size="sm"
              variant="ghost"
              aria-label={`Remove ${m.username}`}
              title={`Remove ${name}?`}
              description={`${name} keeps their account but loses access to ${orgName} at once.`}
              confirmLabel="Remove Member"
              onConfirm={removeMember}
            >
              <UserMinusIcon aria-hidden /> Remove
            </ConfirmButton>
          ))}
      </td>
    </tr>
  );
}
