import { zodResolver } from '@hookform/resolvers/zod';
import { i18n } from '@lingui/core';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '#client/components/ui/use-toast.ts';
import { fieldProblemWords, readsEnglish } from './error-words.ts';

/**
 * A react-hook-form form checked by the payload's shared zod schema, so a field shows
 * the same message the server would give; `handleSubmit` gets the schema's output.
 * A reader of another language than English gets each field's problem in their words
 * (lib/error-words.ts), from the zod issue's rule and bounds.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({ resolver: wordedResolver(schema), defaultValues });
}

/** zodResolver, its field messages in the reader's language. */
export function wordedResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const base = zodResolver(schema) as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (readsEnglish(i18n) || Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return result;
    // The first issue of each field, as zodResolver keeps it.
    const issues = new Map<string, z.core.$ZodIssue>();
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!issues.has(path)) issues.set(path, issue);
    }
    reword(result.errors as Record<string, unknown>, '', issues);
    return result;
  };
}

/** Rewrites each field error's message from its zod issue, nested fields included. */
function reword(
  errors: Record<string, unknown>,
  prefix: string,
  issues: Map<string, z.core.$ZodIssue>,
): void {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const error = value as { message?: unknown; type?: unknown };
    const issue = issues.get(path);
    if (issue && typeof error.message === 'string') {
      const bounds = issue as { minimum?: unknown; maximum?: unknown; format?: unknown; origin?: unknown };
      error.message = fieldProblemWords(i18n, {
        message: error.message,
        rule: issue.code,
        params: {
          minimum: typeof bounds.minimum === 'bigint' ? Number(bounds.minimum) : bounds.minimum,
          maximum: typeof bounds.maximum === 'bigint' ? Number(bounds.maximum) : bounds.maximum,
          format: bounds.format,
          origin: bounds.origin,
        },
      });
    } else reword(value as Record<string, unknown>, path, issues);
  }
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
