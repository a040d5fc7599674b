import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { WEBHOOK_EVENTS, type WebhookEvent } from '#shared/schemas/webhooks.ts';
import { CheckLine } from '#client/components/ui/check-line.tsx';
import { FieldMessage } from '#client/components/ui/form-field.tsx';

// The events an endpoint receives, as checkboxes in groups of what they are about.
// The event's type (share.created) is what the receiver reads, so it shows beside its words.

const EVENT_WORDS: Record<WebhookEvent, MessageDescriptor> = {
  'share.created': msg`A supporter shared a post`,
  'share.scheduled': msg`A supporter scheduled a share`,
  'click.confirmed': msg`Someone opened a shared link`,
  'reminder.sent': msg`A share reminder was sent`,
  'campaign.published': msg`A campaign was published`,
  'campaign.paused': msg`A campaign was paused`,
  'campaign.ended': msg`A campaign ended`,
  'campaign.archived': msg`A campaign was archived`,
  'asset.created': msg`An asset was added`,
  'asset.updated': msg`An asset was changed`,
  'member.joined': msg`A member joined the team`,
  'member.removed': msg`A member left or was removed`,
};

const GROUPS: { legend: MessageDescriptor; events: WebhookEvent[] }[] = [
  { legend: msg`Sharing`, events: ['share.created', 'share.scheduled', 'click.confirmed', 'reminder.sent'] },
  {
    legend: msg`Campaigns`,
    events: ['campaign.published', 'campaign.paused', 'campaign.ended', 'campaign.archived'],
  },
  { legend: msg`Assets`, events: ['asset.created', 'asset.updated'] },
  { legend: msg`Team`, events: ['member.joined', 'member.removed'] },
];

/** An event's words in the reader's language (the delivery log shows `ping` too). */
export function eventWords(i18n: { _: (d: MessageDescriptor) => string }, type: string): string | null {
  return type in EVENT_WORDS ? i18n._(EVENT_WORDS[type as WebhookEvent]) : null;
}

/** The event checkboxes of the endpoint form; `value` keeps WEBHOOK_EVENTS' order. */
export function WebhookEventChoices({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (events: WebhookEvent[]) => void;
  error?: string;
}) {
  const { t, i18n } = useLingui();
  const chosen = new Set(value);
  const set = (event: WebhookEvent, on: boolean) => {
    if (on) chosen.add(event);
    else chosen.delete(event);
    onChange(WEBHOOK_EVENTS.filter((e) => chosen.has(e)));
  };
  const all = WEBHOOK_EVENTS.every((e) => chosen.has(e));
  return (
    <fieldset
      className="space-y-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'webhook-events-error' : undefined}
    >
      <legend className="text-sm font-medium">{t`Events`}</legend>
      <CheckLine
        id="webhook-events-all"
        checked={all}
        onChange={(on) => onChange(on ? [...WEBHOOK_EVENTS] : [])}
      >
        {t`All events`}
      </CheckLine>
      <div className="grid gap-4 sm:grid-cols-2">
        {GROUPS.map((group) => (
          <fieldset key={group.legend.id} className="space-y-1.5">
            <legend className="text-xs font-semibold uppercase text-muted-foreground">
              {i18n._(group.legend)}
            </legend>
            {group.events.map((event) => (
              <CheckLine
                key={event}
                id={`webhook-event-${event}`}
                checked={chosen.has(event)}
                onChange={(on) => set(event, on)}
              >
                {i18n._(EVENT_WORDS[event])}{' '}
                <code className="block font-mono text-xs text-muted-foreground" dir="ltr">
                  {event}
                </code>
              </CheckLine>
            ))}
          </fieldset>
        ))}
      </div>
      <FieldMessage id="webhook-events-error" message={error} />
    </fieldset>
  );
}
