// A request's photos, large, in a modal dialog over the inbox (issue 39) instead of a raw image in a
// new tab: the native <dialog> keeps focus inside, Escape or "Luk" closes it and focus returns to the
// thumbnail that opened it; the arrow keys and "Forrige"/"Næste" move between a request's photos.
import type { KeyboardEvent } from 'react';
import type { LeadJson } from '../../../../contracts/leads';
import { useModalDialog } from '../../components/use-modal-dialog';

export interface LightboxProps {
  lead: LeadJson;
  /** The photo shown, from 0; null: closed. */
  index: number | null;
  onIndex(index: number): void;
  onClose(): void;
}

export function PhotoLightbox({ lead, index, onIndex, onClose }: LightboxProps) {
  const ref = useModalDialog(index !== null, onClose);
  const count = lead.photos.length;
  const photo = index === null ? undefined : lead.photos[index];
  const move = (step: number) => {
    if (index !== null && count > 1) onIndex((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };
  const title = index === null ? '' : `Billede ${index + 1} af ${count} fra ${lead.name}`;
  const titleId = `lightbox-${lead.id}-title`;

  return (
    <dialog ref={ref} className="lightbox" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      {photo && index !== null ? (
        <>
          <div className="lightbox-bar">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Luk
            </button>
          </div>
          <img
            className="lightbox-image"
            src={photo.url}
            alt={title}
            width={photo.width}
            height={photo.height}
          />
          <div className="lightbox-bar">
            {count > 1 ? (
              <span className="lightbox-nav">
                <button type="button" className="button button-ghost" onClick={() => move(-1)}>
                  Forrige
                </button>
                <button type="button" className="button button-ghost" onClick={() => move(1)}>
                  Næste
                </button>
              </span>
            ) : (
              <span />
            )}
            <a href={photo.url} download={`billede-${index + 1}.jpg`}>
              Hent billedet
            </a>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
