/**
 * `Intl.Segmenter`'s word segments of a long text, in windows. V8's segment iterator
 * (Node 20) costs time in the length of its whole input for every segment it returns,
 * so one pass over a text of n words costs n times its length: 40 000 words of `é `
 * took 3 s, a value of 80 KB of `漢 ` 21 s, and a search held the emulator for minutes.
 *
 * Each window is segmented alone, and only the segments that end a lookahead short of
 * its end are taken: word boundaries depend on a few characters either side (UAX #29),
 * so those are the boundaries the whole text has. The next window starts where the
 * last segment taken ended, a boundary, as the start of a text is one. A text that
 * fits in one window is segmented exactly as before.
 */

/** Characters per window, beyond which a segment is left to the next one. */
const WINDOW = 2048;
/** Characters segmented past the window, so that the boundaries inside it are decided as in the whole text. */
const LOOKAHEAD = 256;

/** Calls `visit` with each segment of `text` (its text, its offset in `text`, and whether it is word-like), in order. */
export function forEachWordSegment(
  segmenter: Intl.Segmenter,
  text: string,
  visit: (segment: string, index: number, isWordLike: boolean) => void,
): void {
  let start = 0;
  let size = WINDOW;
  while (start < text.length) {
    const end = Math.min(text.length, start + size + LOOKAHEAD);
    const limit = end === text.length ? end : start + size;
    // A window widened for one segment longer than WINDOW takes that segment alone: the
    // short ones after it would cost the widened length each.
    const firstOnly = size > WINDOW;
    let taken = start;
    for (const s of segmenter.segment(
      end - start === text.length ? text : text.slice(start, end),
    )) {
      const segmentEnd = start + s.index + s.segment.length;
      if (segmentEnd > limit) break;
      visit(s.segment, start + s.index, s.isWordLike === true);
      taken = segmentEnd;
      if (firstOnly) break;
    }
    if (taken === start) {
      size *= 2;
    } else {
      start = taken;
      size = WINDOW;
    }
  }
}
