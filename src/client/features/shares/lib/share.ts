import { t } from '@lingui/core/macro';
import { type UtmTags, withUtm } from '#shared/utm.ts';
import type { Locale } from '#shared/locales.ts';
import { SHARE_POPUP_HEIGHT, SHARE_POPUP_WIDTH } from '#shared/constants.ts';
import { COPY_CHANNEL, PLATFORMS, type PlatformId, type ShareChannel } from '#shared/platforms.ts';
import type { ShareOutcome, SupporterAsset } from '#shared/schemas/shares.ts';
import {
  absoluteUrl,
  assetHeadline,
  isIntentPlatform,
  newRefCode,
  shareIntentUrl,
  shareMedia,
  trackedUrl,
} from '#shared/share-links.ts';
import { composeShareText, type ShareTextCampaign } from '#shared/share-text.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { type LogOutcome, logShare } from '../api/log-share.ts';
import { copyText } from '#client/lib/clipboard.ts';
import { isMobileDevice } from './device.ts';
import { saveFile } from '#client/lib/save-file.ts';
import { fetchMediaFile, fileNameFor } from './media.ts';
import { MSG, needsMedia, notRecorded, preparedPost, saved, TOASTS, windowOpened } from './messages.ts';

export interface ShareCampaign extends ShareTextCampaign {
  id: number;
  organizationId: number;
  /** The UTM tags its tracked links carry (the supporter view's), none when off or unknown. */
  utm?: UtmTags | null;
  /**
   * The language the page is in (the supporter JSON's `language`): each logged share
   * carries it, so the analytics count shares and click-throughs per language. None:
   * the share is counted as language not recorded.
   */
  language?: Locale;
}

export interface ShareRequest {
  platform: PlatformId;
  asset: SupporterAsset;
  campaign: ShareCampaign;
  personalMessage?: string;
  /** The supporter's version of the asset's words, used only when the asset lets them edit (textEditable). */
  words?: string;
  /** Given only with the supporter's consent, for an organisation that collects it. */
  supporterName?: string;
  /** The supporter's Mastodon server, for a Mastodon share. */
  mastodonServer?: string;
  /** Posting a scheduled share from its reminder: its id, and its tracked ref for the link. */
  scheduledShareId?: number;
  ref?: string;
}

/** What X and LinkedIn need through the clipboard, and the notice saying so (none needed: undefined). */
function clipboardNotice(platform: PlatformId, media: string | undefined): string | undefined {
  if (platform === 'twitter') return media ? MSG.twitterClipboard : undefined;
  if (platform === 'linkedin') return media ? MSG.linkedinClipboard : MSG.linkedinTextClipboard;
  return undefined;
}

/**
 * Share an asset to a platform. Must be called straight from the click handler, so the
 * platform window opens before any await and no popup blocker steps in. Only what the
 * page can know happened is logged, and the toast says it: a platform window that
 * opened is an `opened` share (finish posting there); a device share sheet that
 * resolved is `shared`; a cancelled one is nothing; a hand-posted platform's saved
 * media and copied caption is `prepared`, with the next step. Resolves true when
 * something was logged.
 */
export function shareTo(req: ShareRequest): Promise<boolean> {
  try {
    const { platform, asset, campaign } = req;
    const media = shareMedia(asset);
    if (!isIntentPlatform(platform) && !media) {
      toast({ ...needsMedia(platform), variant: 'destructive' });
      return Promise.resolve(false);
    }
    // The caller asks for the server first; without one there is nowhere to post.
    if (platform === 'mastodon' && !req.mastodonServer) return Promise.resolve(false);
    const ref = req.ref ?? newRefCode();
    const url = shareUrl(campaign, asset, ref, platform);
    const text = composeShareText(asset, campaign, req.personalMessage, req.words);
    const log = (status: ShareOutcome) => logOutcome({ ...req, ref }, status);
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
        // Nothing opened: nothing is logged.
        toast({ ...TOASTS.popupBlocked, variant: 'destructive' });
        return Promise.resolve(false);
      }
      if (platform !== 'email') {
        try {
          win.opener = null;
        } catch {
          // Cross-origin already: nothing to detach.
        }
      }
      return Promise.all([log('opened'), copied]).then(([logged, ok]) =>
        platform === 'email'
          ? recorded(logged, TOASTS.emailOpened, t`Your email app opened`)
          : recorded(logged, windowOpened(name, ok ? notice : undefined), t`The ${name} window opened`),
      );
    }
    return shareWithDevice(platform, asset, assetHeadline(asset, campaign), `${text}\n\n${url}`, log).catch(
      failed,
    );
  } catch {
    return Promise.resolve(failed());
  }
}

/** The tracked link a share to `channel` carries: the asset's, with the campaign's UTM tags. */
function shareUrl(
  campaign: ShareCampaign,
  asset: SupporterAsset,
  ref: string,
  channel: ShareChannel,
): string {
  return withUtm(trackedUrl(location.origin, campaign.id, ref, asset.id), campaign.utm, channel);
}

/** Logs what happened to a share (POST /api/shares) with its ref and the supporter's choices. */
function logOutcome(
  req: Omit<ShareRequest, 'platform'> & { platform: ShareChannel; ref: string },
  status: ShareOutcome,
): Promise<LogOutcome> {
  const { asset, campaign } = req;
  return logShare({
    assetId: asset.id,
    platform: req.platform,
    supporterInfo: '',
    campaignId: campaign.id,
    organizationId: campaign.organizationId,
    status,
    ref: req.ref,
    ...(req.supporterName?.trim() ? { supporterName: req.supporterName.trim() } : {}),
    // Only a keyed hash of it is kept, to count identical messages for the nudge.
    ...(req.personalMessage?.trim() ? { message: req.personalMessage } : {}),
    ...(asset.variant ? { variantId: asset.variant.id } : {}),
    ...(campaign.language ? { language: campaign.language } : {}),
    scheduledShareId: req.scheduledShareId,
  });
}

/** Says what happened when it was logged (and returns true), or that it was not. */
function recorded(log: LogOutcome, done: { title: string; description?: string }, what: string): boolean {
  if (!log.ok) {
    toast({ ...notRecorded(what, log.message), variant: 'destructive' });
    return false;
  }
  toast({ ...done, variant: 'success' });
  return true;
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
 * Instagram, Instagram Story, TikTok and YouTube have no web share URL: hand the media
 * file to the device share sheet when it takes files (`shared` once it resolves; a
 * cancelled sheet counts nothing), otherwise save the file and copy the caption
 * (`prepared`) and say what to do next.
 */
async function shareWithDevice(
  platform: PlatformId,
  asset: SupporterAsset,
  title: string,
  caption: string,
  log: (status: ShareOutcome) => Promise<LogOutcome>,
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
      return recorded(await log('shared'), TOASTS.shared, t`Your post went out`);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return false;
      // The sheet refused the file: save it and copy the caption instead.
    }
  }
  if (!file) {
    toast({ ...TOASTS.downloadFailed, variant: 'destructive' });
    return false;
  }
  saveFile(file, file.name);
  const copied = await copyText(caption);
  return recorded(
    await log('prepared'),
    preparedPost(platform, asset.type === 'video' ? 'video' : 'image', copied, isMobileDevice()),
    saved(asset.type === 'video' ? 'video' : 'image'),
  );
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

/**
 * 'Copy Text': copy the asset's share text (assetShareText: never its title) with the
 * tracked link a share would carry (UTM source 'copy'), and log it as a `prepared` post
 * of the copy channel: the supporter may paste it anywhere, or nowhere.
 */
export async function copyAssetText(
  asset: SupporterAsset,
  campaign: ShareCampaign,
  personalMessage?: string,
  failure: { title: string; description: string } = TOASTS.copyFailed,
  words?: string,
): Promise<boolean> {
  const ref = newRefCode();
  const text = composeShareText(asset, campaign, personalMessage, words);
  const ok = await copyText(`${text}\n\n${shareUrl(campaign, asset, ref, COPY_CHANNEL)}`);
  if (!ok) {
    toast({ ...failure, variant: 'destructive' });
    return false;
  }
  return recorded(
    await logOutcome({ asset, campaign, personalMessage, platform: COPY_CHANNEL, ref }, 'prepared'),
    TOASTS.textCopied,
    t`The text is copied`,
  );
}
