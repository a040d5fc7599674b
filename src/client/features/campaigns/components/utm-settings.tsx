import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { type Campaign, utmValueField } from '#shared/schemas/campaigns.ts';
import { UTM_DEFAULT_MEDIUM, utmSlug, withUtm } from '#shared/utm.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { InputField } from '#client/components/ui/form-field.tsx';
import { Checkbox } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';

type UtmCampaign = Pick<Campaign, 'id' | 'name' | 'utmEnabled' | 'utmMedium' | 'utmCampaign'>;

/** A field's message, or undefined when the value may be saved. */
const problem = (value: string) => {
  const checked = utmValueField.safeParse(value);
  return checked.success ? undefined : checked.error.issues[0]?.message;
};

/**
 * 'UTM tags': what the campaign's tracked links carry for the organisation's own
 * analytics, `utm_source` (the platform), `utm_medium` and `utm_campaign`; on by default,
 * each value blank for its default. Editors change them; others read them.
 */
export function UtmSettings({ campaign, editable }: { campaign: UtmCampaign; editable: boolean }) {
  const { t } = useLingui();
  const ids = { enabled: useId(), medium: useId(), campaign: useId() };
  const [enabled, setEnabled] = useState(Boolean(campaign.utmEnabled));
  const [medium, setMedium] = useState(campaign.utmMedium ?? '');
  const [value, setValue] = useState(campaign.utmCampaign ?? '');
  const update = useUpdateCampaign(campaign.id);
  const errors = { medium: problem(medium), campaign: problem(value) };
  const tags = {
    medium: medium.trim() || UTM_DEFAULT_MEDIUM,
    campaign: value.trim() || utmSlug(campaign.name),
  };
  const defaultMedium = UTM_DEFAULT_MEDIUM;
  const slug = utmSlug(campaign.name);
  const example = withUtm(`…/supporter/${campaign.id}?ref=…`, enabled ? tags : null, 'facebook');

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (errors.medium || errors.campaign) return;
    update.mutate(
      { utmEnabled: enabled, utmMedium: medium.trim() || null, utmCampaign: value.trim() || null },
      {
        onSuccess: () =>
          toast({ title: t`UTM tags saved`, description: t`New shares carry them from now on.` }),
        onError: (err) => toastError(t`UTM tags not saved`, err, t`Please try again.`),
      },
    );
  };

  return (
    <SectionCard
      title={t`UTM tags`}
      description={t`Added to every link supporters share, so your website's analytics can tell where visits came from: utm_source is the platform, then the medium and campaign below.`}
    >
      <form onSubmit={save} noValidate className="space-y-4" aria-label={t`UTM tags`}>
        <div className="flex items-center gap-2">
          <Checkbox id={ids.enabled} checked={enabled} onCheckedChange={setEnabled} disabled={!editable} />
          <Label htmlFor={ids.enabled}>
            <Trans>Add UTM tags to shared links</Trans>
          </Label>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={ids.medium}
            label="utm_medium"
            value={medium}
            placeholder={UTM_DEFAULT_MEDIUM}
            error={errors.medium}
            help={t`Blank: ${defaultMedium}`}
            disabled={!editable || !enabled}
            onChange={(e) => setMedium(e.target.value)}
          />
          <InputField
            id={ids.campaign}
            label="utm_campaign"
            value={value}
            placeholder={utmSlug(campaign.name)}
            error={errors.campaign}
            help={t`Blank: ${slug}, from the campaign name`}
            disabled={!editable || !enabled}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <p className="break-all text-xs text-muted-foreground">
          <Trans>
            A link shared on Facebook: <code dir="ltr">{example}</code>
          </Trans>
        </p>
        {editable && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t`Saving...` : t`Save UTM tags`}
          </Button>
        )}
      </form>
    </SectionCard>
  );
}
