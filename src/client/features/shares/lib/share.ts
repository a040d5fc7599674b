import { type UtmTags, withUtm } from '#shared/utm.ts';
import { SHARE_POPUP_HEIGHT, SHARE_POPUP_WIDTH } from '#shared/constants.ts';
import { PLATFORMS, type PlatformId } from '#shared/platforms.ts';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import {
  absoluteUrl,
  assetHeadline,
  type CampaignWords,
  composeShareText,
  isIntentPlatform,
  newRefCode,
  shareIntentUrl,
  shareMedia,
  trackedUrl,
} from '#shared/share-links.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { type LogOutcome, logShare } from '../api/log-share.ts';
import { copyText } from '#client/lib/clipboard.ts';
import { isMobileDevice } from './device.ts';
import { saveFile } from '#client/lib/save-file.ts';
import { fetchMediaFile, fileNameFor } from './media.ts';
import { MSG, notRecorded, TOASTS, windowOpened } from './messages.ts';

export interface ShareCampaign extends CampaignWords {
  id: number;
  organizationId: number;
  /** The UTM tags its tracked links carry (the supporter view's), none when off or unknown. */
  utm?: UtmTags | null;
}

export interface ShareRequest {
  platform: PlatformId;
  asset: SupporterAsset;
  campaign: ShareCampaign;
  personalMessage?: string;
  /** Given only with the supporter's consent, for an organisation that collects it. */
  supporterName?: string;
  /** The supporter's Mastodon server, for a Mastodon share. */
  mastodonServer?: string;
  /** Posting a scheduled share from its reminder: its id, and its tracked ref for the link. */
  scheduledShareId?: number;
  ref?: string;
}

const DEVICE_PLATFORMS: PlatformId[] = ['instagram', 'instagram_story', 'tiktok'];

/** What X and LinkedIn need through the clipboard, and the notice saying so (none needed: undefined). */
function clipboardNotice(platform: PlatformId, media: string | undefined): string | undefined {
  if (platform === 'twitter') return media ? MSG.twitterClipboard : undefined;
  if (platform === 'linkedin') return media ? MSG.linkedinClipboard : MSG.linkedinTextClipboard;
  return undefined;
}

/**
 * Share an asset to a platform. Must be called straight from the click handler:
 * the share log starts and the platform window opens synchronously, so no popup
 * blocker steps in. Resolves true when the share went out and was recorded. The
 * toast says what happened: a platform window opened (finish posting there), a
 * device share sheet completed, or the share could not be recorded.
 */
export function shareTo(req: ShareRequest): Promise<boolean> {
  try {
    const { platform, asset, campaign } = req;
    const media = shareMedia(asset);
    if (DEVICE_PLATFORMS.includes(platform) && !media) {
      window.alert(platform === 'instagram_story' ? MSG.storyNeedsImage : MSG.instagramManual);
      return Promise.resolve(false);
    }
    // The caller asks for the server first; without one there is nowhere to post.
    if (platform === 'mastodon' && !req.mastodonServer) return Promise.resolve(false);
    const ref = req.ref ?? newRefCode();
    const url = withUtm(trackedUrl(location.origin, campaign.id, ref, asset.id), campaign.utm, platform);
    const text = composeShareText(asset, campaign, req.personalMessage);
    const logged = logShare({
      assetId: asset.id,
      platform,
      supporterInfo: '',
      campaignId: campaign.id,
      organizationId: campaign.organizationId,
      ref,
      ...(req.supporterName?.trim() ? { supporterName: req.supporterName.trim() } : {}),
      // Only a keyed hash of it is kept, to count identical messages for the nudge.
      ...(req.personalMessage?.trim() ? { message: req.personalMessage } : {}),
      ...(asset.variant ? { variantId: asset.variant.id } : {}),
      scheduledShareId: req.scheduledShareId,
    });
    if (isIntentPlatform(platform)) {
      const name = PLATFORMS[platform].name;
      const notice = clipboardNotice(platform, media);
      const copied = notice ? copyText(clipboardText(text, url, media)) : Promise.resolve(false);
      const target = shareIntentUrl(platform, {
        text,
        url,
        subject: campaign.name,
        mastodonServer: req.mastodonServer,
      });
      // A mailto: link hands over to the mail app without leaving the page.
      const win =
        platform === 'email'
          ? window.open(target, '_self')
          : window.open(target, '_blank', `width=${SHARE_POPUP_WIDTH},height=${SHARE_POPUP_HEIGHT}`);
      if (!win) {
        window.alert(MSG.popupBlocked);
        return Promise.resolve(false);
      }
      if (platform !== 'email') {
        try {
          win.opener = null;
        } catch {
          // Cross-origin already: nothing to detach.
        }
      }
      return Promise.all([logged, copied]).then(([log, ok]) => {
        if (!log.ok) {
          return unrecorded(
            platform === 'email' ? 'Your email app opened' : `The ${name} window opened`,
            log,
          );
        }
        toast({
          ...(platform === 'email' ? TOASTS.emailOpened : windowOpened(name, ok ? notice : undefined)),
          variant: 'success',
        });
        return true;
      });
    }
    return shareWithDevice(
      platform,
      asset,
      assetHeadline(asset, campaign),
      `${text}\n\n${url}`,
      logged,
    ).catch(failed);
  } catch {
    return Promise.resolve(failed());
  }
}

function unrecorded(what: string, log: Extract<LogOutcome, { ok: false }>): false {
  toast({ ...notRecorded(what, log.message), variant: 'destructive' });
  return false;
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
async function shareWithDevice(
  platform: PlatformId,
  asset: SupporterAsset,
  title: string,
  caption: string,
  logged: Promise<LogOutcome>,
): Promise<boolean> {
  const media = shareMedia(asset) as string;
  let file: File | undefined;
  try {
    file = await fetchMediaFile(media);
  } catch {
    file = undefined;
  }
  if (file && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], text: caption, title });
      // The share sheet resolved: the post went out. Say so only when it was recorded too.
      const log = await logged;
      if (!log.ok) return unrecorded('Your post went out', log);
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
export async function saveAssetMedia(asset: SupporterAsset): Promise<boolean> {
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

/** Copy the asset's share text (assetShareText: never its title). */
export async function copyAssetText(
  asset: SupporterAsset,
  campaign: CampaignWords,
  personalMessage?: string,
  failure: { title: string; description: string } = TOASTS.copyFailed,
): Promise<boolean> {
  const ok = await copyText(composeShareText(asset, campaign, personalMessage));
  toast(ok ? { ...TOASTS.textCopied, variant: 'success' } : { ...failure, variant: 'destructive' });
  return ok;
}
