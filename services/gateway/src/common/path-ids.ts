/** `1,2,3` of a delete path as ids; anything else fails the service's validation of `ids`. */
export function idsOf(path: string): { ids: number[] } {
  return { ids: path.split(',').map((part) => (/^\d+$/.test(part) ? Number(part) : NaN)) };
}

/** A numeric path id (the service validates it: a bad one is a 400). */
export function idOf(path: string): { id: number } {
  return { id: /^\d+$/.test(path) ? Number(path) : NaN };
}
