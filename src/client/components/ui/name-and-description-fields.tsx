import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { get } from 'react-hook-form';
import { DescriptionField, InputField } from './form-field.tsx';

/**
 * The name (or title) and optional description a form for something staff name opens
 * with (an asset, a template); the ids are `${uid}-${name}` and `${uid}-description`.
 */
export function NameAndDescriptionFields<T extends FieldValues & { description?: string | null }>({
  uid,
  name,
  label,
  register,
  errors,
}: {
  uid: string;
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const description = 'description' as Path<T>;
  const message = (field: Path<T>) => (get(errors, field) as FieldError | undefined)?.message;
  return (
    <>
      <InputField id={`${uid}-${name}`} label={label} error={message(name)} dir="auto" {...register(name)} />
      <DescriptionField id={`${uid}-description`} error={message(description)} {...register(description)} />
    </>
  );
}
