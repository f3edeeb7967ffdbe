/**
 * The foot of the widget's forms (the inquiry and an event's registration): one line on how the
 * details are used, linking to the college's privacy policy (PIPEDA), and the button row, Close
 * and Submit, which stays in view at the bottom of a dialog that scrolls (form.css).
 */
interface FormFooterProps {
  /** The sentence before the privacy policy link. */
  use: string;
  origin: string;
  onClose: () => void;
  sending: boolean;
  /** Submit's label while not sending. */
  submit: string;
  /** Submit disabled for another reason than sending (e.g. the event closed meanwhile). */
  blocked?: boolean;
}

export function FormFooter({ use, origin, onClose, sending, submit, blocked = false }: FormFooterProps) {
  return (
    <>
      <p className="ci-privacy">
        {use}{' '}
        <a href={`${origin}/privacy-policy`} target="_blank" rel="noopener">
          Privacy policy
        </a>
      </p>
      <div className="ci-actions">
        <button type="button" className="ci-button ci-close" onClick={onClose}>
          Close
        </button>
        <button type="submit" className="ci-button ci-submit" disabled={sending || blocked} aria-busy={sending}>
          {sending ? 'Sending...' : submit}
        </button>
      </div>
    </>
  );
}
