import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useState } from 'react';
import { heldCounts, type SupporterDataExport, supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TitledDialog } from '#client/components/ui/dialog.tsx';
import { apiRequest, hasErrorCode } from '#client/lib/api-client.ts';
import { saveFile } from '#client/lib/save-file.ts';
import { currentVisitorCookieState } from './privacy-notice.tsx';
import { sharedWords } from '../lib/words.ts';

const MY_DATA = '/api/supporter/my-data';

type Step = 'view' | 'confirm' | 'erased';

/**
 * A browser without the cookie (its choice, or Global Privacy Control) is linked to
 * nothing: what it did with the cookie before can no longer be found from here.
 */
const NO_COOKIE_NOTE = msg`This browser shares without a cookie, so nothing Rally keeps is linked to it. Anything it shared earlier with the cookie is no longer linked to it either: to see or erase it, ask the organisation, who can find it from a share link, your name or your email address.`;

/** What Rally holds about this browser, its download and its erasure (GET and DELETE /api/supporter/my-data). */
export default function MyDataDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const day = (iso: string) => new Date(iso).toLocaleString(i18n.locale);
  const [data, setData] = useState<SupporterDataExport | null>(null);
  const [error, setError] = useState('');
  const [step, setStep] = useState<Step>('view');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      apiRequest<unknown>('GET', MY_DATA)
        .then((d) => setData(supporterDataExportSchema.parse(d)))
        .catch(() => setError(t`Your data could not be loaded. Please try again.`)),
    [t],
  );
  useEffect(() => void load(), [load]);

  const erase = async () => {
    setBusy(true);
    setError('');
    try {
      await apiRequest('DELETE', MY_DATA);
      setStep('erased');
    } catch (err) {
      if (hasErrorCode(err, 'NO_DATA_HELD')) {
        // Erased meanwhile (another tab), or never held: say so, and show what is held now.
        setStep('view');
        setError(t`Rally held nothing about this browser any more: there was nothing to erase.`);
        void load();
      } else setError(t`Your data could not be erased. Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  const download = () =>
    data &&
    saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'rally-my-data.json');

  // Every section of the export counts (visits and figures too), not only the ones listed below.
  const held = data ? heldCounts(data) : [];
  const empty = held.length === 0;

  return (
    <TitledDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`My data`}
      description={t`What Rally holds about this browser, on this site: your shares, scheduled shares, reminders, the links you shared, your visits and the figures that count you.`}
    >
      {step === 'erased' ? (
        <p role="status" className="text-sm">
          <Trans>
            Your data is erased: your names, messages, reminder addresses and browser id are gone, and this
            browser starts afresh. Your shares still count in the campaigns' figures, anonymously.
          </Trans>
        </p>
      ) : !data ? (
        <p className="text-sm">{error || t`Loading…`}</p>
      ) : (
        <div className="grid gap-3 text-sm">
          {empty ? (
            <>
              <p>
                <Trans>Rally holds nothing about this browser.</Trans>
              </p>
              {currentVisitorCookieState() !== 'cookie' && <p>{i18n._(NO_COOKIE_NOTE)}</p>}
            </>
          ) : (
            <>
              <Section
                title={t`What Rally holds`}
                items={held.map((h) => sharedWords(i18n, h.words, { count: h.count }))}
              />
              <Section
                title={t`Shares`}
                items={data.shares.map((s) => {
                  const campaign = s.campaign.name;
                  const platform = s.platform;
                  const when = day(s.createdAt);
                  const name = s.name;
                  return name
                    ? t`${campaign} on ${platform}, ${when}, as ${name}`
                    : t`${campaign} on ${platform}, ${when}`;
                })}
              />
              <Section
                title={t`Scheduled shares`}
                items={data.scheduledShares.map((s) => {
                  const campaign = s.campaign.name;
                  const platform = s.platform;
                  const when = day(s.scheduledFor ?? s.createdAt);
                  return t`${campaign} on ${platform}, for ${when}`;
                })}
              />
              <Section
                title={t`Reminder addresses`}
                items={data.reminders.map((r) => {
                  const address = r.address ?? t`A browser reminder`;
                  const campaign = r.campaign.name;
                  const when = day(r.dueAt);
                  return t`${address} for ${campaign}, ${when}`;
                })}
              />
              <Section
                title={t`Links you shared`}
                items={data.referralLinks.map((l) => {
                  const campaign = l.campaign.name;
                  const visits = l.clickThroughs;
                  const shares = l.sharesThroughIt;
                  return t`${campaign}: ${visits} visit(s), ${shares} share(s) through it`;
                })}
              />
            </>
          )}
          {error && (
            <p role="alert" className="text-destructive">
              {error}
            </p>
          )}
          {step === 'confirm' ? (
            <div className="grid gap-2 rounded-md border border-border p-3">
              <p>
                <Trans>
                  Erase everything Rally holds about this browser? This cannot be undone. Your shares still
                  count, anonymously.
                </Trans>
              </p>
              <div className="flex gap-2">
                <Button variant="destructive" disabled={busy} onClick={erase}>
                  <Trans>Yes, erase my data</Trans>
                </Button>
                <Button variant="outline" disabled={busy} onClick={() => setStep('view')}>
                  <Trans>Cancel</Trans>
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={download}>
                <Trans>Download my data</Trans>
              </Button>
              {!empty && (
                <Button variant="destructive" onClick={() => setStep('confirm')}>
                  <Trans>Erase my data</Trans>
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </TitledDialog>
  );
}

function Section({ title, items }: { title: string; items: string[] }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-medium">
        {title}
      </h3>
      <ul className="list-disc ps-5">
        {items.map((item, i) => (
          <li key={`${i}:${item}`} dir="auto">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
