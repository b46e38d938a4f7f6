/** Ten-thousandths of a gourde per ₭ as people write it: 10 000 → `1`, 12 500 → `1,25`. */
export function formatHtgPerKc(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 10_000);
  const fraction = String(basisPoints % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  const wholeText = String(whole).replace(/\B(?=(\d{3})+$)/g, '.');
  return fraction ? `${wholeText},${fraction}` : wholeText;
}
