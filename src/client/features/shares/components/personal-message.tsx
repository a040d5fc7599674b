import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { MAX_PERSONAL_MESSAGE } from '#shared/constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { MESSAGE_TEMPLATES } from '../lib/message-templates.ts';

/** 'Add your personal message' with the four templates that name the campaign and lead into the share text. */
export function PersonalMessage({
  value,
  onChange,
  campaignName,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  campaignName: string;
  label?: string;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label ?? t`Add your personal message`}</Label>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Message templates`}>
        {MESSAGE_TEMPLATES.map((template) => (
          <Button
            key={template.id}
            size="sm"
            variant="outline"
            className="h-8 rounded-full"
            onClick={() => onChange(template.text(campaignName))}
          >
            {i18n._(template.label)}
          </Button>
        ))}
      </div>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        dir="auto"
        placeholder={t`Share why this matters to you...`}
        maxLength={MAX_PERSONAL_MESSAGE}
        aria-describedby={`${id}-hint`}
        rows={3}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        <Trans>Your message comes first in the post, before the campaign's text.</Trans>
      </p>
    </div>
  );
}
