import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type * as React from 'react';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import type { CreateStatus } from '#shared/campaign-lifecycle.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';

/** What a new campaign can be created as (the create schema's statuses). */
export type NewCampaignStatus = CreateStatus;

/**
 * A form that creates a campaign either live ('Create Campaign', the submit button) or
 * as a draft ('Save as draft'); the clicked button shows its pending label.
 */
export function DraftOrLiveForm<T extends FieldValues>({
  handleSubmit,
  onValid,
  pending,
  creatingLabel,
  children,
}: {
  handleSubmit: UseFormHandleSubmit<T>;
  onValid: (values: T, status: NewCampaignStatus) => void;
  pending: boolean;
  creatingLabel: string;
  children: React.ReactNode;
}) {
  const { t } = useLingui();
  const [asDraft, setAsDraft] = useState(false);
  const submitAs = (status: NewCampaignStatus) =>
    handleSubmit((values) => {
      setAsDraft(status === 'draft');
      onValid(values, status);
    });
  return (
    <form onSubmit={submitAs('active')} noValidate className="space-y-4">
      {children}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pending} onClick={submitAs('draft')}>
          {pending && asDraft ? t`Saving...` : t`Save as draft`}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && !asDraft ? creatingLabel : t`Create Campaign`}
        </Button>
      </DialogFooter>
    </form>
  );
}
