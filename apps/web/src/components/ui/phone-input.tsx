import { sanitizePhoneInput } from '@kreyolcash/domain';
import type { ComponentPropsWithRef } from 'react';
import { Input } from './input';

type PhoneInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'inputMode'>;

/**
 * A phone field: the phone keypad, and only digits and a leading plus stay in it (spec §5);
 * `onChange` sees the cleaned value (a form's `register` fits as it is).
 */
export function PhoneInput({ onChange, autoComplete = 'tel', ...props }: PhoneInputProps) {
  return (
    <Input
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      onChange={(event) => {
        event.target.value = sanitizePhoneInput(event.target.value);
        onChange?.(event);
      }}
    />
  );
}
