import { VERIFICATION_CODE_LENGTH } from '@kreyolcash/domain';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { type CodeEntry, eraseFromCode, newDigitsIn, typeIntoCode } from './code-cells';

type CodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  /** The group's accessible name ("Kòd 6 chif"). */
  label: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

const CELLS = Array.from({ length: VERIFICATION_CODE_LENGTH }, (_, index) => index);

/**
 * Six one-digit cells. Typing moves to the next cell, Backspace goes back, and a pasted code (or
 * the keyboard's one-time-code suggestion) fills all six at once.
 */
export function CodeInput({
  value,
  onChange,
  label,
  invalid,
  describedBy,
  disabled,
  autoFocus,
}: CodeInputProps) {
  const { t } = useTranslation('marketplace');
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
          inputMode="numeric"
          pattern="[0-9]*"
          // Lets the keyboard offer a code it has seen; whichever cell takes it, all six fill.
          autoComplete="one-time-code"
          aria-label={t('purchase.verify.digit', { current: index + 1, total: VERIFICATION_CODE_LENGTH })}
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
