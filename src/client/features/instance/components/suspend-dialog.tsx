import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { suspendOrganizationSchema } from '#shared/schemas/instance-suspension.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { fieldAria, Form, FormField, FormSubmit } from '#client/components/ui/form-field.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useSuspension } from '../api/suspension.ts';

/** What the dialog needs of an organisation (a row of the console's table). */
export interface SuspendableOrganization {
  id: number;
  name: string;
  status: 'active' | 'suspended';
}

/**
 * An organisation's suspend or restore control (operators): an active one gets
 * 'Suspend', a dialog that asks for the reason its members will be shown; a suspended
 * one 'Restore', after a confirmation. `onDone` runs once the server agreed.
 */
export function SuspendDialog({
  organization,
  onDone,
}: {
  organization: SuspendableOrganization;
  onDone?: () => void;
}) {
  const suspension = useSuspension();
  const { t } = useLingui();
  const name = organization.name;
  if (organization.status === 'suspended')
    return (
      <ConfirmButton
        size="sm"
        variant="outline"
        aria-label={t`Restore ${name}`}
        title={t`Restore “${name}”?`}
        description={t`Its pages, embed cards, tracked links, QR codes and API keys work again, its members can make changes, and the mail it holds is sent (unless its time has passed).`}
        confirmLabel={t`Restore`}
        onConfirm={() =>
          suspension.mutateAsync({ id: organization.id }).then(
            () => {
              toast({ title: t`Organization restored`, description: organization.name });
              onDone?.();
            },
            (err) => {
              toastError(t`Not restored`, err, t`Something went wrong`);
              throw err;
            },
          )
        }
      >
        <Trans>Restore</Trans>
      </ConfirmButton>
    );
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="outline" aria-label={t`Suspend ${name}`}>
          <Trans>Suspend</Trans>
        </Button>
      }
      title={t`Suspend “${name}”?`}
      description={t`Its public pages, embed cards and tracked links show “This campaign is not available”, its QR codes, API keys, mail and push notifications stop, and its members can read but not change anything. Restoring brings it all back.`}
    >
      {(close) => (
        <SuspendForm
          organizationId={organization.id}
          onSuspended={() => {
            close();
            toast({ title: t`Organization suspended`, description: organization.name });
            onDone?.();
          }}
        />
      )}
    </FormDialog>
  );
}

function SuspendForm({ organizationId, onSuspended }: { organizationId: number; onSuspended: () => void }) {
  const suspension = useSuspension();
  const id = useId();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(suspendOrganizationSchema, { reason: '' });
  const error =
    errors.reason?.message ??
    (suspension.error ? errorMessage(suspension.error, t`Something went wrong`) : undefined);
  return (
    <Form
      aria-label={t`Suspend the organization`}
      className="space-y-4"
      onSubmit={handleSubmit((values) =>
        suspension.mutate({ id: organizationId, reason: values.reason }, { onSuccess: onSuspended }),
      )}
    >
      <FormField id={id} label={t`Reason (its members see it)`} error={error}>
        <Textarea dir="auto" rows={3} {...fieldAria(id, error)} {...register('reason')} />
      </FormField>
      <FormSubmit pending={suspension.isPending} pendingLabel={t`Suspending…`}>
        <Trans>Suspend</Trans>
      </FormSubmit>
    </Form>
  );
}
