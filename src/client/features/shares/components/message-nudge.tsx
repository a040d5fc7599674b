import { Button } from '#client/components/ui/button.tsx';
import { REPEATED_MESSAGE } from '../lib/messages.ts';
import { startingPoint } from '../lib/starting-point.ts';

/**
 * Under the personal message: when many shares of this asset already carried the same
 * words (`repeated`, the message check's answer), a polite suggestion to reword them,
 * with a message template to start from. The live region is always there, so screen
 * readers announce the suggestion when it appears.
 */
export function MessageNudge({
  repeated,
  message,
  campaignName,
  onUseTemplate,
}: {
  repeated: boolean;
  message: string;
  campaignName: string;
  onUseTemplate: (text: string) => void;
}) {
  const template = startingPoint(campaignName, message).text(campaignName);
  return (
    <div role="status" aria-live="polite">
      {repeated && (
        <div
          data-testid="message-nudge"
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-semibold">{REPEATED_MESSAGE.title}</p>
          <p>{REPEATED_MESSAGE.body}</p>
          <p>{REPEATED_MESSAGE.startingPoint}</p>
          <blockquote dir="auto" className="border-s-2 border-amber-400 ps-2 italic">
            {template}
          </blockquote>
          <Button size="sm" variant="outline" onClick={() => onUseTemplate(template)}>
            {REPEATED_MESSAGE.useTemplate}
          </Button>
        </div>
      )}
    </div>
  );
}
