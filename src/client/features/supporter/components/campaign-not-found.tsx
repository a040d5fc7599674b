import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeftIcon } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useElsewhere } from '../api/get-elsewhere.ts';

/**
 * The supporter 404 with a way forward: 'Go Back' to the previous page; for a campaign
 * that was archived, the organisation's campaigns open now (where 'Go Back' leads when
 * the link opened the tab, as a shared link often does); otherwise a plain word on what
 * to do.
 */
export function CampaignNotFound({ campaignId }: { campaignId?: number }) {
  const { t } = useLingui();
  const { data } = useElsewhere(campaignId);
  const org = data?.organization;
  const organization = org?.name;
  const elsewhere = useRef<HTMLHeadingElement>(null);
  const others = org && data.campaigns.length > 0;
  const hasPrevious = history.length > 1;
  const goBack = () => {
    if (hasPrevious) history.back();
    else {
      elsewhere.current?.scrollIntoView({ block: 'start' });
      elsewhere.current?.focus();
    }
  };
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Campaign Not Found</Trans>
      </h1>
      <p className="max-w-md text-muted-foreground">
        <Trans>Sorry, the campaign you are looking for does not exist or has been removed.</Trans>
      </p>
      {(hasPrevious || others) && (
        <Button variant="outline" onClick={goBack}>
          <ArrowLeftIcon aria-hidden className="rtl:-scale-x-100" /> {t`Go Back`}
        </Button>
      )}
      {org ? (
        others ? (
          <section aria-labelledby="elsewhere-h" className="w-full max-w-md space-y-3 text-start">
            <h2 id="elsewhere-h" ref={elsewhere} tabIndex={-1} className="text-center font-semibold">
              <Trans>{organization} has other campaigns you can support</Trans>
            </h2>
            <ul className="space-y-2">
              {data.campaigns.map((c) => (
                <li key={c.id}>
                  {/* A new document: the server sends that page with its campaign in the HTML. */}
                  <a
                    href={`/supporter/${c.id}`}
                    className="block rounded-lg border border-border bg-white p-4 hover:border-primary"
                  >
                    <span
                      dir="auto"
                      className="block font-semibold text-primary underline-offset-2 hover:underline"
                    >
                      {c.name}
                    </span>
                    {c.description && (
                      <span dir="auto" className="block text-sm text-muted-foreground">
                        {c.description}
                      </span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="max-w-md">
            <Trans>{organization} has no other campaign open right now. Thank you for wanting to help!</Trans>
          </p>
        )
      ) : (
        <p className="max-w-md" data-testid="not-found-help">
          <Trans>
            The link may be mistyped or out of date. If someone sent it to you, ask them for the current link
            to the campaign.
          </Trans>
        </p>
      )}
    </main>
  );
}
