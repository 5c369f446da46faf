/** The demo client's access token from the emulator at `url` (see demo-token.mjs). */
export function demoToken(url: string): Promise<string>;
