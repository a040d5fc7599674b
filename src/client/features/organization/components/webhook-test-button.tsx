import { useLingui } from '@lingui/react/macro';
import { SendIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useSendTestEvent } from '../api/webhooks.ts';

/** 'Send test event': queues a `ping` to this endpoint alone; it shows in the delivery log once sent. */
export function WebhookTestButton({ endpointId, onSent }: { endpointId: number; onSent?: () => void }) {
  const send = useSendTestEvent();
  const { t } = useLingui();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(endpointId, {
          onSuccess: () => {
            toast({
              title: t`Test event queued`,
              description: t`It shows in the delivery log once it has been sent.`,
            });
            onSent?.();
          },
          onError: (err) => toastError(t`Test event not sent`, err, t`Something went wrong`),
        })
      }
    >
      <SendIcon aria-hidden className="rtl:-scale-x-100" />
      {send.isPending ? t`Sending...` : t`Send test event`}
    </Button>
  );
}
