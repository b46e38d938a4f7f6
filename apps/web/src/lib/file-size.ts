import { NUMBER_LOCALE } from '@kreyolcash/domain';

const MEGABYTE = 1024 * 1024;
const twoDecimals = new Intl.NumberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const twoDigits = new Intl.NumberFormat(NUMBER_LOCALE, { maximumSignificantDigits: 2 });

/**
 * A file's size in MB as the spec shows it (pt-BR, 2 decimals): "1,50", "0,03". A file under
 * 0,01 MB keeps two significant digits ("0,0029") rather than reading as an empty "0,00".
 */
export function megabytesOf(bytes: number): string {
  const megabytes = bytes / MEGABYTE;
  return megabytes >= 0.01 || bytes === 0 ? twoDecimals.format(megabytes) : twoDigits.format(megabytes);
}
