import { useState } from 'react';
import type * as React from 'react';
import { errorMessage } from '#client/lib/api-client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { InputField } from './form-field.tsx';

/**
 * A ConfirmDialog that asks for one value before it acts (a password, a reason): the
 * value goes to `onConfirm`, and a refusal is shown on the field, the dialog staying
 * open for another try. In a module of its own: only staff screens use it.
 */
export function ConfirmWithField({
  trigger,
  title,
  description,
  field,
  confirmLabel,
  pendingLabel,
  failed,
  onConfirm,
}: {
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  field: Omit<React.ComponentProps<typeof InputField>, 'value' | 'onChange' | 'error'>;
  confirmLabel: string;
  pendingLabel: string;
  /** Said when the refusal has no words of its own. */
  failed: string;
  onConfirm: (value: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await onConfirm(value);
      setValue('');
    } catch (err) {
      setError(errorMessage(err, failed));
      throw err;
    }
  };
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      description={
        <>
          {description}
          <div className="pt-2 text-foreground">
            <InputField
              {...field}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
              error={error ?? undefined}
            />
          </div>
        </>
      }
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      onConfirm={confirm}
    />
  );
}
