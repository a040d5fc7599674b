import { useState } from 'react';
import { embedSnippet } from '#shared/embed-card.ts';
import { MAX_EMBED_ORIGINS } from '#shared/schemas/settings.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Select, Textarea } from '#client/components/ui/input.tsx';
import { Options } from '#client/components/ui/options.tsx';
import { RoleLocked } from './role-locked.tsx';
import { WithSettings } from './settings-state.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';

export const SNIPPET_COPIED = { title: 'Snippet copied!', description: "Paste it into your site's HTML" };

/** The campaigns a snippet can be made for; the settings page reads them (campaigns feature). */
export interface EmbedCampaigns {
  list: { id: number; name: string }[];
  loading: boolean;
}

/** The embeddable share card: which sites may show it, and the snippet they paste. */
export function EmbedSettings({ campaigns }: { campaigns: EmbedCampaigns }) {
  return (
    <WithSettings>
      {(settings, canChange) => (
        <>
          <AllowedOriginsForm
            key={settings.embed.allowedOrigins.join('\n')}
            initial={settings.embed.allowedOrigins}
            canChange={canChange}
          />
          <SnippetCard campaigns={campaigns} hasOrigins={settings.embed.allowedOrigins.length > 0} />
        </>
      )}
    </WithSettings>
  );
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function AllowedOriginsForm({ initial, canChange }: { initial: string[]; canChange: boolean }) {
  const [text, setText] = useState(initial.join('\n'));
  const { save, errors, saving } = useSaveSettings();
  const error = Object.values(errors)[0];
  const dirty = linesOf(text).join('\n') !== initial.join('\n');
  const id = 'embed-origins';
  const help = `One per line, up to ${MAX_EMBED_ORIGINS}: https://www.example.org (no path). For a test on your own machine, http://localhost:PORT or http://127.0.0.1:PORT.`;
  return (
    <form
      noValidate
      aria-label="Embed settings"
      onSubmit={(e) => {
        e.preventDefault();
        save({ embed: { allowedOrigins: linesOf(text) } });
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Sites that may show your share card</CardTitle>
          <CardDescription>
            The share card shows a campaign and one-tap share buttons inside your own website. Only the sites
            listed here may show it; with none listed, no site can.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField id={id} label="Allowed sites" error={error} help={help}>
            <Textarea
              {...fieldAria(id, error, help)}
              value={text}
              readOnly={!canChange}
              rows={4}
              spellCheck={false}
              placeholder="https://www.example.org"
              className="font-mono"
              onChange={(e) => setText(e.target.value)}
            />
          </FormField>
          <div className="flex items-center gap-3">
            <RoleLocked needs="admin" label="Save Sites">
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Sites'}
              </Button>
            </RoleLocked>
            {canChange && dirty && <p className="text-sm text-muted-foreground">Unsaved changes</p>}
          </div>
        </CardContent>
      </Card>
    </form>
  );
}

/** Picks a campaign and shows the iframe to paste, with the one copy confirmation. */
function SnippetCard({ campaigns, hasOrigins }: { campaigns: EmbedCampaigns; hasOrigins: boolean }) {
  const [picked, setPicked] = useState<number | null>(null);
  const { list } = campaigns;
  const campaign = list.find((c) => c.id === picked) ?? list[0];
  const snippet = campaign ? embedSnippet(window.location.origin, campaign) : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Snippet</CardTitle>
        <CardDescription>
          Paste this into a page of an allowed site. Draft and archived campaigns do not show.
          {!hasOrigins && ' Add your site above first.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {campaigns.loading ? 'Loading campaigns...' : 'Create a campaign to get its snippet.'}
          </p>
        ) : (
          <>
            <FormField id="embed-campaign" label="Campaign">
              <Select
                id="embed-campaign"
                value={campaign?.id}
                onChange={(e) => setPicked(Number(e.target.value))}
              >
                <Options items={list} value={(c) => c.id} label={(c) => c.name} />
              </Select>
            </FormField>
            <FormField id="embed-snippet" label="Snippet to paste">
              <Textarea
                id="embed-snippet"
                value={snippet}
                readOnly
                rows={3}
                spellCheck={false}
                className="font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
            </FormField>
            <CopyButton type="button" value={snippet} label="Copy Snippet" notice={SNIPPET_COPIED} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
