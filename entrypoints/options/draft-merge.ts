/*
 * Three-way merges for an options field that has unsaved edits when another page's change to its
 * setting arrives (use-draft.ts): `mine` is what the field holds, `base` the saved value it last
 * took, `theirs` the value just pushed. What changed elsewhere since `base` is applied; what the
 * user changed here since `base` stays (docs/decisions.md, "Options fields follow pushes").
 */

/**
 * A list: entries are matched by `key`. An entry removed elsewhere goes unless it was changed here;
 * one changed elsewhere is taken unless it was changed here; one added elsewhere comes after the
 * user's (unless the user has it already). Entries the user added, removed or changed stay so;
 * `same` says whether two entries of one key are alike (by default: their keys suffice).
 */
export function mergeList<T>(
  mine: readonly T[],
  base: readonly T[],
  theirs: readonly T[],
  key: (entry: T) => string,
  same: (a: T, b: T) => boolean = () => true,
): T[] {
  const before = new Map(base.map((entry) => [key(entry), entry]));
  const after = new Map(theirs.map((entry) => [key(entry), entry]));
  const merged: T[] = [];
  for (const entry of mine) {
    const was = before.get(key(entry));
    const now = after.get(key(entry));
    if (was === undefined || !same(entry, was)) merged.push(entry);
    else if (now !== undefined) merged.push(same(entry, now) ? entry : now);
  }
  const have = new Set(mine.map(key));
  return [...merged, ...theirs.filter((entry) => !before.has(key(entry)) && !have.has(key(entry)))];
}

/** Fields side by side: each field takes the value from elsewhere unless it was changed here. */
export function mergeFields<D extends object>(mine: D, base: D, theirs: D): D {
  const merged = { ...theirs };
  for (const field of Object.keys(mine) as (keyof D)[]) {
    if (!Object.is(mine[field], base[field])) merged[field] = mine[field];
  }
  return merged;
}
