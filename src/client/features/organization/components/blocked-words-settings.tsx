import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { BLOCKED_WORDS, guardrailSettingsInputSchema } from '#shared/schemas/settings.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { toastFirstError, useSchemaForm } from '#client/lib/use-schema-form.ts';
import { RoleLocked } from './role-locked.tsx';
import { WithSettings } from './settings-state.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';

// Settings > Guardrails (admins): the words and phrases a supporter's personal message
// may not contain (docs/api.md "Blocked words"). The server matches them whatever the
// case, accents or look-alike letters, and never shows the list on the public page.

/** The Guardrails tab: the organisation's blocked words. */
export function GuardrailSettings() {
  return (
    <WithSettings>
      {(settings, canChange) => (
        <BlockedWordsForm
          key={settings.guardrails.blockedWords.join('\n')}
          initial={settings.guardrails.blockedWords}
          canChange={canChange}
        />
      )}
    </WithSettings>
  );
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The textarea's lines, checked as the payload they become. */
const blockedWordsFormSchema = z
  .object({ words: z.string() })
  .transform(({ words }) => ({ blockedWords: linesOf(words) }))
  .pipe(guardrailSettingsInputSchema);

/** The first message of a refusal: on the whole list (too many) or on one of its lines. */
function firstMessage(errors: FieldErrors): string | undefined {
  const list = errors.blockedWords;
  if (!list) return undefined;
  if (typeof list.message === 'string') return list.message;
  return Object.values(list as Record<string, { message?: unknown } | undefined>).find(
    (e) => typeof e?.message === 'string',
  )?.message as string | undefined;
}

function BlockedWordsForm({ initial, canChange }: { initial: string[]; canChange: boolean }) {
  const { save, errors, saving } = useSaveSettings();
  const {
    register,
    watch,
    handleSubmit,
    formState: { errors: schemaErrors },
  } = useSchemaForm(blockedWordsFormSchema, { words: initial.join('\n') });
  const error = firstMessage(schemaErrors) ?? Object.values(errors)[0];
  const dirty = linesOf(watch('words')).join('\n') !== initial.join('\n');
  const id = 'blocked-words';
  const { t } = useLingui();
  const max = BLOCKED_WORDS.maxEntries;
  const length = BLOCKED_WORDS.maxLength;
  const help = t`One word or phrase per line, up to ${max}, each at most ${length} characters. Whole words only: "ass" does not block "class".`;
  return (
    <form
      noValidate
      aria-label={t`Blocked words`}
      onSubmit={handleSubmit(
        (guardrails) => save({ guardrails }),
        (refused) =>
          toastFirstError(t`Settings not saved`)({
            blockedWords: { type: 'custom', message: firstMessage(refused) },
          }),
      )}
    >
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Blocked words</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              A supporter's personal message may not contain these words. They match whatever the case,
              accents or look-alike letters (Cyrillic а, 0 for o), and supporters see which of their words is
              not allowed, never this list.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField id={id} label={t`Blocked words and phrases`} error={error} help={help}>
            <Textarea
              {...fieldAria(id, error, help)}
              {...register('words')}
              readOnly={!canChange}
              rows={6}
              spellCheck={false}
            />
          </FormField>
          <div className="flex items-center gap-3">
            <RoleLocked needs="admin" label={t`Save Blocked Words`}>
              <Button type="submit" disabled={saving}>
                {saving ? t`Saving...` : t`Save Blocked Words`}
              </Button>
            </RoleLocked>
            {canChange && dirty && (
              <p className="text-sm text-muted-foreground">
                <Trans>Unsaved changes</Trans>
              </p>
            )}
          </div>
        </CardContent>
      </Card>
    </form>
  );
}
