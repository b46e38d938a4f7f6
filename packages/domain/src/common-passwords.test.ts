import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

describe('isCommonPassword', () => {
  it('knows about two hundred of the most common passwords, none shorter than the minimum, none twice', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(200);
    expect(COMMON_PASSWORDS.filter((password) => password.length < PASSWORD_MIN_LENGTH)).toEqual([]);
    const lowerCased = COMMON_PASSWORDS.map((password) => password.toLowerCase());
    expect(new Set(lowerCased).size).toBe(lowerCased.length);
  });

  it('recognises the obvious local choices', () => {
    const local = ['kreyolcash', 'haiti123', 'ayiti123', 'port-au-prince', 'azerty', '123456789', 'password'];
    const moreLocal = ['motdepasse', 'modpas123', 'bonjou', 'mesi123', 'bondye', 'moncash'];
    for (const password of [...local, ...moreLocal]) expect(isCommonPassword(password)).toBe(true);
  });

  it('ignores case and surrounding spaces', () => {
    for (const password of ['PassWord', 'KREYOLCASH', 'KreyolCash', ' azerty ', 'Port-Au-Prince'])
      expect(isCommonPassword(password)).toBe(true);
  });

  it('lets an uncommon password through', () => {
    for (const password of ['Lakay-2024!', 'mango tree by the sea', 'kreyolcash-ti-kay-mwen', 'secret1'])
      expect(isCommonPassword(password)).toBe(false);
  });
});
