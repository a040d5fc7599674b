import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { REASON_MAX, type SupporterMatch } from '#shared/schemas/privacy-requests.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { ConfirmWithField } from '#client/components/ui/confirm-with-field.tsx';
import { Form, InputField, SelectField } from '#client/components/ui/form-field.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import {
  type SearchBy,
  supporterExportUrl,
  useEraseSupporter,
  useSupporterSearch,
} from '../api/data-requests.ts';
import { useRole } from '../hooks/use-role.ts';

// The Privacy tab's "Data requests" (admins): find a supporter who asked for their data,
// download it (JSON, CSV) or erase it with a reason; each request is in the activity log.

const WAYS: [SearchBy, MessageDescriptor, MessageDescriptor][] = [
  ['name', msg`Name they gave`, msg`e.g. Ada Lovelace`],
  ['email', msg`Reminder email address`, msg`e.g. ada@example.org`],
  ['ref', msg`Share link`, msg`e.g. https://…/supporter/12?ref=…`],
];

/** Mounted in the Privacy tab; only admins see it (the server refuses everyone else). */
export function DataRequests() {
  const { can } = useRole();
  const { t } = useLingui();
  if (!can('admin')) return null;
  return (
    <SectionCard
      title={t`Data requests`}
      description={t`When a supporter asks what Rally holds about them, or asks for it to be erased: find them here, download their data, or erase it. Totals and charts stay the same after an erasure.`}
      contentClassName="space-y-4"
    >
      <SupporterFinder />
    </SectionCard>
  );
}

function SupporterFinder() {
  const [by, setBy] = useState<SearchBy>('name');
  const [value, setValue] = useState('');
  const [search, setSearch] = useState<{ by: SearchBy; value: string } | null>(null);
  const way = WAYS.find(([w]) => w === by) ?? WAYS[0];
  const { t, i18n } = useLingui();
  return (
    <>
      <Form
        aria-label={t`Find a supporter`}
        className="grid gap-4 sm:grid-cols-[14rem_1fr_auto] sm:items-end"
        onSubmit={() => {
          if (value.trim()) setSearch({ by, value: value.trim() });
        }}
      >
        <SelectField
          id="data-request-by"
          label={t`Find by`}
          value={by}
          onChange={(e) => setBy(e.target.value as SearchBy)}
        >
          {WAYS.map(([w, label]) => (
            <option key={w} value={w}>
              {i18n._(label)}
            </option>
          ))}
        </SelectField>
        <InputField
          id="data-request-value"
          label={i18n._(way[1])}
          placeholder={i18n._(way[2])}
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit">
          <Search aria-hidden /> <Trans>Find</Trans>
        </Button>
      </Form>
      {search && <Matches search={search} />}
    </>
  );
}

function Matches({ search }: { search: { by: SearchBy; value: string } }) {
  const { t } = useLingui();
  return (
    <QueryView
      query={useSupporterSearch(search)}
      loading={t`Looking for the supporter`}
      failed={t`The search failed.`}
      empty={t`No supporter of your organization matches.`}
    >
      {(matches) => (
        <ul aria-label={t`Matching supporters`} className="divide-y divide-border">
          {matches.map((m, i) => (
            <MatchRow key={m.key} match={m} n={i + 1} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function MatchRow({ match, n }: { match: SupporterMatch; n: number }) {
  const { t, i18n } = useLingui();
  const name = t`Supporter ${n}`;
  const day = (iso: string | null) => (iso ? i18n.date(iso, { dateStyle: 'medium' }) : '–');
  const first = day(match.firstShareAt);
  const last = day(match.lastShareAt);
  const shareCount = match.shares;
  const campaignCount = match.campaigns;
  const shares = plural(shareCount, { one: '# share', other: '# shares' });
  const campaigns = plural(campaignCount, { one: '# campaign', other: '# campaigns' });
  return (
    <li aria-label={name} className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="space-y-0.5 text-sm">
        <p className="font-medium">{name}</p>
        <p className="text-muted-foreground">
          {t`${shares} in ${campaigns}, ${first} to ${last}`}
          {match.reminderAddress && (
            <>
              {' · '}
              <Trans>a reminder address</Trans>
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {(['json', 'csv'] as const).map((f) => (
          <Button key={f} asChild variant="outline" size="sm">
            <a href={supporterExportUrl(match.key, f)} download>
              <Download aria-hidden /> {f === 'json' ? t`Download JSON` : t`Download CSV`}
            </a>
          </Button>
        ))}
        <EraseSupporter match={match} name={name} />
      </div>
    </li>
  );
}

function EraseSupporter({ match, name }: { match: SupporterMatch; name: string }) {
  const erase = useEraseSupporter();
  const { t } = useLingui();
  const confirm = async (reason: string) => {
    const { rows } = await erase.mutateAsync({ key: match.key, reason });
    toast({
      title: t`Supporter data erased`,
      // English says "records" for one too, as it always has; other languages need their plural forms.
      description: plural(rows, {
        one: '# records changed. The activity log keeps the request and its reason.',
        other: '# records changed. The activity log keeps the request and its reason.',
      }),
      variant: 'success',
    });
  };
  return (
    <ConfirmWithField
      trigger={
        <Button variant="destructive" size="sm">
          <Trash2 aria-hidden /> <Trans>Erase</Trans>
        </Button>
      }
      title={t`Erase ${name}'s data?`}
      description={
        <p>
          <Trans>
            Their names, messages, reminder addresses and visitor ids go from every share, visit and figure;
            the counts stay. This cannot be undone.
          </Trans>
        </p>
      }
      field={{
        id: `erase-reason-${match.key.slice(0, 12)}`,
        label: t`Reason`,
        help: t`Kept in the activity log. Do not write the person's name or address.`,
        maxLength: REASON_MAX,
      }}
      confirmLabel={t`Erase`}
      pendingLabel={t`Erasing…`}
      failed={t`The data could not be erased`}
      onConfirm={confirm}
    />
  );
}
