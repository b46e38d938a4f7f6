import { describe, expect, it } from 'vitest';
import { eraseFromCode, newDigitsIn, typeIntoCode } from './code-cells';

describe('the 6-cell code entry', () => {
  it('fills all six cells from a pasted code, whichever cell got the paste', () => {
    expect(typeIntoCode('', 0, '482913')).toEqual({ value: '482913', focus: 5 });
    expect(typeIntoCode('12', 3, ' 482 913 ')).toEqual({ value: '482913', focus: 5 });
    expect(typeIntoCode('', 2, 'Kòd ou se *4829137*')).toEqual({ value: '482913', focus: 5 });
  });

  it('moves to the next cell after each digit, and puts a digit typed past the end in the first empty cell', () => {
    expect(typeIntoCode('', 0, '4')).toEqual({ value: '4', focus: 1 });
    expect(typeIntoCode('4', 1, '8')).toEqual({ value: '48', focus: 2 });
    expect(typeIntoCode('48', 5, '2')).toEqual({ value: '482', focus: 3 });
    expect(typeIntoCode('48291', 5, '3')).toEqual({ value: '482913', focus: 5 });
  });

  it('replaces a digit typed over an existing one, and ignores what is not a digit', () => {
    expect(typeIntoCode('482913', 2, '7')).toEqual({ value: '487913', focus: 3 });
    expect(typeIntoCode('48', 2, 'a')).toEqual({ value: '48', focus: 2 });
  });

  it('erases the cell’s digit, or the previous one from an empty cell', () => {
    expect(eraseFromCode('482913', 5)).toEqual({ value: '48291', focus: 5 });
    expect(eraseFromCode('48291', 5)).toEqual({ value: '4829', focus: 4 });
    expect(eraseFromCode('482', 1)).toEqual({ value: '42', focus: 1 });
    expect(eraseFromCode('', 0)).toEqual({ value: '', focus: 0 });
  });

  it('finds the new digit when the caret sat beside the old one', () => {
    expect(newDigitsIn('37', '3')).toBe('7');
    expect(newDigitsIn('73', '3')).toBe('7');
    expect(newDigitsIn('33', '3')).toBe('3');
    expect(newDigitsIn('7', '3')).toBe('7');
    expect(newDigitsIn('482913', '')).toBe('482913');
  });
});
