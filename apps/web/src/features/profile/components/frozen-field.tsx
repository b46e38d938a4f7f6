import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type FrozenFieldProps = { label: string; hint: string; value: string; type?: 'text' | 'tel' };

/** What a frozen account cannot change (the server says account_frozen): shown as it is, with why. */
export function FrozenField({ label, hint, value, type = 'text' }: FrozenFieldProps) {
  return (
    <Field label={label} hint={hint}>
      {(control) => <Input {...control} type={type} value={value} readOnly disabled />}
    </Field>
  );
}
