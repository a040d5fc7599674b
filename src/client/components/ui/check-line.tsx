import { Checkbox } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

/** A checkbox with its sentence beside it: the consent lines and opt-ins of the sharing dialogs. */
export function CheckLine({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <Checkbox id={id} className="mt-0.5" checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id} className="text-sm font-normal leading-snug">
        {children}
      </Label>
    </div>
  );
}

type BooleanKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V];

/** A CheckLine's `checked` and `onChange` for one yes/no of a value the form replaces as a whole. */
export function tickOf<V>(value: V, onChange: (value: V) => void, key: BooleanKey<V>) {
  return { checked: value[key] as boolean, onChange: (on: boolean) => onChange({ ...value, [key]: on }) };
}
