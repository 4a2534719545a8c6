/**
 * Binary search: the first index in `[0, length)` at which `isBefore` is false, for a predicate that
 * holds for a prefix of the indices and not after it (`length` when it holds for all).
 */
export function partitionPoint(length: number, isBefore: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (isBefore(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
