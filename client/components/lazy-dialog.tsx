import { Suspense, type ComponentType } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { A11Y_MSG } from '../../common/messages.ts';
import { lazyChunk } from '../lib/lazy-chunk.ts';

/**
 * A dialog whose code is a chunk of its own, loaded the first time it opens (docs/decisions/0036-first-visit-budget.md):
 * the calendar paints without the forms, their checks and zod. While the chunk loads, a small note at the top of the
 * window says that something is on its way (and is read by screen readers); the dialog then opens as it always did.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazyChunk(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={<DialogLoading />}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

export function DialogLoading() {
  return (
    <div className="lazy-loading shadow-sm" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" /> {A11Y_MSG.loading}
    </div>
  );
}
