import { describe, expect, it } from 'vitest';
import { moveItem, normalizeMenuOrder } from './page-order';

const PAGES = [
  { id: 'home', type: 'homepage' },
  { id: 'om', type: 'page' },
  { id: 'ydelser', type: 'page' },
];

describe('normalizeMenuOrder', () => {
  it('keeps the owner order and visibility of the other pages', () => {
    expect(
      normalizeMenuOrder(PAGES, [
        { id: 'home', showInMenu: true },
        { id: 'ydelser', showInMenu: false },
        { id: 'om', showInMenu: true },
      ]),
    ).toEqual([
      { id: 'home', showInMenu: true },
      { id: 'ydelser', showInMenu: false },
      { id: 'om', showInMenu: true },
    ]);
  });

  it('moves the homepage first and never hides it', () => {
    expect(
      normalizeMenuOrder(PAGES, [
        { id: 'om', showInMenu: true },
        { id: 'home', showInMenu: false },
        { id: 'ydelser', showInMenu: true },
      ]),
    ).toEqual([
      { id: 'home', showInMenu: true },
      { id: 'om', showInMenu: true },
      { id: 'ydelser', showInMenu: true },
    ]);
  });

  it('refuses an order that misses, repeats or invents a page', () => {
    const entry = (id: string) => ({ id, showInMenu: true });
    expect(normalizeMenuOrder(PAGES, [entry('home'), entry('om')])).toBeNull();
    expect(normalizeMenuOrder(PAGES, [entry('home'), entry('om'), entry('om')])).toBeNull();
    expect(normalizeMenuOrder(PAGES, [entry('home'), entry('om'), entry('andet')])).toBeNull();
    expect(normalizeMenuOrder(PAGES, [entry('home'), entry('om'), entry('ydelser'), entry('x')])).toBeNull();
  });
});

describe('moveItem', () => {
  it('moves an item up or down one place', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is at either end', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
