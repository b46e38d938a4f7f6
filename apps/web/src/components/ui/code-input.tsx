import { VERIFICATION_CODE_LENGTH } from '@kreyolcash/domain';
import {
  type ClipboardEvent,
  type ComponentPropsWithRef,
  type KeyboardEvent,
  useEffect,
  useRef,
} from 'react';
import { cn } from '@/lib/cn';
import { type CodeEntry, digitsOf, eraseFromCode, newDigitsIn, typeIntoCode } from './code-cells';
import { Input } from './input';

// Both entries of a WhatsApp code: the numeric keypad, and the keyboard's offer of a code it has
// just seen in a message (`one-time-code`).
const codeKeyboard = { inputMode: 'numeric', autoComplete: 'one-time-code' } as const;

type CodeInputProps = Omit<ComponentPropsWithRef<'input'>, 'inputMode' | 'autoComplete'>;

/**
 * The code in one field. It keeps digits only, 6 at most, so a pasted "123 456" or "Kòd: 123456"
 * still gives the code; `onChange` sees the cleaned value (a form's `register` fits as it is).
 */
export function CodeInput({ onChange, className, ...props }: CodeInputProps) {
  return (
    <Input
      {...props}
      {...codeKeyboard}
      onChange={(event) => {
        event.target.value = digitsOf(event.target.value).slice(0, VERIFICATION_CODE_LENGTH);
        onChange?.(event);
      }}
      // The spacing also follows the last digit: the same on the left keeps the code centred.
      className={cn(
        'pl-[calc(1rem+0.4em)] text-center text-3xl! font-bold tracking-[0.4em] tabular-nums',
        className,
      )}
    />
  );
}

type CodeCellsProps = {
  value: string;
  onChange: (value: string) => void;
  /** The group's accessible name ("Kòd 6 chif"). */
  label: string;
  /** Each cell's accessible name ("Chif 2 sou 6"). */
  digitLabel: (current: number, total: number) => string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

const CELLS = Array.from({ length: VERIFICATION_CODE_LENGTH }, (_, index) => index);

/**
 * The code in six one-digit cells. Typing moves to the next cell, Backspace goes back, and a pasted
 * code (or the keyboard's one-time-code suggestion) fills all six at once.
 */
export function CodeCells({
  value,
  onChange,
  label,
  digitLabel,
  invalid,
  describedBy,
  disabled,
  autoFocus,
}: CodeCellsProps) {
  const cells = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (autoFocus) cells.current[0]?.focus();
  }, [autoFocus]);

  function apply(entry: CodeEntry) {
    if (entry.value !== value) onChange(entry.value);
    const cell = cells.current[entry.focus];
    cell?.focus();
    cell?.select();
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(eraseFromCode(value, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      cells.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < Math.min(value.length, VERIFICATION_CODE_LENGTH - 1)) {
      event.preventDefault();
      cells.current[index + 1]?.focus();
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    apply(typeIntoCode(value, index, event.clipboardData.getData('text')));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a visible legend; the label is the form's.
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      className="flex justify-between gap-2"
    >
      {CELLS.map((index) => (
        <input
          key={index}
          ref={(element) => {
            cells.current[index] = element;
          }}
          value={value[index] ?? ''}
          onChange={(event) =>
            apply(typeIntoCode(value, index, newDigitsIn(event.target.value, value[index] ?? '')))
          }
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          // Whichever cell takes the keyboard's suggested code, all six fill.
          {...codeKeyboard}
          pattern="[0-9]*"
          aria-label={digitLabel(index + 1, VERIFICATION_CODE_LENGTH)}
          aria-invalid={invalid ? true : undefined}
          disabled={disabled}
          className={cn(
            'h-14 w-full min-w-0 rounded-xl border border-slate-300 bg-white text-center text-2xl font-bold text-slate-900 tabular-nums',
            'focus:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600',
            'aria-[invalid=true]:border-accent-600 disabled:bg-slate-100',
          )}
        />
      ))}
    </div>
  );
}
