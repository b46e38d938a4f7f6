// What `npm start` says while it works: a first start installs and builds for a few minutes, and a
// silent terminal for that long reads as a hang. Each step says what it does when it starts, then
// every STILL_WORKING_MS that it is still at it, then how long it took.
const STILL_WORKING_MS = 15_000;

/** Runs work() between a line that names the step and one that says how long it took. */
export async function withProgress(step, work) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  console.log(`${step}…`);
  const ticker = setInterval(
    () => console.log(`  … still ${lowerFirst(step)} (${seconds()} s)`),
    STILL_WORKING_MS,
  );
  try {
    return await work();
  } finally {
    clearInterval(ticker);
    console.log(`${step}: done in ${seconds()} s`);
  }
}

const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);
