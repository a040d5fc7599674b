import { CheckIcon, CopyIcon, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { type CreatedInvitation, ROLES, type Role } from '#shared/schemas/members.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter, FormDialog } from '#client/components/ui/dialog.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input, Select } from '#client/components/ui/input.tsx';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { useCopied } from '#client/lib/use-copied.ts';
import { roleLabel } from '#client/features/auth/index.ts';
import { useCreateInvitation } from '#client/features/organization/index.ts';

/** 'Invite Team Member': email and role; then the link, shown this once, to copy. */
export function InviteDialog() {
  return (
    <FormDialog
      trigger={
        <Button size="sm">
          <UserPlus aria-hidden="true" />
          Invite Team Member
        </Button>
      }
      title="Invite a team member"
      description="They get a link to join with the role you pick. The link works once, for 7 days."
    >
      {(close) => <InviteForm close={close} />}
    </FormDialog>
  );
}

function InviteForm({ close }: { close: () => void }) {
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const body =
    create.error instanceof ApiError ? (create.error.body as { errors?: { path: string }[] }) : null;
  const emailError =
    create.error && (body?.errors?.some((e) => e.path === 'email') ?? false)
      ? errorMessage(create.error, 'Please enter a valid email address')
      : undefined;
  const otherError =
    create.error && !emailError ? errorMessage(create.error, 'Something went wrong') : undefined;

  if (created) return <InvitationLink invitation={created} close={close} />;
  return (
    <form
      noValidate
      aria-label="Invite a team member"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ email, role }, { onSuccess: setCreated });
      }}
    >
      <FormField id="invite-email" label="Email" error={emailError}>
        <Input
          {...fieldAria('invite-email', emailError)}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <FormField id="invite-role" label="Role">
        <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </Select>
      </FormField>
      {otherError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {otherError}
        </p>
      )}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Invitation'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function InvitationLink({ invitation, close }: { invitation: CreatedInvitation; close: () => void }) {
  const { copied, copy } = useCopied({ title: 'Invitation link copied!' });
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm">
        {invitation.emailed
          ? `We emailed the invitation to ${invitation.email}. You can also send them this link:`
          : `Nothing was emailed (mail is not set up on this server): send ${invitation.email} this link yourself.`}
      </p>
      <div className="space-y-1.5">
        <label htmlFor="invitation-url" className="text-sm font-medium">
          Invitation link ({roleLabel(invitation.role)})
        </label>
        <div className="flex gap-2">
          <Input
            id="invitation-url"
            value={invitation.url}
            readOnly
            className="font-mono"
            onFocus={(e) => e.target.select()}
          />
          <Button variant="outline" onClick={() => void copy(invitation.url)}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />} {copied ? 'Copied!' : 'Copy'}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">It is shown only now: copy it before closing.</p>
      </div>
      <DialogFooter>
        <Button onClick={close}>Done</Button>
      </DialogFooter>
    </div>
  );
}
