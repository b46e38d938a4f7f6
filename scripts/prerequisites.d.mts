// Types of prerequisites.mjs for the TypeScript that imports it (the benches, the e2e config).
export function chromiumPath(): string;
export function journeyChromiumPath(): string;
export function missingChromium(path?: string): string | undefined;
export function missingWebBuild(dir: string): string | undefined;
export function missingPostgres(url: string, variable: string): Promise<string | undefined>;
export function missingRedis(url: string, variable: string): Promise<string | undefined>;
export function missingRoot(why: string): string | undefined;
export function exitIfMissing(command: string, problems: (string | undefined)[]): void;
