import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2Icon, CircleIcon, ExternalLinkIcon, XIcon } from 'lucide-react';
import { effectiveStatus } from '#shared/campaign-lifecycle.ts';
import { supporterUrl } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { useAssets } from '#client/features/assets/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import { useRole } from '#client/features/organization/index.ts';
import { markFirstRun, useFirstRunEvents } from '#client/lib/first-run.ts';
import { cn } from '#client/lib/utils.ts';

interface Step {
  id: string;
  label: string;
  done: boolean;
  hint: React.ReactNode;
}

/**
 * Four steps to a first share, shown to editors until every step is done or the
 * checklist is hidden. A campaign and an asset are read from the organisation's
 * data; copying the link and opening the supporter page are recorded for the member
 * on the server (lib/first-run.ts), as is hiding the checklist.
 */
export function FirstRunChecklist({ orgId }: { orgId: number | null }) {
  const canEdit = useRole().can('editor');
  const campaigns = useCampaigns(orgId, { status: 'all' });
  const assets = useAssets(orgId);
  const events = useFirstRunEvents(orgId);
  const { t } = useLingui();
  if (!orgId || !canEdit || !events || events.dismissed || !campaigns.data || !assets.data) return null;

  // The page a supporter can open: a live campaign that has something to share.
  const withAssets = new Set(assets.data.map((a) => a.campaignId));
  const live = campaigns.data.filter((c) => effectiveStatus(c) === 'active');
  const openable = live.find((c) => withAssets.has(c.id)) ?? live[0];

  const steps: Step[] = [
    {
      id: 'campaign',
      label: t`Create a campaign`,
      done: campaigns.data.length > 0,
      hint: t`Press New Campaign and give it a name.`,
    },
    {
      id: 'asset',
      label: t`Add an asset`,
      done: assets.data.length > 0,
      hint: t`Open a campaign below and press Add Asset: an image, a video or a text to share.`,
    },
    {
      id: 'link',
      label: t`Copy the link`,
      done: Boolean(events.linkCopied),
      hint: t`Press Copy Share Link on a campaign: that link is what you send to supporters.`,
    },
    {
      id: 'open',
      label: t`Open it as a supporter`,
      done: Boolean(events.supporterOpened),
      hint: openable ? (
        <a
          href={supporterUrl(window.location.origin, openable.id)}
          target="_blank"
          rel="noopener"
          onClick={() => markFirstRun(orgId, 'supporterOpened')}
          className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2"
        >
          <OpenSupporterPage name={openable.name} />
          <ExternalLinkIcon aria-hidden className="size-3.5 rtl:-scale-x-100" />
          <span className="sr-only">
            <Trans>(opens in a new tab)</Trans>
          </span>
        </a>
      ) : (
        t`Publish a campaign first: its supporter page opens once it is live.`
      ),
    },
  ];
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;
  if (done === steps.length) return null;

  return (
    <Card aria-labelledby="first-run-heading" role="region" data-testid="first-run-checklist">
      <CardHeader className="flex-row items-start justify-between gap-3 pb-3">
        <div>
          <h2 id="first-run-heading" className="text-lg font-semibold">
            <Trans>Get your first campaign shared</Trans>
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            <Trans>
              {done} of {total} done
            </Trans>
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t`Hide the getting started checklist`}
          onClick={() => markFirstRun(orgId, 'dismissed')}
        >
          <XIcon aria-hidden />
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((s) => (
            <li
              key={s.id}
              data-step={s.id}
              data-done={s.done}
              className={cn(
                'flex gap-2 rounded-md border p-3 text-sm',
                s.done ? 'border-emerald-200 bg-emerald-50' : 'border-border',
              )}
            >
              {s.done ? (
                <CheckCircle2Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
              ) : (
                <CircleIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              )}
              <div className="min-w-0 space-y-1">
                <p className="font-medium">
                  {s.label}
                  <span className="sr-only">{s.done ? t` (done)` : t` (to do)`}</span>
                </p>
                {!s.done && <p className="text-muted-foreground">{s.hint}</p>}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function OpenSupporterPage({ name }: { name: string }) {
  return (
    <Trans>
      Open the supporter page of <bdi>{name}</bdi>
    </Trans>
  );
}
