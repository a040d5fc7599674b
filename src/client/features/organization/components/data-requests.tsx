import { format, parseISO } from 'date-fns';
import { Download, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DATE_FORMAT } from '#shared/constants.ts';
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

const WAYS: [SearchBy, string, string][] = [
  ['name', 'Name they gave', 'e.g. Ada Lovelace'],
  ['email', 'Reminder email address', 'e.g. ada@example.org'],
  ['ref', 'Share link', 'e.g. https://…/supporter/12?ref=…'],
];

const day = (iso: string | null) => (iso ? format(parseISO(iso), DATE_FORMAT) : '–');

/** Mounted in the Privacy tab; only admins see it (the server refuses everyone else). */
export function DataRequests() {
  const { can } = useRole();
  if (!can('admin')) return null;
  return (
    <SectionCard
      title="Data requests"
      description="When a supporter asks what Rally holds about them, or asks for it to be erased: find them here, download their data, or erase it. Totals and charts stay the same after an erasure."
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
  return (
    <>
      <Form
        aria-label="Find a supporter"
        className="grid gap-4 sm:grid-cols-[14rem_1fr_auto] sm:items-end"
        onSubmit={() => {
          if (value.trim()) setSearch({ by, value: value.trim() });
        }}
      >
        <SelectField
          id="data-request-by"
          label="Find by"
          value={by}
          onChange={(e) => setBy(e.target.value as SearchBy)}
        >
          {WAYS.map(([w, label]) => (
            <option key={w} value={w}>
              {label}
            </option>
          ))}
        </SelectField>
        <InputField
          id="data-request-value"
          label={way[1]}
          placeholder={way[2]}
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit">
          <Search aria-hidden /> Find
        </Button>
      </Form>
      {search && <Matches search={search} />}
    </>
  );
}

function Matches({ search }: { search: { by: SearchBy; value: string } }) {
  return (
    <QueryView
      query={useSupporterSearch(search)}
      loading="Looking for the supporter"
      failed="The search failed."
      empty="No supporter of your organization matches."
    >
      {(matches) => (
        <ul aria-label="Matching supporters" className="divide-y divide-border">
          {matches.map((m, i) => (
            <MatchRow key={m.key} match={m} n={i + 1} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function MatchRow({ match, n }: { match: SupporterMatch; n: number }) {
  const name = `Supporter ${n}`;
  return (
    <li aria-label={name} className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="space-y-0.5 text-sm">
        <p className="font-medium">{name}</p>
        <p className="text-muted-foreground">
          {match.shares} {match.shares === 1 ? 'share' : 'shares'} in {match.campaigns}{' '}
          {match.campaigns === 1 ? 'campaign' : 'campaigns'}, {day(match.firstShareAt)} to{' '}
          {day(match.lastShareAt)}
          {match.reminderAddress && ' · a reminder address'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {(['json', 'csv'] as const).map((f) => (
          <Button key={f} asChild variant="outline" size="sm">
            <a href={supporterExportUrl(match.key, f)} download>
              <Download aria-hidden /> Download {f.toUpperCase()}
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
  const confirm = async (reason: string) => {
    const done = await erase.mutateAsync({ key: match.key, reason });
    toast({
      title: 'Supporter data erased',
      description: `${done.rows} records changed. The activity log keeps the request and its reason.`,
      variant: 'success',
    });
  };
  return (
    <ConfirmWithField
      trigger={
        <Button variant="destructive" size="sm">
          <Trash2 aria-hidden /> Erase
        </Button>
      }
      title={`Erase ${name}'s data?`}
      description={
        <p>
          Their names, messages, reminder addresses and visitor ids go from every share, visit and figure; the
          counts stay. This cannot be undone.
        </p>
      }
      field={{
        id: `erase-reason-${match.key.slice(0, 12)}`,
        label: 'Reason',
        help: "Kept in the activity log. Do not write the person's name or address.",
        maxLength: REASON_MAX,
      }}
      confirmLabel="Erase"
      pendingLabel="Erasing…"
      failed="The data could not be erased"
      onConfirm={confirm}
    />
  );
}
