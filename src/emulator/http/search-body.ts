/**
 * A search answer's JSON, with each hit's text kept from one answer to the next: at 100 000
 * objects, encoding the ten hits of a page was about a sixth of a selective search's cost, and
 * the same hits are asked for again and again. A hit object is rebuilt on every change of its
 * data object (tenant-store.ts), so a text kept for it stays its JSON. The kept texts are let go
 * whole past a budget of characters (as the evaluator's analysis cache is), so they never hold
 * more than that, whatever is searched. Weakly: a hit that no store holds any more (PostgreSQL's,
 * made per answer) takes its text with it.
 */
import { JSON_TYPE } from './encode.js';
import { json, type Reply } from './reply.js';

/** About 16 MiB of one-byte text. */
export const HIT_TEXT_BUDGET = 16 * 1024 * 1024;

export class HitTexts {
  private texts = new WeakMap<object, string>();
  /** Characters kept since the last letting go: at least what is still held. */
  private size = 0;

  constructor(private readonly budget = HIT_TEXT_BUDGET) {}

  /** `JSON.stringify(hit)`, kept for the next answer. */
  of(hit: object): string {
    let text = this.texts.get(hit);
    if (text === undefined) {
      text = JSON.stringify(hit);
      if (this.size + text.length > this.budget) {
        this.texts = new WeakMap();
        this.size = 0;
      }
      if (text.length <= this.budget) {
        this.texts.set(hit, text);
        this.size += text.length;
      }
    }
    return text;
  }
}

/**
 * The 200 of a search, byte for byte `json(200, body)`'s encoding (keys in the same order:
 * hits, total, diagnostics), with the hits' texts from `texts`. An answer too long for one string
 * goes back to `json`, whose encoding answers the 400 that says so (encode.ts).
 */
export function searchBody(
  texts: HitTexts,
  hits: readonly object[],
  total: number,
  diagnostics: readonly unknown[] | undefined,
): Reply {
  const body = diagnostics === undefined ? { hits, total } : { hits, total, diagnostics };
  let text: string;
  try {
    let list = '';
    for (let i = 0; i < hits.length; i++) list += (i === 0 ? '' : ',') + texts.of(hits[i]!);
    text = `{"hits":[${list}],"total":${total}${diagnostics === undefined ? '' : `,"diagnostics":${JSON.stringify(diagnostics)}`}}`;
  } catch (e) {
    if (e instanceof RangeError) return json(200, body);
    throw e;
  }
  return { status: 200, headers: { 'Content-Type': JSON_TYPE }, body: Buffer.from(text, 'utf8') };
}
