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

/** A labelled Input whose aria props point at its help text and validation message. */
export function InputField({
  id,
  label,
  error,
  help,
  ...input
}: { id: string; label: string; error?: string; help?: string } & React.ComponentProps<'input'>) {
  return (
    <FormField id={id} label={label} error={error} help={help}>
      <Input {...fieldAria(id, error, help)} {...input} />
    </FormField>
  );
}

/** A labelled Select (its options as children) tied to its help text and validation message. */
export function SelectField({
  id,
  label,
  error,
  help,
  ...select
}: { id: string; label: string; error?: string; help?: string } & React.ComponentProps<'select'>) {
  return (
    <FormField id={id} label={label} error={error} help={help}>
      <Select {...fieldAria(id, error, help)} {...select} />
    </FormField>
  );
}

/** One text input of a form: the value it edits, its label, and the input's own props. */
export type TextFieldSpec<T extends FieldValues> = {
  name: Path<T>;
  id: string;
  label: string;
  help?: string;
} & Omit<React.ComponentProps<'input'>, 'name' | 'id'>;

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
  return (
    <FormField id={id} label="Description (optional)" error={error}>
      <Textarea dir="auto" rows={rows} {...fieldAria(id, error)} {...textarea} />
    </FormField>
  );
}

/** A page form's full-width submit button, relabelled while the request runs. */
export function WideSubmit({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
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
