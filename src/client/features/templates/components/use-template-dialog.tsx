import { zodResolver } from '@hookform/resolvers/zod';
import { FileTextIcon, ImageIcon, VideoIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type Template,
  type UseTemplateFormInput,
  useTemplateFormSchema,
} from '#shared/schemas/templates.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';

const TYPE_ICONS = { image: ImageIcon, video: VideoIcon, text: FileTextIcon };

/**
 * 'Use this template': nothing is created until the user names the campaign, has
 * seen the starter texts, and picks 'Create Campaign' (live) or 'Save as draft'.
 */
export function UseTemplateDialog({
  template,
  pending,
  onConfirm,
  onOpenChange,
}: {
  template: Template;
  pending: boolean;
  onConfirm: (input: { name: string; status: 'active' | 'draft' }) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const uid = useId();
  const nameId = `${uid}-name`;
  const [asDraft, setAsDraft] = useState(false);
  const { register, handleSubmit, formState } = useForm<UseTemplateFormInput>({
    resolver: zodResolver(useTemplateFormSchema),
    defaultValues: { name: template.name },
  });
  const error = formState.errors.name?.message;
  const submitAs = (status: 'active' | 'draft') =>
    handleSubmit(({ name }) => {
      setAsDraft(status === 'draft');
      onConfirm({ name, status });
    });

  return (
    <Dialog open onOpenChange={(open) => !pending && onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Use the {template.name} template</DialogTitle>
          <DialogDescription>
            Name your campaign. It starts with these {template.assets.length} starter{' '}
            {template.assets.length === 1 ? 'asset' : 'assets'}, which you can edit afterwards.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submitAs('active')} noValidate className="space-y-4">
          <FormField id={nameId} label="Campaign name" error={error}>
            <Input dir="auto" autoComplete="off" {...fieldAria(nameId, error)} {...register('name')} />
          </FormField>
          <section aria-labelledby={`${uid}-starters`} className="space-y-2">
            <h3 id={`${uid}-starters`} className="text-sm font-semibold">
              Starter assets
            </h3>
            <ul className="max-h-64 space-y-2 overflow-y-auto">
              {template.assets.map((a, i) => {
                const Icon = TYPE_ICONS[a.type] ?? FileTextIcon;
                return (
                  <li key={i} className="rounded-md border border-border p-3 text-sm" dir="auto">
                    <p className="flex items-center gap-2 font-medium">
                      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" /> {a.title}
                    </p>
                    {a.type === 'text' ? (
                      <p className="mt-1 whitespace-pre-line text-muted-foreground">{a.content}</p>
                    ) : (
                      <p className="mt-1 break-all text-muted-foreground">{a.content}</p>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={submitAs('draft')}>
              {pending && asDraft ? 'Saving...' : 'Save as draft'}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && !asDraft ? 'Creating campaign...' : 'Create Campaign'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
