import { SHARE_POPUP_HEIGHT, SHARE_POPUP_WIDTH } from '#shared/constants.ts';
import type { PlatformId } from '#shared/platforms.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import {
  absoluteUrl,
  composeShareText,
  isIntentPlatform,
  newRefCode,
  shareIntentUrl,
  shareMedia,
  trackedUrl,
} from '#shared/share-links.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { logShare } from '../api/log-share.ts';
import { copyText } from '#client/lib/clipboard.ts';
import { isMobileDevice } from './device.ts';
import { fetchMediaFile, fileNameFor, saveFile } from './media.ts';
import { MSG, TOASTS } from './messages.ts';

export interface ShareCampaign {
  id: number;
  organizationId: number;
}

export interface ShareRequest {
  platform: PlatformId;
  asset: Asset;
  campaign: ShareCampaign;
  personalMessage?: string;
}

const DEVICE_PLATFORMS: PlatformId[] = ['instagram', 'instagram_story', 'tiktok'];

/**
 * Share an asset to a platform. Must be called straight from the click handler:
 * the share log starts and the platform window opens synchronously, so no popup
 * blocker steps in. Resolves true when the share went out.
 */
export function shareTo(req: ShareRequest): Promise<boolean> {
  try {
    const { platform, asset, campaign } = req;
    const media = shareMedia(asset);
    if (DEVICE_PLATFORMS.includes(platform) && !media) {
      window.alert(platform === 'instagram_story' ? MSG.storyNeedsImage : MSG.instagramManual);
      return Promise.resolve(false);
    }
    const ref = newRefCode();
    const url = trackedUrl(location.origin, campaign.id, ref);
    const text = composeShareText(asset, req.personalMessage);
    void logShare({
      assetId: asset.id,
      platform,
      supporterInfo: '',
      campaignId: campaign.id,
      organizationId: campaign.organizationId,
      ref,
    });
    if (isIntentPlatform(platform)) {
      const notice =
        platform === 'twitter' ? MSG.twitterClipboard : platform === 'linkedin' ? MSG.linkedinClipboard : '';
      const copied = notice ? copyText(clipboardText(text, url, media)) : Promise.resolve(false);
      const win = window.open(
        shareIntentUrl(platform, { text, url }),
        '_blank',
        `width=${SHARE_POPUP_WIDTH},height=${SHARE_POPUP_HEIGHT}`,
      );
      if (!win) {
        window.alert(MSG.popupBlocked);
        return Promise.resolve(false);
      }
      try {
        win.opener = null;
      } catch {
        // Cross-origin already: nothing to detach.
      }
      return copied.then((ok) => {
        toast({ ...TOASTS.shared, description: ok ? notice : undefined, variant: 'success' });
        return true;
      });
    }
    return shareWithDevice(platform, asset, `${text}\n\n${url}`).catch(failed);
  } catch {
    return Promise.resolve(failed());
  }
}

function failed(): false {
  toast({ ...TOASTS.shareFailed, variant: 'destructive' });
  return false;
}

/** What Twitter and LinkedIn get through the clipboard: the text, the image link, the tracked link. */
function clipboardText(text: string, url: string, media: string | undefined): string {
  const parts = [text];
  if (media) parts.push(absoluteUrl(location.origin, media));
  parts.push(url);
  return parts.join('\n\n');
}

/**
 * Instagram, Instagram Story and TikTok have no web share URL: hand the media file to
 * the device share sheet when it takes files, otherwise save the file and copy the caption.
 */
async function shareWithDevice(platform: PlatformId, asset: Asset, caption: string): Promise<boolean> {
  const media = shareMedia(asset) as string;
  let file: File | undefined;
  try {
    file = await fetchMediaFile(media);
  } catch {
    file = undefined;
  }
  if (file && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], text: caption, title: asset.title });
      toast({ ...TOASTS.shared, variant: 'success' });
      return true;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return false;
      window.alert(
        platform === 'instagram_story'
          ? MSG.storyFailed
          : platform === 'tiktok'
            ? MSG.tiktokManual
            : MSG.instagramManual,
      );
      return false;
    }
  }
  // No file sharing here: save the media and put the caption on the clipboard.
  if (file) saveFile(file, file.name);
  else window.alert(MSG.downloadIssue);
  await copyText(caption);
  if (platform === 'instagram_story') {
    window.alert(isMobileDevice() ? MSG.storyOpenOnMobile : MSG.storyUseMobile);
  } else {
    window.alert(platform === 'tiktok' ? MSG.tiktokManual : MSG.instagramManual);
  }
  return false;
}

/** 'Save Image': download the asset's real file. */
export async function saveAssetMedia(asset: Asset): Promise<boolean> {
  const media = shareMedia(asset);
  try {
    if (!media) throw new Error('no media');
    const file = await fetchMediaFile(media);
    saveFile(file, fileNameFor(media, file.type));
    toast({ ...TOASTS.imageDownloaded, variant: 'success' });
    return true;
  } catch {
    toast({ ...TOASTS.downloadFailed, variant: 'destructive' });
    return false;
  }
}

/** Copy the asset's share text (its content for text assets, else its title). */
export async function copyAssetText(
  asset: Asset,
  personalMessage?: string,
  failure: { title: string; description: string } = TOASTS.copyFailed,
): Promise<boolean> {
  const ok = await copyText(composeShareText(asset, personalMessage));
  toast(ok ? { ...TOASTS.textCopied, variant: 'success' } : { ...failure, variant: 'destructive' });
  return ok;
}
