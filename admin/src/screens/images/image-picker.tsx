// A dialog listing the image archive; choosing one hands its URL back (the pages editor's gallery,
// hero and side images). Native <dialog>: focus moves in, Escape closes, focus returns to the opener.
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { Skeleton } from '../../components/skeleton';
import { useModalDialog } from '../../components/use-modal-dialog';
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
  const ref = useModalDialog(open, onClose);

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
  if (list.data === null)
    return <LoadState resource={list} loading={<Skeleton label="Henter billeder…" />} />;
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
