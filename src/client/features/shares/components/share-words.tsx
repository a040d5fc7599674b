import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { MAX_TEXT_CONTENT } from '#shared/constants.ts';
import { Textarea } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

/**
 * The organisation's words in the share dialog (docs/api.md "Locked text"): read-only
 * under the message unless the asset lets supporters edit them; then the campaign's
 * disclosure line, which every post ends with and nobody can remove.
 */
export function ShareWords({
  editable,
  words,
  onChange,
  disclosure,
}: {
  editable: boolean;
  words: string;
  onChange: (words: string) => void;
  /** The campaign's disclosure line, '' for none. */
  disclosure: string;
}) {
  const id = useId();
  return (
    <div className="space-y-2 text-sm" data-testid="share-words">
      {editable ? (
        <>
          <Label htmlFor={id}>
            <Trans>You can edit the organisation's words</Trans>
          </Label>
          <Textarea
            id={id}
            value={words}
            onChange={(e) => onChange(e.target.value)}
            dir="auto"
            maxLength={MAX_TEXT_CONTENT}
            rows={3}
          />
        </>
      ) : (
        <>
          <p className="font-medium">
            <Trans>Your message goes above the organisation's words</Trans>
          </p>
          <p
            dir="auto"
            className="whitespace-pre-wrap break-words rounded-md bg-muted p-2 text-muted-foreground"
          >
            {words}
          </p>
        </>
      )}
      {disclosure && (
        <p data-testid="disclosure-line" className="text-muted-foreground">
          <Trans>
            Every post ends with: <bdi className="font-medium text-foreground">{disclosure}</bdi>
          </Trans>
        </p>
      )}
    </div>
  );
}
