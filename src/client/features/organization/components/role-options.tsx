import { SelectField } from '#client/components/ui/form-field.tsx';
import { Options } from '#client/components/ui/options.tsx';
import { roleLabel } from '#client/features/auth/index.ts';

/** The `<option>`s of a role picker, each named as the rest of the app names roles. */
export function RoleOptions({ roles }: { roles: readonly string[] }) {
  return <Options items={roles} value={(r) => r} label={roleLabel} />;
}

/** A labelled picker of one of `roles`. */
export function RoleField<R extends string>({
  id,
  label,
  roles,
  value,
  onChange,
}: {
  id: string;
  label: string;
  roles: readonly R[];
  value: R;
  onChange: (role: R) => void;
}) {
  return (
    <SelectField id={id} label={label} value={value} onChange={(e) => onChange(e.target.value as R)}>
      <RoleOptions roles={roles} />
    </SelectField>
  );
}
