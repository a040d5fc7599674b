import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

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
