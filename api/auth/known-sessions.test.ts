// The front server's set of real session tokens (issue 48 item 6): bounded, the least recently seen
// token going first, and a forgotten token simply unknown again.
import { describe, expect, it } from 'vitest';
import { KnownSessions } from './known-sessions';

describe('KnownSessions', () => {
  it('holds at most its size, dropping the token seen longest ago, and forgets a dead one', () => {
    const known = new KnownSessions(3);
    for (const token of ['a', 'b', 'c']) known.add(token);
    // 'a' seen again: 'b' is now the oldest.
    known.add('a');
    known.add('d');
    expect([known.has('a'), known.has('b'), known.has('c'), known.has('d')]).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(known.size).toBe(3);
    known.delete('c');
    expect(known.has('c')).toBe(false);
    for (let i = 0; i < 1000; i++) known.add(`t${i}`);
    expect(known.size).toBe(3);
  });
});
