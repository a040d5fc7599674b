import { platformLabel } from '#client/lib/platform-name.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DIALOG_TITLE_TRUNCATE } from '#shared/constants.ts';
import { LINK_PLATFORMS, type PlatformId, platformsForAssetType } from '#shared/platforms.ts';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import { assetHeadline, campaignLinkPreview } from '#shared/share-links.ts';
import { composeShareText, disclosureOf, shareWords } from '#shared/share-text.ts';
import { truncate } from '#shared/text.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import {
  PlatformPreview,
  PREVIEW_PLATFORMS,
  type PreviewPlatform,
  TweetLength,
} from '#client/features/previews/index.ts';
import { forgetMastodonServer, rememberedMastodonServer } from '../lib/mastodon-server.ts';
import { TOASTS } from '../lib/messages.ts';
import { type ShareCampaign, shareTo } from '../lib/share.ts';
import { MastodonServerField } from './mastodon-server-field.tsx';
import { useMessageCheck } from '../hooks/use-repeated-message.ts';
import { BlockedWordNotice } from './message-guard.tsx';
import { MessageNudge } from './message-nudge.tsx';
import { ShareWords } from './share-words.tsx';
import { PersonalMessage } from './personal-message.tsx';
import { SaveAndCopyButtons, ShareButtons } from './share-buttons.tsx';
import { consentedName, SupporterNameField, type SupporterNameValue } from './supporter-name-field.tsx';

export interface ShareDialogProps {
  asset: SupporterAsset;
  campaign: ShareCampaign & { name: string; description: string | null };
  /** Every asset of the campaign: the link card shows the first image, as the meta tags do. */
  assets: SupporterAsset[];
  /**
   * The organisation behind the campaign: its logo stands in for a missing image in link
   * cards; with `collectInfo` the supporter may add their name (with consent) to the share.
   */
  organization?: { name: string; logoUrl: string; collectInfo?: boolean };
  /** Opened from Personalize: the message block is shown and a message is required. */
  personalize?: boolean;
  /**
   * Opened from a reminder: the scheduled share this post fulfils, its tracked ref and
   * the personal message chosen then. The first share posts with that ref.
   */
  scheduled?: { id: number; ref: string | null; message: string };
  onOpenChange: (open: boolean) => void;
}

export default function ShareDialog({
  asset,
  campaign,
  assets,
  organization,
  personalize: startPersonal,
  scheduled: fromReminder,
  onOpenChange,
}: ShareDialogProps) {
  const { t, i18n } = useLingui();
  const [platform, setPlatform] = useState<PreviewPlatform>('twitter');
  const [personalize, setPersonalize] = useState(Boolean(startPersonal));
  const [message, setMessage] = useState(fromReminder?.message ?? '');
  const [scheduled, setScheduled] = useState(fromReminder);
  const [supporter, setSupporter] = useState<SupporterNameValue>({ name: '', consent: false });
  const [mastodonServer, setMastodonServer] = useState(rememberedMastodonServer);
  const [askMastodon, setAskMastodon] = useState(false);
  // The link card the shared link unfurls as: this asset's (the link names it).
  const card = campaignLinkPreview({ campaign, assets, organization, asset }, location.origin);
  const personalMessage = personalize ? message : undefined;
  // An editable asset's words as the supporter has them (the organisation's to start with).
  const [words, setWords] = useState(() => shareWords(asset, campaign));
  const edited = asset.textEditable && words.trim() !== shareWords(asset, campaign) ? words : undefined;
  const text = composeShareText(asset, campaign, personalMessage, edited);
  // The supporter's own words are checked: the message, and an editable asset's words once changed.
  const check = useMessageCheck(asset.id, [personalMessage, edited].filter(Boolean).join('\n'));
  const blocked = check.blocked.length > 0;
  const headline = truncate(assetHeadline(asset, campaign), DIALOG_TITLE_TRUNCATE);

  const share = (p: PlatformId, server = mastodonServer) => {
    if (blocked) return;
    if (personalize && !message.trim()) {
      toast({ ...TOASTS.messageRequired, variant: 'destructive' });
      return;
    }
    // Mastodon needs the supporter's server first: asked once, then remembered.
    if (p === 'mastodon' && !server) {
      setAskMastodon(true);
      return;
    }
    void shareTo({
      platform: p,
      asset,
      campaign,
      personalMessage,
      words: edited,
      supporterName: consentedName(supporter),
      mastodonServer: server,
      ...(scheduled && { scheduledShareId: scheduled.id, ref: scheduled.ref ?? undefined }),
    }).then((done) => {
      // The scheduled share is posted now; another post gets a link of its own.
      if (done) setScheduled(undefined);
    });
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {/* Room at the end for the close button; a title that wraps keeps its line height. */}
        <DialogHeader className="pe-8">
          <DialogTitle className="leading-snug">
            <Trans>
              Share "<bdi>{headline}</bdi>" on Social Media
            </Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>See how your post will look, then pick where to share it.</Trans>
          </DialogDescription>
        </DialogHeader>

        <Tabs value={platform} onValueChange={(v) => setPlatform(v as PreviewPlatform)}>
          <TabsList aria-label={t`Platform previews`} className="flex h-auto w-full flex-wrap justify-start">
            {PREVIEW_PLATFORMS.map((p) => (
              <TabsTrigger key={p} value={p}>
                {platformLabel(i18n, p)}
              </TabsTrigger>
            ))}
          </TabsList>
          {PREVIEW_PLATFORMS.map((p) => (
            <TabsContent key={p} value={p} className="space-y-2">
              <PlatformPreview platform={p} asset={asset} text={text} url={card.url} card={card} />
              {p === 'twitter' && <TweetLength text={text} />}
            </TabsContent>
          ))}
        </Tabs>
        <div className="flex items-center justify-between text-xs text-muted-foreground">
          <span className="font-semibold">
            <Trans>Preview</Trans>
          </span>
          <span>
            <Trans>Results may vary on actual platforms</Trans>
          </span>
        </div>

        <div className="space-y-3 rounded-md border border-border p-3">
          <Button
            variant={personalize ? 'secondary' : 'outline'}
            size="sm"
            aria-pressed={personalize}
            onClick={() => setPersonalize((v) => !v)}
          >
            {personalize ? <Trans>Personalizing</Trans> : <Trans>Personalize</Trans>}
          </Button>
          {personalize && (
            <>
              <PersonalMessage value={message} onChange={setMessage} campaignName={campaign.name} />
              <MessageNudge
                repeated={check.repeated}
                message={message}
                campaignName={campaign.name}
                onUseTemplate={setMessage}
              />
            </>
          )}
          <ShareWords
            editable={Boolean(asset.textEditable)}
            words={words}
            onChange={setWords}
            disclosure={disclosureOf(campaign)}
          />
          <BlockedWordNotice blocked={check.blocked} />
        </div>

        {organization?.collectInfo && (
          <SupporterNameField
            organizationName={organization.name}
            value={supporter}
            onChange={setSupporter}
          />
        )}

        <section aria-label={t`Share to`} className="space-y-2">
          <ShareButtons
            platforms={platformsForAssetType(asset.type)}
            onShare={(p) => share(p)}
            disabled={blocked}
          />
          <h3 className="pt-1 text-sm font-semibold">
            <Trans>More places to post</Trans>
          </h3>
          <ShareButtons platforms={LINK_PLATFORMS} onShare={(p) => share(p)} disabled={blocked} />
          {askMastodon && !mastodonServer && (
            <MastodonServerField
              onPost={(server) => {
                setMastodonServer(server);
                setAskMastodon(false);
                share('mastodon', server);
              }}
            />
          )}
          {mastodonServer && (
            <p className="text-xs text-muted-foreground">
              <Trans>
                Mastodon posts go to <bdi>{mastodonServer}</bdi>.
              </Trans>{' '}
              <button
                type="button"
                className="font-medium text-primary underline underline-offset-2"
                onClick={() => {
                  forgetMastodonServer();
                  setMastodonServer(undefined);
                  setAskMastodon(true);
                }}
              >
                <Trans>Change server</Trans>
              </button>
            </p>
          )}
          <SaveAndCopyButtons
            asset={asset}
            campaign={campaign}
            personalMessage={personalMessage}
            words={edited}
            disabled={blocked}
          />
        </section>
      </DialogContent>
    </Dialog>
  );
}
