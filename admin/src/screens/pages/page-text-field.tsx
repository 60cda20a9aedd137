// The page's "Tekst" field (issue 40): the formatted-text editor (rich-text/rich-text-editor.tsx),
// loaded on its own chunk the first time a page editor opens, so no other screen of the admin
// downloads ProseMirror. Until it arrives, the field's label and a box of its size hold its place.
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text/rich-text-editor';

const RichTextEditor = lazy(() =>
  import('./rich-text/rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

export function PageTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="field page-text-field" aria-busy="true">
          <span className="field-label">{props.label}</span>
          <div className="page-text-loading" style={{ minHeight: `${props.rows * 1.6 + 5}em` }} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
