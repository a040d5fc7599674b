import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { DISPLAY_NAME_MAX, supporterProfileInputSchema } from '#shared/schemas/recognition.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox, Input } from '#client/components/ui/input.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useBoard, useOwnProfile, useSaveProfile } from '../api/recognition.ts';
import { BOARD_BOX, FORM_BOX, STAT_BOX, STATS_GRID } from './recognition-layout.ts';

// Recognition on the supporter page (docs/api.md "Recognition"), loaded with its words
// only when My Impact comes into view (recognition-loader.tsx): the people this
// supporter's links brought and their place, the campaign's board of those who chose
// to be named, and the form to choose a name and opt in. Nobody is named unasked.

export default function RecognitionSection({
  campaignId,
  recruits,
  rank,
}: {
  campaignId: number;
  recruits: number | undefined;
  rank: number | null | undefined;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="space-y-4">
      <dl className={STATS_GRID}>
        <div className={STAT_BOX}>
          <dt className="line-clamp-2 text-sm text-muted-foreground">
            <Trans>People your links brought</Trans>
          </dt>
          <dd className="text-3xl font-bold" data-testid="impact-recruits">
            {i18n.number(recruits ?? 0)}
          </dd>
        </div>
        <div className={STAT_BOX}>
          <dt className="line-clamp-2 text-sm text-muted-foreground">
            <Trans>Your place</Trans>
          </dt>
          <dd className="text-3xl font-bold" data-testid="impact-rank">
            {rank ? t`#${i18n.number(rank)}` : '–'}
          </dd>
        </div>
      </dl>
      <Board campaignId={campaignId} />
      <ProfileForm campaignId={campaignId} />
    </div>
  );
}

function Board({ campaignId }: { campaignId: number }) {
  const { i18n } = useLingui();
  const { data } = useBoard(campaignId);
  // Its box keeps its height while the board loads.
  if (!data) return <div className={BOARD_BOX} data-testid="supporter-board-loading" />;
  const empty = data.topSharers.length === 0 && data.topRecruiters.length === 0;
  return (
    <section aria-labelledby="board-h" className={`${BOARD_BOX} space-y-2`} data-testid="supporter-board">
      <h3 id="board-h" className="text-lg font-semibold">
        <Trans>Supporter board</Trans>
      </h3>
      {empty ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Nobody is on the board yet. Add your name below to be the first.</Trans>
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <BoardList
            title={<Trans>Top sharers</Trans>}
            rows={data.topSharers.map((r) => ({ name: r.displayName, figure: i18n.number(r.shares) }))}
          />
          <BoardList
            title={<Trans>Top recruiters</Trans>}
            rows={data.topRecruiters.map((r) => ({ name: r.displayName, figure: i18n.number(r.recruits) }))}
          />
        </div>
      )}
    </section>
  );
}

function BoardList({ title, rows }: { title: React.ReactNode; rows: { name: string; figure: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="rounded-lg border border-border bg-white p-3">
      <h4 className="mb-1 text-sm font-semibold">{title}</h4>
      <ol className="space-y-1 text-sm">
        {rows.map((r, i) => (
          // Names may repeat: the place is part of the key.
          <li key={`${i}-${r.name}`} className="flex justify-between gap-2">
            <span className="truncate">
              {i + 1}. {r.name}
            </span>
            <span className="font-semibold tabular-nums">{r.figure}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function ProfileForm({ campaignId }: { campaignId: number }) {
  const { t } = useLingui();
  const id = useId();
  const own = useOwnProfile(campaignId);
  const save = useSaveProfile(campaignId);
  const [name, setName] = useState('');
  const [onBoard, setOnBoard] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!own.data) return;
    setName(own.data.displayName ?? '');
    setOnBoard(own.data.onBoard);
  }, [own.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const checked = supporterProfileInputSchema.safeParse({ displayName: name, onBoard });
    if (!checked.success) {
      setProblem(t`Your name needs 2 to ${DISPLAY_NAME_MAX} characters.`);
      return;
    }
    setProblem(null);
    save.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (err) => setProblem(errorMessage(err, t`Your name could not be saved. Please try again.`)),
    });
  };

  return (
    <form onSubmit={submit} className={FORM_BOX} noValidate>
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          <Trans>Your name on the board</Trans>
        </label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={DISPLAY_NAME_MAX}
          autoComplete="nickname"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-board`} checked={onBoard} onCheckedChange={setOnBoard} />
        <label htmlFor={`${id}-board`} className="text-sm">
          <Trans>Show me on the supporter board</Trans>
        </label>
      </div>
      <p className="text-xs text-muted-foreground">
        <Trans>You stay anonymous unless you tick this. You can change it at any time.</Trans>
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm text-green-700">
          <Trans>Saved.</Trans>
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
