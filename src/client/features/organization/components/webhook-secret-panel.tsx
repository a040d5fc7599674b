import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { CopyField } from '#client/components/ui/copy-field.tsx';

/**
 * An endpoint's signing secret, shown this once (on creating the endpoint or rotating its
 * secret) with a Copy button, until Done: Rally keeps it sealed and never shows it again.
 */
export function WebhookSecretPanel({
  secret,
  previousSecretExpiresAt,
  done,
}: {
  secret: string;
  /** After a rotation: until then the old secret signs too. */
  previousSecretExpiresAt?: string | null;
  done: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const until = previousSecretExpiresAt
    ? i18n.date(previousSecretExpiresAt, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  return (
    <section
      aria-label={t`Signing secret`}
      className="space-y-2 rounded-md border border-border bg-muted/40 p-4"
    >
      <CopyField
        id={id}
        label={t`Signing secret`}
        value={secret}
        notice={{ title: t`Signing secret copied!` }}
      />
      <p role="status" className="text-sm font-medium">
        <Trans>
          Copy this secret now: you won't see it again. Your receiver uses it to check that each request comes
          from Rally.
        </Trans>
      </p>
      {until && (
        <p className="text-sm text-muted-foreground">
          <Trans>Until {until} the old secret stays valid too: each delivery carries both signatures.</Trans>
        </p>
      )}
      <Button size="sm" onClick={done}>
        <Trans>Done</Trans>
      </Button>
    </section>
  );
}
