import { Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { inputStyles } from './input';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  showLabel: string;
  hideLabel: string;
};

/** A password field with a show/hide toggle (a 44 px button inside the field). */
export function PasswordInput({ showLabel, hideLabel, className, ...props }: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <div className="relative">
      <input
        type={isVisible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn(inputStyles, 'pr-14', className)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={isVisible ? hideLabel : showLabel}
        aria-pressed={isVisible}
        className="absolute inset-y-0.5 right-0.5 grid w-12 place-items-center rounded-xl text-slate-600 hover:text-slate-900"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
