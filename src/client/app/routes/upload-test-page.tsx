import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2Icon, RotateCcwIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TEST_CAMPAIGN_DAYS } from '#shared/constants.ts';
import type { Asset, UploadedFile } from '#shared/schemas/assets.ts';
import { type Campaign, campaignNameField } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { creationFailure } from '#client/lib/creation-error.ts';
import { AssetMedia } from '#client/components/asset-media.tsx';
import { FileUploadField, useCreateAsset, useFileUpload } from '#client/features/assets/index.ts';
import { useUser } from '#client/features/auth/index.ts';
import { useCreateCampaign } from '#client/features/campaigns/index.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useServerInfo } from '#client/lib/server-info.ts';
import NotFoundPage from './not-found-page.tsx';
import { DAY_MS } from '#shared/durations.ts';

const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });
const DEFAULT_NAME = msg`Upload Test Campaign`;
const DEFAULT_TITLE = msg`Uploaded asset`;

/** /upload-test exists only on a server running with DEV_TOOLS=1; otherwise it is the 404 page. */
export default function UploadTestRoute() {
  const info = useServerInfo();
  if (info.isPending)
    return (
      <div className="flex justify-center p-10">
        <Spinner />
      </div>
    );
  return info.data?.devTools ? <UploadTestPage /> : <NotFoundPage />;
}

/** 1. create a campaign (30 days from now), 2. upload a file and make it an asset. */
function UploadTestPage() {
  const { data: user } = useUser();
  const createCampaign = useCreateCampaign();
  const createAsset = useCreateAsset();
  const flow = useFileUpload();
  const { i18n, t } = useLingui();
  const days = TEST_CAMPAIGN_DAYS;

  const [name, setName] = useState(() => i18n._(DEFAULT_NAME));
  const [nameError, setNameError] = useState<string>();
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [title, setTitle] = useState(() => i18n._(DEFAULT_TITLE));
  const [asset, setAsset] = useState<Asset | null>(null);

  const reset = () => {
    setName(i18n._(DEFAULT_NAME));
    setNameError(undefined);
    setCampaign(null);
    setUploaded(null);
    setTitle(i18n._(DEFAULT_TITLE));
    setAsset(null);
    flow.clear();
  };

  const submitCampaign = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return fail(t`Not logged in`, t`Please sign in to create a campaign.`);
    const parsed = campaignNameField.safeParse(name);
    if (!parsed.success) return setNameError(parsed.error.issues[0].message);
    setNameError(undefined);
    const now = Date.now();
    createCampaign.mutate(
      {
        name: parsed.data,
        description: t`Created from the upload test page`,
        // A draft: a campaign goes live only with an asset (step 2 adds one; its page publishes it).
        status: 'draft',
        organizationId: user.organizationId ?? undefined,
        startDate: new Date(now).toISOString(),
        endDate: new Date(now + TEST_CAMPAIGN_DAYS * DAY_MS).toISOString(),
      },
      {
        onSuccess: (c) => {
          setCampaign(c);
          const created = c.name;
          toast({
            title: t`Campaign created`,
            description: t`"${created}" is a draft: add an asset, then publish it to run for ${days} days.`,
          });
        },
        onError: (err) => {
          const { title, description } = creationFailure(err, 'campaign');
          fail(title, description);
        },
      },
    );
  };

  const submitAsset = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return fail(t`Not logged in`, t`Please sign in to create an asset.`);
    if (!campaign) return fail(t`No campaign`, t`Create a campaign in step 1 first.`);
    if (!uploaded) return fail(t`No file uploaded`, t`Upload a file before creating the asset.`);
    createAsset.mutate(
      {
        title,
        type: uploaded.mimetype.startsWith('video/') ? 'video' : 'image',
        content: uploaded.url,
        campaignId: campaign.id,
        organizationId: campaign.organizationId,
      },
      {
        onSuccess: (a) => {
          // A debug page's own campaign is a draft: its assets never wait for review.
          if (!('review' in a)) setAsset(a);
          toast({
            title: t`Asset created`,
            description: t`Your asset has been created and saved successfully`,
          });
        },
        onError: (err) => {
          const { title, description } = creationFailure(err, 'asset');
          fail(title, description);
        },
      },
    );
  };

  return (
    <main className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">
            <Trans>Test File Upload</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Create a campaign, then upload a file and turn it into an asset.</Trans>
          </p>
        </div>
        <Button variant="outline" onClick={reset}>
          <RotateCcwIcon aria-hidden /> <Trans>Reset</Trans>
        </Button>
      </div>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">
            <Trans>Step 1: Create a campaign</Trans>
          </h2>
          <CardDescription>
            <Trans>The test campaign runs for {days} days from today.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {campaign ? (
            <p className="flex items-center gap-2 text-sm" data-testid="upload-test-campaign">
              <CheckCircle2Icon aria-hidden className="size-4 text-success" />
              <CampaignCreated name={campaign.name} id={campaign.id} />
            </p>
          ) : (
            <form onSubmit={submitCampaign} noValidate className="space-y-3">
              <FormField id="upload-test-name" label={t`Campaign name`} error={nameError}>
                <Input
                  dir="auto"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  {...fieldAria('upload-test-name', nameError)}
                />
              </FormField>
              <Button type="submit" disabled={createCampaign.isPending}>
                {createCampaign.isPending ? t`Creating...` : t`Create Campaign`}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">
            <Trans>Step 2: Upload a file and create an asset</Trans>
          </h2>
          <CardDescription>
            <Trans>Images (PNG, JPEG, GIF, WebP) or videos (MP4, WebM, QuickTime), up to 5MB.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-2">
            <FileUploadField
              label={t`File`}
              accept="image/*,video/*"
              uploadLabel={t`Upload File`}
              flow={flow}
              onUploaded={setUploaded}
            />
            {uploaded && (
              <div className="space-y-2">
                <p className="break-all text-sm">
                  <UploadedTo url={uploaded.url} />
                </p>
                <AssetMedia
                  asset={{
                    type: uploaded.mimetype.startsWith('video/') ? 'video' : 'image',
                    content: uploaded.url,
                  }}
                  label={t`Uploaded file`}
                  compact
                  className="h-32 w-auto"
                />
              </div>
            )}
          </div>
          <form onSubmit={submitAsset} noValidate className="space-y-3">
            <FormField id="upload-test-title" label={t`Asset title`}>
              <Input
                id="upload-test-title"
                dir="auto"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
              />
            </FormField>
            <Button type="submit" disabled={createAsset.isPending}>
              {createAsset.isPending ? t`Creating...` : t`Create Asset`}
            </Button>
          </form>
          {asset && campaign && (
            <p className="flex items-center gap-2 text-sm" data-testid="upload-test-asset">
              <CheckCircle2Icon aria-hidden className="size-4 text-success" />
              <AssetCreated title={asset.title} />
              <Link to={`/campaigns/${campaign.id}`} className="text-primary underline">
                <Trans>View campaign</Trans>
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

// The page's sentences around names people typed (kept in their own direction).
function CampaignCreated({ name, id }: { name: string; id: number }) {
  return (
    <span>
      <Trans>
        Campaign "<bdi>{name}</bdi>" created (#{id})
      </Trans>
    </span>
  );
}

function AssetCreated({ title }: { title: string }) {
  return (
    <span>
      <Trans>
        Asset "<bdi>{title}</bdi>" created.
      </Trans>
    </span>
  );
}

function UploadedTo({ url }: { url: string }) {
  return (
    <Trans>
      Uploaded to <code dir="ltr">{url}</code>
    </Trans>
  );
}
