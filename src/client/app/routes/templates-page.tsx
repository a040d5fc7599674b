import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { PlusIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CreateStatus } from '#shared/campaign-lifecycle.ts';
import { TEMPLATE_REDIRECT_EXTRA_MS, TEMPLATE_REDIRECT_MS } from '#shared/constants.ts';
import type { Template } from '#shared/schemas/templates.ts';
import { CUSTOM_TEMPLATE_CATEGORY, TEMPLATE_CATEGORIES } from '#shared/templates.ts';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { keptDraftForReview } from '#client/lib/review-toast.ts';
import { creationFailure } from '#client/lib/creation-error.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { useOrgId } from '#client/features/auth/index.ts';
import { RoleLocked } from '#client/features/organization/index.ts';
import {
  useApplyTemplate,
  useTemplates,
  CreateTemplateDialog,
  TemplateCard,
  categoryLabel,
  UseTemplateDialog,
} from '#client/features/templates/index.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

const CATEGORY_ORDER: string[] = [...TEMPLATE_CATEGORIES, CUSTOM_TEMPLATE_CATEGORY];

function byCategory(templates: Template[]): [string, Template[]][] {
  const groups = new Map<string, Template[]>();
  groups.set(CUSTOM_TEMPLATE_CATEGORY, []);
  for (const t of templates) groups.set(t.category, [...(groups.get(t.category) ?? []), t]);
  const rank = (c: string) =>
    CATEGORY_ORDER.includes(c) ? CATEGORY_ORDER.indexOf(c) : CATEGORY_ORDER.length;
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b));
}

const slug = (category: string) => `category-${category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** /templates: start a campaign from a template, or save one of your own. */
export default function TemplatesPage() {
  const orgId = useOrgId();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const templates = useTemplates();
  const apply = useApplyTemplate();
  const [usingId, setUsingId] = useState<string | null>(null);
  const [picked, setPicked] = useState<Template | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const use = (template: Template, input: { name: string; status: CreateStatus }) => {
    setUsingId(template.id);
    apply.mutate(
      { templateId: template.id, ...input },
      {
        onSuccess: ({ campaign, keptDraft }) => {
          setPicked(null);
          const name = campaign.name;
          const templateName = template.name;
          toast(
            keptDraft
              ? keptDraftForReview(name)
              : {
                  title: input.status === 'draft' ? t`Draft saved` : t`Campaign created`,
                  description: t`"${name}" was created from the ${templateName} template`,
                },
          );
          // Refresh after 1.5 s (the new campaign is listed by then), then go to the campaigns 100 ms later.
          timers.current.push(
            setTimeout(() => {
              void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns });
              timers.current.push(
                setTimeout(() => {
                  const org = orgId ?? campaign.organizationId;
                  // The list opens on the new campaign's status (Drafts for a draft).
                  navigate(`/#campaigns?refresh=true&org=${org}&status=${campaign.status}&t=${Date.now()}`);
                }, TEMPLATE_REDIRECT_EXTRA_MS),
              );
            }, TEMPLATE_REDIRECT_MS),
          );
        },
        onError: (err) => {
          setUsingId(null);
          toast({ ...creationFailure(err, 'campaign'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <main className="mx-auto max-w-6xl space-y-8 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">
            <Trans>Campaign Templates</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Start a campaign with ready-made assets, then make it your own.</Trans>
          </p>
        </div>
        <RoleLocked
          needs="editor"
          variant="outline"
          label={
            <>
              <PlusIcon aria-hidden /> <Trans>Create Custom Template</Trans>
            </>
          }
        >
          <CreateTemplateDialog orgId={orgId} />
        </RoleLocked>
      </div>

      {templates.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t`Loading templates`} />
        </div>
      ) : templates.isError ? (
        <QueryError title={t`Failed to fetch templates`} query={templates} />
      ) : (
        byCategory(templates.data).map(([category, list]) => (
          <section key={category} aria-labelledby={slug(category)} className="space-y-3">
            <h2 id={slug(category)} className="text-xl font-semibold">
              {categoryLabel(i18n, category)}
            </h2>
            {list.length === 0 && (
              <p className="text-sm text-muted-foreground">
                <Trans>
                  No custom templates yet: use 'Create Custom Template' to save one of your campaigns.
                </Trans>
              </p>
            )}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((template) => (
                <li key={template.id}>
                  <TemplateCard
                    template={template}
                    busy={usingId === template.id}
                    disabled={usingId !== null}
                    onUse={() => setPicked(template)}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {picked && (
        <UseTemplateDialog
          template={picked}
          pending={apply.isPending}
          onConfirm={(input) => use(picked, input)}
          onOpenChange={(open) => !open && setPicked(null)}
        />
      )}
    </main>
  );
}
