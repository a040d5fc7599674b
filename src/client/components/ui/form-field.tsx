import { useLingui } from '@lingui/react/macro';
import type * as React from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { Button } from './button.tsx';
import { DialogFooter } from './dialog.tsx';
import { Input, Select, Textarea } from './input.tsx';
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
      <FieldMessage id={`${props.id}-error`} message={props.error} />
    </div>
  );
}

/** A field's validation message, announced when it appears; nothing without one. */
export function FieldMessage({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** aria props tying an input to its FormField messages. */
export const fieldAria = (id: string, error?: string, help?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined,
});

type FieldProps = { id: string; label: string; error?: string; help?: string };

/** A control in a FormField whose aria props point at the field's help text and validation message. */
const labelled =
  <P extends object>(Control: React.ComponentType<P & ReturnType<typeof fieldAria>>) =>
  ({ id, label, error, help, ...control }: FieldProps & P) => (
    <FormField id={id} label={label} error={error} help={help}>
      <Control {...fieldAria(id, error, help)} {...(control as P)} />
    </FormField>
  );

/** A labelled Input tied to its help text and validation message. */
export const InputField = labelled<React.ComponentProps<'input'>>(Input);
/** A labelled Select (its options as children) tied to its help text and validation message. */
export const SelectField = labelled<React.ComponentProps<'select'>>(Select);

/** One text input of a form: the value it edits, its label, and the input's own props. */
export type TextFieldSpec<T extends FieldValues> = {
  name: Path<T>;
  id: string;
  label: string;
  help?: string;
} & Omit<React.ComponentProps<'input'>, 'name' | 'id'>;

/** A password input of a form: only the autofill hint tells a current password from a new one. */
export const passwordField = <T extends FieldValues>(
  id: string,
  name: Path<T>,
  label: string,
  autoComplete: 'current-password' | 'new-password',
): TextFieldSpec<T> => ({ id, name, label, type: 'password', autoComplete });

/** A form's text inputs in order, each registered and tied to its validation message. */
export function TextFields<T extends FieldValues>({
  fields,
  register,
  errors = {},
}: {
  fields: readonly TextFieldSpec<T>[];
  register: UseFormRegister<T>;
  /** formState.errors, read by the form itself so that it re-renders when they change. */
  errors?: FieldErrors<T>;
}) {
  return fields.map(({ name, ...field }) => (
    <InputField
      key={name}
      error={(get(errors, name) as FieldError | undefined)?.message}
      {...field}
      {...register(name)}
    />
  ));
}

/** The optional free-text 'Description' of a form (campaign, asset, template). */
export function DescriptionField({
  id,
  error,
  rows = 2,
  ...textarea
}: { id: string; error?: string; rows?: number } & React.ComponentProps<'textarea'>) {
  const { t } = useLingui();
  return (
    <FormField id={id} label={t`Description (optional)`} error={error}>
      <Textarea dir="auto" rows={rows} {...fieldAria(id, error)} {...textarea} />
    </FormField>
  );
}

/** A form's submit button, disabled and relabelled while the request runs. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  className,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  disabled?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Button type="submit" className={className} disabled={disabled ?? pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** A page form's full-width submit button. */
export const WideSubmit = (props: { pending: boolean; pendingLabel: string; children: React.ReactNode }) => (
  <SubmitButton className="w-full" {...props} />
);

/** A form's submit button in its dialog footer. */
export const FormSubmit = (props: React.ComponentProps<typeof SubmitButton>) => (
  <DialogFooter>
    <SubmitButton {...props} />
  </DialogFooter>
);

/**
 * A form that shows its own validation messages instead of the browser's (noValidate)
 * and never reloads the page: `onSubmit` gets no event.
 */
export function Form({
  onSubmit,
  ...form
}: { onSubmit: () => void } & Omit<React.ComponentProps<'form'>, 'onSubmit' | 'noValidate'>) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      {...form}
    />
  );
}
