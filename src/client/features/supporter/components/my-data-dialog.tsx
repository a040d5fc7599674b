import { useCallback, useEffect, useId, useState } from 'react';
import { heldCounts, type SupporterDataExport, supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TitledDialog } from '#client/components/ui/dialog.tsx';
import { apiRequest, hasErrorCode } from '#client/lib/api-client.ts';
import { saveFile } from '#client/lib/save-file.ts';
import { currentVisitorCookieState } from './privacy-notice.tsx';

const MY_DATA = '/api/supporter/my-data';

type Step = 'view' | 'confirm' | 'erased';

/**
 * A browser without the cookie (its choice, or Global Privacy Control) is linked to
 * nothing: what it did with the cookie before can no longer be found from here.
 */
const NO_COOKIE_NOTE =
  'This browser shares without a cookie, so nothing Rally keeps is linked to it. Anything it shared earlier with the cookie is no longer linked to it either: to see or erase it, ask the organisation, who can find it from a share link, your name or your email address.';

const day = (iso: string) => new Date(iso).toLocaleString();

/** What Rally holds about this browser, its download and its erasure (GET and DELETE /api/supporter/my-data). */
export default function MyDataDialog({ onClose }: { onClose: () => void }) {
  const [data, setData] = useState<SupporterDataExport | null>(null);
  const [error, setError] = useState('');
  const [step, setStep] = useState<Step>('view');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      apiRequest<unknown>('GET', MY_DATA)
        .then((d) => setData(supporterDataExportSchema.parse(d)))
        .catch(() => setError('Your data could not be loaded. Please try again.')),
    [],
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
        setError('Rally held nothing about this browser any more: there was nothing to erase.');
        void load();
      } else setError('Your data could not be erased. Please try again.');
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
      title="My data"
      description="What Rally holds about this browser, on this site: your shares, scheduled shares, reminders, the links you shared, your visits and the figures that count you."
    >
      {step === 'erased' ? (
        <p role="status" className="text-sm">
          Your data is erased: your names, messages, reminder addresses and browser id are gone, and this
          browser starts afresh. Your shares still count in the campaigns' figures, anonymously.
        </p>
      ) : !data ? (
        <p className="text-sm">{error || 'Loading…'}</p>
      ) : (
        <div className="grid gap-3 text-sm">
          {empty ? (
            <>
              <p>Rally holds nothing about this browser.</p>
              {currentVisitorCookieState() !== 'cookie' && <p>{NO_COOKIE_NOTE}</p>}
            </>
          ) : (
            <>
              <Section title="What Rally holds" items={held.map((h) => h.words)} />
              <Section
                title="Shares"
                items={data.shares.map(
                  (s) =>
                    `${s.campaign.name} on ${s.platform}, ${day(s.createdAt)}${s.name ? `, as ${s.name}` : ''}`,
                )}
              />
              <Section
                title="Scheduled shares"
                items={data.scheduledShares.map(
                  (s) => `${s.campaign.name} on ${s.platform}, for ${day(s.scheduledFor ?? s.createdAt)}`,
                )}
              />
              <Section
                title="Reminder addresses"
                items={data.reminders.map(
                  (r) => `${r.address ?? 'A browser reminder'} for ${r.campaign.name}, ${day(r.dueAt)}`,
                )}
              />
              <Section
                title="Links you shared"
                items={data.referralLinks.map(
                  (l) =>
                    `${l.campaign.name}: ${l.clickThroughs} visit(s), ${l.sharesThroughIt} share(s) through it`,
                )}
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
                Erase everything Rally holds about this browser? This cannot be undone. Your shares still
                count, anonymously.
              </p>
              <div className="flex gap-2">
                <Button variant="destructive" disabled={busy} onClick={erase}>
                  Yes, erase my data
                </Button>
                <Button variant="outline" disabled={busy} onClick={() => setStep('view')}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={download}>
                Download my data
              </Button>
              {!empty && (
                <Button variant="destructive" onClick={() => setStep('confirm')}>
                  Erase my data
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
      <ul className="list-disc pl-5">
        {items.map((item, i) => (
          <li key={`${i}:${item}`} dir="auto">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
