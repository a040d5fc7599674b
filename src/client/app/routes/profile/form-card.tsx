import { SectionCard } from '#client/components/ui/card.tsx';
import { SubmitButton } from '#client/components/ui/form-field.tsx';

/** A profile card that is one form: named by the card's title, its submit at the end. */
export function FormCard({
  id,
  title,
  description,
  onSubmit,
  submit,
  children,
}: {
  /** The form's id; its title is `${id}-title`, which names the form. */
  id: string;
  title: string;
  description: string;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  submit: { label: string; pendingLabel: string; pending: boolean };
  children: React.ReactNode;
}) {
  return (
    <SectionCard title={title} titleId={`${id}-title`} description={description}>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-4">
        {children}
        <div className="flex justify-end">
          <SubmitButton pending={submit.pending} pendingLabel={submit.pendingLabel}>
            {submit.label}
          </SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
