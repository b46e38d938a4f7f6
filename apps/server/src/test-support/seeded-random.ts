/** A small seeded generator (mulberry32): the same seed replays the same run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed from `envName` when given (to replay a failure), else a fresh one. */
export function seedFrom(envName: string): number {
  const given = Number(process.env[envName]);
  return Number.isFinite(given) && given > 0 ? given : Math.floor(Math.random() * 1_000_000_000);
}
