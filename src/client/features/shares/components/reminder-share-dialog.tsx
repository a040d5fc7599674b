import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SupporterCampaign, SupporterScheduledShare } from '#shared/schemas/shares.ts';
import { messageOf } from '#shared/share-text.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { TOASTS } from '../lib/messages.ts';
import ShareDialog from './share-dialog.tsx';
import { queryKeys } from '#client/lib/query-keys.ts';

export interface ReminderShareDialogProps {
  /** The supporter page's campaign view. */
  data: SupporterCampaign;
  onOpenChange: (open: boolean) => void;
}

/** `?share={id}&ref={code}` of the one-tap link, read once. */
function linkParams() {
  const params = new URLSearchParams(location.search);
  const shareId = Number(params.get('share'));
  return {
    shareId: Number.isInteger(shareId) && shareId > 0 ? shareId : 0,
    ref: params.get('ref') ?? undefined,
  };
}

/**
 * What a reminder's one-tap link opens: the share dialog for the scheduled asset,
 * prefilled with the words chosen when scheduling, posting with the scheduled
 * share's tracked ref (the server then turns that share into the posted one).
 */
export default function ReminderShareDialog({ data: view, onOpenChange }: ReminderShareDialogProps) {
  const [link] = useState(linkParams);
  const key = queryKeys.supporterScheduledShare(view.campaign.id, link.shareId, link.ref);
  const [path] = key;
  const { data, isError } = useQuery({
    queryKey: key,
    queryFn: () =>
      apiRequest<SupporterScheduledShare>(
        'GET',
        link.ref ? `${path}?ref=${encodeURIComponent(link.ref)}` : path,
      ),
    // A malformed id names no share.
    enabled: link.shareId > 0,
  });
  const asset = data && view.assets.find((a) => a.id === data.assetId);
  const gone = isError || link.shareId === 0 || (data !== undefined && !asset);

  useEffect(() => {
    if (!gone) return;
    toast({ ...TOASTS.reminderGone, variant: 'destructive' });
    onOpenChange(false);
  }, [gone, onOpenChange]);

  if (!data || !asset) return null;
  const message = data.text ? messageOf(data.text, asset, view.campaign) : '';
  return (
    <ShareDialog
      asset={asset}
      campaign={view.campaign}
      assets={view.assets}
      organization={view.organization}
      personalize={message !== ''}
      scheduled={{ id: data.id, ref: data.ref, message }}
      onOpenChange={onOpenChange}
    />
  );
}
