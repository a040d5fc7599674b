import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useMessageCheck } from '../hooks/use-repeated-message.ts';

/**
 * Under the message: each word of it the organisation does not allow, as the supporter
 * spelled it (the server's answer; the list itself never reaches the page). The live
 * region is always there, so screen readers announce it when it appears.
 */
export function BlockedWordNotice({ blocked, id }: { blocked: readonly string[]; id?: string }) {
  return (
    <div role="status" aria-live="polite" id={id}>
      {blocked.length > 0 && (
        <ul data-testid="blocked-words" className="space-y-1 text-sm font-medium text-destructive">
          {blocked.map((word) => (
            <li key={word}>
              <Trans>
                This word is not allowed here: <bdi>{word}</bdi>
              </Trans>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The check and its notice for a message field outside the share dialog (the phone
 * view's personal touch), loaded with the dialogs' chunk: `onBlocked` says whether the
 * current message has a blocked word, so the page holds its share buttons.
 */
export default function MessageGuard({
  assetId,
  message,
  onBlocked,
}: {
  assetId: number;
  message: string;
  onBlocked: (blocked: boolean) => void;
}) {
  const { blocked } = useMessageCheck(assetId, message);
  const has = blocked.length > 0;
  useEffect(() => onBlocked(has), [has, onBlocked]);
  useEffect(() => () => onBlocked(false), [onBlocked]);
  return <BlockedWordNotice blocked={blocked} />;
}
