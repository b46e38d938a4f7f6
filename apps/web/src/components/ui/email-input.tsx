import type { ComponentPropsWithRef } from 'react';
import { Input } from './input';

/** An e-mail field: the e-mail keyboard, the address the browser knows, no capital first letter. */
export function EmailInput(props: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  return <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" {...props} />;
}
