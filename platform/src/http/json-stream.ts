import { Readable } from 'node:stream';

/**
 * A JSON object written as it is read: the `head` fields first, then each array a batch at a
 * time, so a large download neither holds all of it in memory nor blocks the event loop while it
 * is serialised (each batch is a turn of the loop).
 */
export function jsonObjectStream(
  head: Record<string, unknown>,
  arrays: Record<string, AsyncIterable<readonly unknown[]>>,
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    const fields = Object.entries(head).map(
      ([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value ?? null)}`,
    );
    yield `{${fields.join(',')}`;
    for (const [key, batches] of Object.entries(arrays)) {
      yield `${fields.length > 0 || key !== Object.keys(arrays)[0] ? ',' : ''}${JSON.stringify(key)}:[`;
      let first = true;
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        yield (first ? '' : ',') + batch.map((item) => JSON.stringify(item)).join(',');
        first = false;
      }
      yield ']';
    }
    yield '}\n';
  }
  return Readable.from(chunks());
}
