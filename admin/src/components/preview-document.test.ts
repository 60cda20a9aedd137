import { describe, expect, it } from 'vitest';
import { changedPath, type DiffNode } from './preview-document';

/** A tiny element tree: [tag, text or children]; outerHTML as a browser would write it. */
type Spec = [string, string | Spec[]];

function node([tag, content]: Spec): DiffNode {
  const children = typeof content === 'string' ? [] : content.map(node);
  const inner = typeof content === 'string' ? content : children.map((child) => child.outerHTML).join('');
  return { tagName: tag.toUpperCase(), outerHTML: `<${tag}>${inner}</${tag}>`, children };
}

const PAGE: Spec = [
  'body',
  [
    ['header', [['nav', 'Om os Ydelser']]],
    ['section', [['h1', 'Nyt tag på en uge']]],
    [
      'div',
      [
        ['h2', 'Vores ydelser'],
        ['p', 'Tage og vinduer.'],
        [
          'ul',
          [
            ['li', 'Nye tage'],
            ['li', 'Tagrender'],
          ],
        ],
      ],
    ],
    [
      'table',
      [
        ['tr', 'Mandag 7-16'],
        ['tr', 'Tirsdag 7-16'],
      ],
    ],
  ],
];

function edit(spec: Spec, path: number[], replace: (spec: Spec) => Spec | null): Spec {
  if (path.length === 0) return replace(spec) ?? spec;
  const [tag, content] = spec;
  if (typeof content === 'string') return spec;
  const [first, ...rest] = path;
  const children = content.flatMap((child, index) => {
    if (index !== first) return [child];
    if (rest.length === 0) {
      const next = replace(child);
      return next ? [next] : [];
    }
    return [edit(child, rest, replace)];
  });
  return [tag, children];
}

describe('where two versions of the preview first differ', () => {
  it('is nowhere when only the styles changed', () => {
    expect(changedPath(node(PAGE), node(PAGE))).toBeNull();
  });

  it('is the heading whose words changed', () => {
    const after = edit(PAGE, [2, 0], () => ['h2', 'Det vi laver']);
    expect(changedPath(node(PAGE), node(after))).toEqual([2, 0]);
    const title = edit(PAGE, [1, 0], () => ['h1', 'Tag på en uge']);
    expect(changedPath(node(PAGE), node(title))).toEqual([1, 0]);
  });

  it('is the row of the hours that changed, and an item deep in a list', () => {
    const hours = edit(PAGE, [3, 1], () => ['tr', 'Tirsdag 7-15.30']);
    expect(changedPath(node(PAGE), node(hours))).toEqual([3, 1]);
    const item = edit(PAGE, [2, 2, 1], () => ['li', 'Tagrender i zink']);
    expect(changedPath(node(PAGE), node(item))).toEqual([2, 2, 1]);
  });

  it('is an added element itself, and the parent of a removed one', () => {
    const [, children] = PAGE as [string, Spec[]];
    const added: Spec = ['body', [...children, ['section', 'Få et tilbud']]];
    expect(changedPath(node(PAGE), node(added))).toEqual([4]);
    const removed = edit(PAGE, [2, 2, 1], () => null);
    expect(changedPath(node(PAGE), node(removed))).toEqual([2, 2]);
  });

  it('stops at an element that became another kind', () => {
    const after = edit(PAGE, [2, 1], () => ['h2', 'Tage og vinduer.']);
    expect(changedPath(node(PAGE), node(after))).toEqual([2, 1]);
  });
});
