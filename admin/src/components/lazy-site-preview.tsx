// The live preview's code in a chunk of its own (admin budget: 150 KB gzipped for a screen's first
// load): the editor shows at once, and the preview's column is held by an empty box of the same
// place until its code is there (a few KB, well before the first preview answers).
import { lazy, Suspense } from 'react';
import type { SitePreviewProps } from './site-preview';

const Preview = lazy(async () => ({ default: (await import('./site-preview')).SitePreview }));

export function SitePreview(props: SitePreviewProps) {
  return (
    <Suspense fallback={<section className="site-preview site-preview-beside" aria-busy="true" />}>
      <Preview {...props} />
    </Suspense>
  );
}
