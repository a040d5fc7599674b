import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { INVALID_EMAIL } from '#shared/schemas/auth.ts';
import {
  type CreateInvitationInput,
  type CreatedInvitation,
  createInvitationSchema,
  ROLES,
} from '#shared/schemas/members.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter, FormDialog } from '#client/components/ui/dialog.tsx';
import { CopyField } from '#client/components/ui/copy-field.tsx';
import { Form, FormSubmit, InputField, SelectField } from '#client/components/ui/form-field.tsx';
import { errorMessage, fieldErrorsOf } from '#client/lib/api-client.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useCreateInvitation } from '../api/invitations.ts';
import { RoleOptions, roleName } from './role-options.tsx';

/** 'Invite Team Member': email and role; then the link, shown this once, to copy. */
export function InviteDialog() {
  const { t } = useLingui();
  return (
    <FormDialog
      trigger={
        <Button size="sm">
          <UserPlus aria-hidden="true" />
          <Trans>Invite Team Member</Trans>
        </Button>
      }
      title={t`Invite a team member`}
      description={t`They get a link to join with the role you pick. The link works once, for 7 days.`}
    >
      {(close) => <InviteForm close={close} />}
    </FormDialog>
  );
}

function InviteForm({ close }: { close: () => void }) {
  const create = useCreateInvitation();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(createInvitationSchema, { email: '', role: 'editor' } satisfies CreateInvitationInput);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const serverEmailError = fieldErrorsOf(create.error).some((e) => e.path === 'email')
    ? errorMessage(create.error, INVALID_EMAIL)
    : undefined;
  const emailError = errors.email?.message ?? serverEmailError;
  const otherError =
    create.error && !serverEmailError ? errorMessage(create.error, t`Something went wrong`) : undefined;

  if (created) return <InvitationLink invitation={created} close={close} />;
  return (
    <Form
      aria-label={t`Invite a team member`}
      className="space-y-4"
      onSubmit={handleSubmit((values) => create.mutate(values, { onSuccess: setCreated }))}
    >
      <InputField
        id="invite-email"
        label={t`Email`}
        error={emailError}
        type="email"
        autoComplete="off"
        {...register('email')}
      />
      <SelectField id="invite-role" label={t`Role`} error={errors.role?.message} {...register('role')}>
        <RoleOptions roles={ROLES} />
      </SelectField>
      {otherError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {otherError}
        </p>
      )}
      <FormSubmit pending={create.isPending} pendingLabel={t`Creating...`}>
        <Trans>Create Invitation</Trans>
      </FormSubmit>
    </Form>
  );
}

function InvitationLink({ invitation, close }: { invitation: CreatedInvitation; close: () => void }) {
  const { t, i18n } = useLingui();
  const email = invitation.email;
  const role = roleName(i18n, invitation.role);
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm">
        {invitation.emailed
          ? t`We emailed the invitation to ${email}. You can also send them this link:`
          : t`Nothing was emailed yet (mail is off on this server, or waits while your organization is new): send ${email} this link yourself.`}
      </p>
      <div className="space-y-1.5">
        <CopyField
          id="invitation-url"
          label={t`Invitation link (${role})`}
          value={invitation.url}
          notice={{ title: t`Invitation link copied!` }}
        />
        <p className="text-xs text-muted-foreground">
          <Trans>It is shown only now: copy it before closing.</Trans>
        </p>
      </div>
      <DialogFooter>
        <Button onClick={close}>
          <Trans>Done</Trans>
        </Button>
      </DialogFooter>
    </div>
  );
}
