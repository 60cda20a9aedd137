import { describe, expect, it } from 'vitest';
import type { QuoteJson } from '../../../../contracts/quotes';
import { isEmptyLine, parsedLine, startingLines, withAddedLine } from './quote-line-form';

const draft = { lines: [], deductionSchemes: ['craft'] } as unknown as QuoteJson;

function shape(lines: ReturnType<typeof startingLines>) {
  return lines.map(({ kind, text, price, unit, deduction }) => ({ kind, text, price, unit, deduction }));
}

describe('a draft tilbud’s lines', () => {
  it('starts a new tilbud with Arbejdsløn at the Timepris and an empty Materialer line', () => {
    expect(shape(startingLines(draft, 52_000))).toEqual([
      { kind: 'labour', text: 'Arbejdsløn', price: '520,00', unit: 'hours', deduction: 'craft' },
      { kind: 'materials', text: '', price: '', unit: 'pieces', deduction: null },
    ]);
    // Without a Timepris both lines are empty, so an untouched one is left out when saving.
    expect(startingLines(draft, 0).every(isEmptyLine)).toBe(true);
  });

  it('keeps the saved lines of a draft', () => {
    const saved = {
      ...draft,
      lines: [
        { kind: 'other', text: 'Stillads', quantityHundredths: 150, unit: 'fixed', unitPriceOre: 123_450 },
      ],
    } as unknown as QuoteJson;
    const [line] = startingLines(saved, 52_000);
    expect(line).toMatchObject({ kind: 'other', text: 'Stillads', quantity: '1,5', price: '1.234,50' });
  });

  it('adds a line of a kind after the last of that kind, at the last price typed for it', () => {
    const start = startingLines(draft, 52_000);
    const labour = withAddedLine(start, 'labour', ['craft'], 52_000);
    expect(labour.lines.map((line) => line.kind)).toEqual(['labour', 'labour', 'materials']);
    expect(labour.lines[1]).toBe(labour.added);
    expect(labour.added).toMatchObject({ text: '', price: '520,00', deduction: 'craft' });
    // The owner changed the first line's price: the next labour line takes it.
    const typed = labour.lines.map((line, index) => (index === 1 ? { ...line, price: '650' } : line));
    expect(withAddedLine(typed, 'labour', ['craft'], 52_000).added.price).toBe('650');
    // A kind with no price typed yet starts empty; one not there yet goes last.
    const driving = withAddedLine(typed, 'driving', ['craft'], 52_000);
    expect(driving.lines.at(-1)).toBe(driving.added);
    expect(driving.added).toMatchObject({ kind: 'driving', unit: 'km', price: '' });
    // After a named line (Enter in its price): right after it.
    const afterFirst = withAddedLine(typed, 'labour', ['craft'], 0, typed[0]?.key);
    expect(afterFirst.lines.indexOf(afterFirst.added)).toBe(1);
  });

  it('reads what was typed as øre and hundredths', () => {
    const [labour] = startingLines(draft, 52_000);
    expect(parsedLine({ ...(labour as NonNullable<typeof labour>), quantity: '7,5' })).toMatchObject({
      quantityHundredths: 750,
      unitPriceOre: 52_000,
      quantityOk: true,
      priceOk: true,
    });
    expect(parsedLine({ ...(labour as NonNullable<typeof labour>), price: 'ti' }).priceOk).toBe(false);
  });
});
