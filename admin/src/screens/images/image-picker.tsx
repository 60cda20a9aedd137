// A dialog listing the image archive; choosing one hands its URL back (the pages editor's gallery,
// hero and side images). Native <dialog>: focus moves in, Escape closes, focus returns to the opener.
import { useEffect, useRef } from 'react';
import { useResource } from '../../api/use-resource';
import { Skeleton } from '../../components/skeleton';
import { ImageThumb } from './image-thumb';
import { type ImageJson, loadImages } from './images-api';
import './images.css';

export interface ImagePickerProps {
  open: boolean;
  title?: string;
  onPick(url: string, image: ImageJson): void;
  onClose(): void;
}

export function ImagePicker({ open, title = 'Vælg billede fra arkivet', onPick, onClose }: ImagePickerProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', cancel);
    return () => dialog.removeEventListener('cancel', cancel);
  }, [onClose]);

  return (
    <dialog ref={ref} className="image-picker" aria-labelledby="image-picker-title">
      <h2 id="image-picker-title">{title}</h2>
      {open ? <PickerList onPick={onPick} /> : null}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Annuller
        </button>
      </div>
    </dialog>
  );
}

// Mounted only while the dialog is open, so every opening shows the archive as it is now.
function PickerList({ onPick }: { onPick: ImagePickerProps['onPick'] }) {
  const list = useResource(loadImages);
  if (list.data === null) {
    if (list.error && !list.loading) {
      return (
        <div className="notice notice-error" role="alert">
          <p>{list.error}</p>
          <button type="button" className="button button-secondary" onClick={() => void list.reload()}>
            Prøv igen
          </button>
        </div>
      );
    }
    return <Skeleton label="Henter billeder…" />;
  }
  if (list.data.images.length === 0) {
    return <p>Arkivet er tomt. Upload billeder under Billedearkiv først.</p>;
  }
  return (
    <ul className="image-grid image-picker-grid" aria-label="Billeder i arkivet">
      {list.data.images.map((image) => (
        <li key={image.id}>
          <button
            type="button"
            className="image-picker-choice"
            aria-label={`Vælg ${image.name}`}
            onClick={() => onPick(image.url, image)}
          >
            <ImageThumb image={image} sizes="160px" />
          </button>
        </li>
      ))}
    </ul>
  );
}
