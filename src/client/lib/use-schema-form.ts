import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldErrors, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '#client/components/ui/use-toast.ts';

/**
 * A react-hook-form form checked by the payload's shared zod schema, so a field shows
 * the same message the server would give; `handleSubmit` gets the schema's output.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}

/**
 * handleSubmit's second argument for a form whose refusals are toasted: when the schema
 * stops the submit, `title` is toasted with the first field's message (the message the
 * server would have sent), beside the message on the field itself.
 */
export function toastFirstError(title: string) {
  return (errors: FieldErrors) => {
    const first = Object.values(errors).find((e) => typeof e?.message === 'string');
    toast({ title, description: first?.message as string | undefined, variant: 'destructive' });
  };
}
