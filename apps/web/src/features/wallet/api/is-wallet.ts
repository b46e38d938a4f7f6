import type { Wallet } from '@kreyolcash/domain';

/**
 * Whether a value has the wallet's shape (three safe integers of centis). A plain check rather
 * than the domain's walletSchema: the home reads wallets from the realtime stream and from this
 * device's storage, and zod (~24 kB gzipped) should not load with the home for that. The server,
 * which sends these wallets, validates them with the schema.
 */
export function isWallet(value: unknown): value is Wallet {
  if (typeof value !== 'object' || value === null) return false;
  const wallet = value as Record<string, unknown>;
  return ['saldo_centis', 'reservado_centis', 'disponivel_centis'].every((key) =>
    Number.isSafeInteger(wallet[key]),
  );
}
