import type * as React from 'react';
import { Button } from './button.tsx';
import { DialogFooter } from './dialog.tsx';
import { Textarea } from './input.tsx';
import { Label } from './label.tsx';

/** A labelled field with its help text and its validation message. */
export function FormField(props: {
  id: string;
  label: string;
  error?: string;
  help?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.help && (
        <p id={`${props.id}-help`} className="text-xs text-muted-foreground">
          {props.help}
        </p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** aria props tying an input to its FormField messages. */
export const fieldAria = (id: string, error?: string, help?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined,
});

/** The optional free-text 'Description' of a form (campaign, asset, template). */
export function DescriptionField({
  id,
  error,
  rows = 2,
  ...textarea
}: { id: string; error?: string; rows?: number } & React.ComponentProps<'textarea'>) {
  return (
    <FormField id={id} label="Description (optional)" error={error}>
      <Textarea dir="auto" rows={rows} {...fieldAria(id, error)} {...textarea} />
    </FormField>
  );
}

/** A form's submit button in its dialog footer, relabelled while the request runs. */
export function FormSubmit({
  pending,
  pendingLabel,
  disabled,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <DialogFooter>
      <Button type="submit" disabled={disabled ?? pending}>
        {pending ? pendingLabel : children}
      </Button>
    </DialogFooter>
  );
}
