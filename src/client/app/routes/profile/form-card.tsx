import { useId } from 'react';
import { SectionCard } from '#client/components/ui/card.tsx';
import { SubmitButton } from '#client/components/ui/form-field.tsx';

/** A profile card that is one form: named by the card's title, its submit at the end. */
export function FormCard({
  title,
  description,
  onSubmit,
  submit,
  children,
}: {
  /** The card's title, which names the form. */
  title: string;
  description: string;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  submit: { label: string; pendingLabel: string; pending: boolean };
  children: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <SectionCard title={title} titleId={titleId} description={description}>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="space-y-4">
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
