// A modal question with two answers, on the native <dialog> (focus moves into it, Escape cancels,
// focus returns to the opener). Used for deleting pages and images (the spec's Validation rules confirmations).
import { useModalDialog } from './use-modal-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  busy?: boolean;
  /** A failure of the confirmed action, shown inside the dialog. */
  error?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onCancel } = props;
  const ref = useModalDialog(open, onCancel);

  return (
    <dialog ref={ref} aria-labelledby="confirm-title" aria-describedby="confirm-message">
      <h2 id="confirm-title">{props.title}</h2>
      <p id="confirm-message">{props.message}</p>
      {props.error ? (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={props.busy}>
          Annuller
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={props.onConfirm}
          disabled={props.busy}
        >
          {props.busy && props.busyLabel ? props.busyLabel : props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
