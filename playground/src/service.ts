/** The shapes the page's parts share: a named item of the scope picker, and a search hit as the results table reads it. */

export interface Named {
  readonly id: string;
  readonly name: string;
}

export type Hit = Readonly<Record<string, unknown>>;
