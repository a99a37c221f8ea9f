/** The keys of a record whose keys are `K` (the fields of a form). */
export function keysOf<K extends string>(record: Record<K, unknown>): K[] {
  // Object.keys answers string[]: the record was built with exactly the keys K.
  return Object.keys(record) as K[];
}
