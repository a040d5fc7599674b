import type { FieldValues, Path } from 'react-hook-form';
import type { TextFieldSpec } from '#client/components/ui/form-field.tsx';

/** An account's username input: typed exactly as chosen, so phones must not capitalise it. */
export const usernameField = <T extends FieldValues>(
  id: string,
  name: Path<T>,
  label: string,
): TextFieldSpec<T> => ({
  id,
  name,
  label,
  autoComplete: 'username',
  autoCapitalize: 'none',
});
