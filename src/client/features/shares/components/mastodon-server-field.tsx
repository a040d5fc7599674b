import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { InputField } from '#client/components/ui/form-field.tsx';
import { rememberMastodonServer } from '../lib/mastodon-server.ts';

const INVALID = "Enter your server's name, like mastodon.social";

/**
 * Asked once: the supporter's Mastodon server, kept on this device. Submitting is the
 * click that opens the share page, so no popup blocker steps in.
 */
export function MastodonServerField({ onPost }: { onPost: (server: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const host = rememberMastodonServer(value);
    if (!host) {
      setError(INVALID);
      return;
    }
    setError(undefined);
    onPost(host);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2 rounded-md border border-border p-3">
      <InputField
        id="mastodon-server"
        label="Your Mastodon server"
        help="Like mastodon.social. Remembered on this device."
        placeholder="mastodon.social"
        autoComplete="url"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="sm">
        Post on Mastodon
      </Button>
    </form>
  );
}
