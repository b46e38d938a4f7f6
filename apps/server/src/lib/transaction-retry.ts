// PostgreSQL asks the client to retry these: the transaction did nothing and may simply run again.
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

export function isRetryableTransactionError(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: string })?.code ?? '');
}

/** Runs `work` again (with a short, growing, jittered pause) when the database says to retry. */
export async function withTransactionRetry<T>(
  work: () => Promise<T>,
  options: { attempts?: number; onRetry?: () => void } = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      options.onRetry?.();
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
