// Counting things in Danish: the singular for exactly one, the plural otherwise ("1 billede",
// "2 billeder", "0 billeder"), never "billede(r)".

/** `count` with the noun that fits it: countOf(2, 'billede', 'billeder') is "2 billeder". */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString('da-DK')} ${count === 1 ? one : many}`;
}
