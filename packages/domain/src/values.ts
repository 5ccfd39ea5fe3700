/** The values of an enumeration object, as its value type (internal: not in the public entry). */
export function valuesOf<T extends Record<string, string | number>>(o: T): readonly T[keyof T][] {
  return Object.values(o) as T[keyof T][];
}
