import { Trans, useLingui } from '@lingui/react/macro';
import { mastodonServerFormSchema } from '#shared/schemas/shares.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Form, InputField } from '#client/components/ui/form-field.tsx';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { rememberMastodonServer } from '../lib/mastodon-server.ts';

/**
 * Asked once: the supporter's Mastodon server, kept on this device. Submitting is the
 * click that opens the share page, so no popup blocker steps in.
 */
export function MastodonServerField({ onPost }: { onPost: (server: string) => void }) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(mastodonServerFormSchema, { server: '' });
  return (
    <Form
      onSubmit={handleSubmit(({ server }) => {
        rememberMastodonServer(server);
        onPost(server);
      })}
      className="space-y-2 rounded-md border border-border p-3"
    >
      <InputField
        id="mastodon-server"
        label={t`Your Mastodon server`}
        help={t`Like mastodon.social. Remembered on this device.`}
        placeholder="mastodon.social"
        autoComplete="url"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.server?.message}
        {...register('server')}
      />
      <Button type="submit" size="sm">
        <Trans>Post on Mastodon</Trans>
      </Button>
    </Form>
  );
}
