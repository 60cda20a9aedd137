// /admin/images (the spec's Screens Image archive, Validation rules, Error catalogue, Limits): the company's images in a grid, upload by file
// picker (images only, several at once, a progress bar per file) up to 15, delete with confirmation.
import { useCallback, useRef, useState } from 'react';
import { MAX_IMAGES } from '../../../../rules/images';
import { MESSAGES } from '../../../../rules/messages';
import { useResource } from '../../api/use-resource';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadState } from '../../components/load-state';
import { Skeleton } from '../../components/skeleton';
import { ImageThumb } from './image-thumb';
import { deleteImage, type ImageJson, type ImageListJson, loadImages } from './images-api';
import { imageCount } from './upload-plan';
import { UploadProgress } from './upload-progress';
import { useUploads } from './use-uploads';
import './images.css';

export function ImagesScreen() {
  const list = useResource(loadImages);
  const { setData } = list;
  const input = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<ImageJson | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const added = useCallback(
    (image: ImageJson) => setData((current) => withImages(current, [image, ...(current?.images ?? [])])),
    [setData],
  );
  const uploads = useUploads(added);

  if (list.data === null) {
    return (
      <section aria-labelledby="images-title">
        <h1 id="images-title">Billedearkiv</h1>
        <LoadState resource={list} loading={<Skeleton label="Henter billeder…" />} />
      </section>
    );
  }

  const { images, limit } = list.data;
  const full = images.length >= limit;

  const onPick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) await uploads.start(files, images.length);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await deleteImage(deleting.id);
      const gone = deleting.id;
      setData((current) =>
        withImages(
          current,
          (current?.images ?? []).filter((image) => image.id !== gone),
        ),
      );
      setDeleting(null);
    } catch (caught) {
      // The dialog stays open with the message, so the owner can try again or cancel.
      setDeleteError(caught instanceof Error ? caught.message : MESSAGES.imageDeleteFailed);
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <section aria-labelledby="images-title" className="images-screen">
      <div className="images-head">
        <div>
          <h1 id="images-title">Billedearkiv</h1>
          <p className="lead">
            Billeder du kan bruge på dine sider.{' '}
            <strong className="images-count">{imageCount(images.length)}</strong> billeder
          </p>
        </div>
        <div>
          {/* The button below opens the picker; hidden from screen readers so it is no second, unlabelled control. */}
          <input
            ref={input}
            id="image-upload"
            type="file"
            accept="image/*"
            multiple
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={onPick}
            disabled={full || uploads.busy}
          />
          <button
            type="button"
            className="button"
            onClick={() => input.current?.click()}
            disabled={full || uploads.busy}
          >
            {uploads.busy ? 'Uploader...' : 'Upload billeder'}
          </button>
        </div>
      </div>
      {full ? (
        <p className="notice notice-info" role="status">
          {MESSAGES.archiveFull}
        </p>
      ) : null}
      {uploads.error ? (
        <p className="form-error" role="alert">
          {uploads.error}
        </p>
      ) : null}
      {list.error ? (
        <p className="form-error" role="alert">
          {list.error}
        </p>
      ) : null}
      <UploadProgress entries={uploads.entries} />
      {images.length === 0 ? (
        <p className="images-empty">Du har ingen billeder endnu. Upload det første med knappen ovenfor.</p>
      ) : (
        <ul className="image-grid" aria-label="Billeder">
          {images.map((image) => (
            <li key={image.id} className="image-card">
              <ImageThumb image={image} alt={image.name} />
              <div className="image-card-foot">
                <span className="image-name" title={image.name}>
                  {image.name}
                </span>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`Slet ${image.name}`}
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(image);
                  }}
                >
                  Slet
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Slet billede"
        message={MESSAGES.deleteImageConfirm}
        confirmLabel="Slet"
        busyLabel="Sletter..."
        busy={deleteBusy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function withImages(current: ImageListJson | null, images: ImageJson[]): ImageListJson {
  const limit = current?.limit ?? MAX_IMAGES;
  return { images, limit, full: images.length >= limit };
}
