import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { UsersIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { MOMENT_POLL_MS } from '#shared/constants.ts';
import type { Locale } from '#shared/locales.ts';
import type { SupporterMoment } from '#shared/schemas/moments.ts';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import { type CampaignWords, newRefCode } from '#shared/share-links.ts';
import { composeShareText } from '#shared/share-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField } from '#client/components/ui/form-field.tsx';
import { toastError } from '#client/components/ui/use-toast.ts';
import { platformLabel } from '#client/lib/platform-name.ts';
import { browserTimeZone } from '#client/lib/time-zones.ts';
import { commitToMoment, pollMomentCount } from '../api/moments.ts';
import { rememberCommitment, rememberedCommitment } from '../lib/moment-memory.ts';
import {
  NO_REMINDER,
  type ReminderChoice,
  ReminderFields,
  reminderRequest,
  useReminderChannels,
} from './reminder-fields.tsx';

// The page's shared moments (docs/api.md "Momentum"): "Post with 312 others on Tuesday
// at 18:00", a Join that commits this browser (with the reminder a scheduled share
// gets), and the count, asked again every few seconds while the page is visible.
// Loaded only for a campaign with upcoming moments (lazy-dialogs.tsx).

export interface MomentPanelProps {
  moments: SupporterMoment[];
  campaign: CampaignWords & { id: number; language?: Locale };
  assets: SupporterAsset[];
  organization: { name: string; collectInfo: boolean };
}

export default function MomentPanel({ moments, campaign, assets, organization }: MomentPanelProps) {
  // The cached page may still carry a moment whose time has come: it is over.
  const [now] = useState(() => Date.now());
  const ahead = moments.filter((m) => Date.parse(m.at) > now);
  if (ahead.length === 0) return null;
  return (
    <section
      aria-labelledby="moments-heading"
      className="mb-6 space-y-3 rounded-lg border border-border bg-white p-4"
    >
      <h2 id="moments-heading" className="flex items-center gap-2 text-lg font-semibold">
        <UsersIcon aria-hidden className="size-5" /> <Trans>Post together</Trans>
      </h2>
      <ul className="space-y-4">
        {ahead.map((m) => (
          <MomentItem key={m.id} moment={m} campaign={campaign} assets={assets} organization={organization} />
        ))}
      </ul>
    </section>
  );
}

/** The moment's count: asked now, then every MOMENT_POLL_MS while the page is visible (304 when unchanged). */
function useMomentCount(momentId: number): [number | undefined, (count: number) => void] {
  const [count, setCount] = useState<number>();
  useEffect(() => {
    let etag: string | undefined;
    let stopped = false;
    const ask = async () => {
      if (document.visibilityState !== 'visible') return;
      const answer = await pollMomentCount(momentId, etag);
      if (stopped || !answer) return;
      etag = answer.etag;
      setCount(answer.count);
    };
    void ask();
    const timer = setInterval(ask, MOMENT_POLL_MS);
    const onVisible = () => void ask();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [momentId]);
  return [count, setCount];
}

function MomentItem({
  moment,
  campaign,
  assets,
  organization,
}: {
  moment: SupporterMoment;
  campaign: MomentPanelProps['campaign'];
  assets: SupporterAsset[];
  organization: MomentPanelProps['organization'];
}) {
  const { t, i18n } = useLingui();
  const uid = useId();
  const [count, setCount] = useMomentCount(moment.id);
  const [committed, setCommitted] = useState(() => rememberedCommitment(moment.id) !== null);
  const [joining, setJoining] = useState(false);
  const [reminded, setReminded] = useState<{ email?: string; push: boolean }>();
  const [choice, setChoice] = useState<ReminderChoice>(NO_REMINDER);
  const [consentError, setConsentError] = useState<string>();
  const [assetId, setAssetId] = useState(moment.assetId ?? assets[0]?.id);
  const [sending, setSending] = useState(false);
  const channels = useReminderChannels(organization.collectInfo);

  const at = new Date(moment.at);
  const day = new Intl.DateTimeFormat(i18n.locale, {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat(i18n.locale, { hour: 'numeric', minute: '2-digit' }).format(at);
  // Everyone else who committed: the caller is not one of their own "others".
  const others = Math.max(0, (count ?? 0) - (committed ? 1 : 0));
  const platform = moment.platform === 'any' ? undefined : platformLabel(i18n, moment.platform);
  const email = reminded?.email;
  const asset = assets.find((a) => a.id === (moment.assetId ?? assetId));

  const join = async (e: React.FormEvent) => {
    e.preventDefault();
    if (choice.email.trim() && !choice.consent)
      return setConsentError(t`Please agree to receive the reminder email`);
    setConsentError(undefined);
    setSending(true);
    try {
      const reminder = await reminderRequest(choice);
      const result = await commitToMoment(moment.id, {
        ...(reminder && { reminder }),
        ...(moment.assetId === null && asset && { assetId: asset.id }),
        ...(asset && { text: composeShareText(asset, campaign) }),
        ref: newRefCode(),
        timeZone: browserTimeZone(),
        ...(campaign.language && { language: campaign.language }),
      });
      rememberCommitment(moment.id, result.shareId);
      setCount(result.count);
      setCommitted(true);
      setReminded(reminder && { email: reminder.email, push: Boolean(reminder.push) });
      setJoining(false);
    } catch (err) {
      toastError(t`Could not join the moment`, err, t`Please try again.`);
    } finally {
      setSending(false);
    }
  };

  return (
    <li className="space-y-2" aria-label={t`Moment on ${day} at ${time}`}>
      <p className="font-medium" aria-live="polite">
        {committed ? (
          <Plural
            value={others}
            _0={`You're in: you post on ${day} at ${time}`}
            one={`You're in: you and # other post on ${day} at ${time}`}
            other={`You're in: you and # others post on ${day} at ${time}`}
          />
        ) : (
          <Plural
            value={others}
            _0={`Be the first: post on ${day} at ${time}`}
            one={`Post with # other on ${day} at ${time}`}
            other={`Post with # others on ${day} at ${time}`}
          />
        )}
      </p>
      {platform && (
        <p className="text-sm text-muted-foreground">
          <Trans>On {platform}</Trans>
        </p>
      )}
      {committed && email && (
        <p className="text-sm" role="status">
          <Trans>
            We will email a reminder to {email} at that time. If this address has not had reminders from this
            organization before, we first email it a link to confirm: the reminder comes only once you have
            confirmed.
          </Trans>
        </p>
      )}
      {committed && reminded?.push && (
        <p className="text-sm">
          <Trans>This browser will remind you at that time.</Trans>
        </p>
      )}
      {!committed && !joining && (
        <Button type="button" onClick={() => setJoining(true)}>
          <Trans>Join</Trans>
        </Button>
      )}
      {!committed && joining && (
        <form onSubmit={join} noValidate className="space-y-3" aria-label={t`Join the moment`}>
          {moment.assetId === null && assets.length > 1 && (
            <SelectField
              id={`${uid}-asset`}
              label={t`What you will post`}
              value={assetId}
              onChange={(e) => setAssetId(Number(e.target.value))}
            >
              {assets.map((a) => (
                <option key={a.id} value={a.id}>
                  {composeShareText(a, campaign).slice(0, 80)}
                </option>
              ))}
            </SelectField>
          )}
          <ReminderFields
            organizationName={organization.name}
            channels={channels}
            value={choice}
            errors={consentError ? { consent: { type: 'custom', message: consentError } } : {}}
            onChange={setChoice}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={sending}>
              {sending ? t`Joining...` : t`Join this moment`}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setJoining(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
